import Assistant
import Audio
import Foundation
import Hearing
import Voice
import Vocabulary
import Intents

/// Makes test audio: espeak-ng's voice at 16 kHz with half a second of silence around it.
enum TestVoice {
    static func audio(_ text: String, voice: String = "en-us", rateFactor: Double = 0.9) throws -> [Int16] {
        let synthesizer = try SpeechSynthesizer(configuration: SpeechConfiguration(voice: voice, rateFactor: rateFactor))
        let spoken = Resampler.resample(try synthesizer.samples(for: text), from: synthesizer.sampleRate, to: AudioFormat.sampleRate)
        let silence = [Int16](repeating: 0, count: AudioFormat.samples(milliseconds: 500))
        return silence + spoken + silence
    }
}

/// The checkout's recogniser inputs, compiled into a temporary state directory.
enum TestModel {
    static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func compiled() throws -> CompiledModel {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("recognition-\(UUID())")
        let locations = VocabularyLocations(
            grammarDirectory: checkout.appendingPathComponent("Grammars"),
            pronunciationsFile: checkout.appendingPathComponent("Models/pronunciations.tsv"),
            curriculumDirectory: checkout.appendingPathComponent("curriculum"),
            userVocabulary: nil, modelDirectory: state.appendingPathComponent("model"))
        return try RecognitionModel.prepare(locations, garbageWeight: HearingTuning.shipped.decoding.garbageWeight).get().0
    }

    static func recognizer(_ mode: Recognizer.Mode) throws -> Recognizer {
        var settings = RecognitionSettings()
        settings.independentUtterances = true
        return try Recognizer(mode: mode, settings: settings)
    }
}

extension Intent {
    /// The intent as `recognize --json` names it: a command id, a reference, or nil.
    var expectedForm: String? {
        switch self {
        case .command(let command): return command.id
        case .lookup(let reference): return reference.compact
        case .answer(let text): return "answer:\(text)"
        case .rejected: return nil
        }
    }
}

/// A room's steady noise for the test audio: pink noise (a fan, a television's hiss) from a
/// fixed seed, mixed in at a signal-to-noise ratio measured on the speech, as
/// scripts/lib/speech_corpus.py mixes it.
enum TestNoise {
    static func mixed(_ speech: [Int16], snr decibels: Double, seed: UInt64 = 7) -> [Int16] {
        mix(speech, pink(count: speech.count, seed: seed), snr: decibels)
    }

    /// `speech` with `noise` (at least as long) added at `decibels` below the speech's level.
    static func mix(_ speech: [Int16], _ noise: [Double], snr decibels: Double) -> [Int16] {
        let noiseLevel = rms(noise.prefix(speech.count))
        let gain = speechLevel(speech) / (max(noiseLevel, 1e-9) * pow(10, decibels / 20))
        return zip(speech, noise).map { s, n in Int16(clamping: Int((Double(s) + gain * n).rounded())) }
    }

    /// Root mean square of `values` (0 for none).
    static func rms(_ values: some Collection<Double>) -> Double {
        (values.reduce(0) { $0 + $1 * $1 } / Double(max(1, values.count))).squareRoot()
    }

    /// RMS over the loudest half of 20 ms frames: the speech, not the silence around it.
    static func speechLevel(_ samples: [Int16]) -> Double {
        let frame = 320
        let energies = stride(from: 0, to: max(0, samples.count - frame), by: frame).map { start in
            samples[start..<(start + frame)].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(frame)
        }.sorted(by: >)
        let loud = energies.prefix(max(1, energies.count / 2))
        return (loud.reduce(0, +) / Double(max(1, loud.count))).squareRoot()
    }

    /// The next value of the fixtures' seeded generator (a 64-bit linear congruential step).
    static func next(_ state: inout UInt64) -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state
    }

    /// Pink noise: white noise from a seeded generator through Paul Kellett's filter.
    static func pink(count: Int, seed: UInt64) -> [Double] {
        var state = seed
        var b = [Double](repeating: 0, count: 7)
        return (0..<count).map { _ in
            let white = Double(Int64(bitPattern: next(&state)) >> 11) / Double(1 << 52)
            b[0] = 0.99886 * b[0] + white * 0.0555179
            b[1] = 0.99332 * b[1] + white * 0.0750759
            b[2] = 0.96900 * b[2] + white * 0.1538520
            b[3] = 0.86650 * b[3] + white * 0.3104856
            b[4] = 0.55000 * b[4] + white * 0.5329522
            b[5] = -0.7616 * b[5] - white * 0.0168980
            let value = b[0] + b[1] + b[2] + b[3] + b[4] + b[5] + b[6] + white * 0.5362
            b[6] = white * 0.115926
            return value
        }
    }
}

/// Real rooms for the test audio: the one-second recordings of Speech Commands' `_silence_`
/// folder in `../shared/speech` (dishes, a running tap, an exercise bike, quiet rooms; or
/// `$BIBLE_COURSE_SPEECH`), each brought to one level and strung together in a seeded
/// order, mixed in at a signal-to-noise ratio measured on the speech, as
/// scripts/lib/speech_sets.py makes its noise beds.
enum RoomNoise {
    static var folder: URL {
        let speech = ProcessInfo.processInfo.environment["BIBLE_COURSE_SPEECH"].map { URL(fileURLWithPath: $0) }
            ?? TestModel.checkout.deletingLastPathComponent().appendingPathComponent("shared/speech")
        return speech.appendingPathComponent("speech-commands/_silence_")
    }

    /// Every cut at one level, in name order, read once per test run (or why one could not
    /// be read); digital silence is left out.
    static let cuts = Result<[[Double]], any Error> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return try names.filter { $0.hasSuffix(".wav") }.sorted().compactMap { name -> [Double]? in
            let cut = try WAVFile.read(folder.appendingPathComponent(name))
            let level = TestNoise.rms(cut.map(Double.init))
            return level < 3 ? nil : cut.map { Double($0) * 3_000 / level }
        }
    }

    static func mixed(_ speech: [Int16], snr decibels: Double, seed: UInt64 = 7) throws -> [Int16] {
        let cuts = try cuts.get()
        guard !cuts.isEmpty else { throw Missing(folder: folder.path) }
        var state = seed
        var bed: [Double] = []
        while bed.count < speech.count {
            bed += cuts[Int(TestNoise.next(&state) >> 33) % cuts.count]
        }
        return TestNoise.mix(speech, bed, snr: decibels)
    }

    struct Missing: Error, CustomStringConvertible {
        let folder: String
        var description: String {
            "no room recordings in \(folder): put the speech corpus in ../shared/speech or set BIBLE_COURSE_SPEECH"
        }
    }
}
