import Audio
import Foundation
import Hearing
import Intents
import Testing
import SpeechFixtures

/// DeepFilterNet3 as the recogniser uses it (`denoiser = "deepfilter"`): installed by
/// scripts/setup.sh, loaded at run time, taking real rooms' noise out of a real person's
/// speech and out of commands in Piper's voice.
@Suite("DeepFilterNet3", .serialized)
struct DeepFilterTests {
    @Test("the library and model scripts/setup.sh installs load and set up")
    func loads() throws {
        let filter = try #require(DeepFilter.shared, "\(DeepFilter.loadProblem ?? "")")
        #expect(filter.path.hasSuffix("libdeepfilter.so"))
        #expect(filter.modelPath.hasSuffix(DeepFilter.modelName))
        #expect(DeepFilterStream(filter) != nil)
    }

    @Test("a library without its model beside it is refused, naming the model")
    func refusesALibraryWithoutItsModel() throws {
        let filter = try #require(DeepFilter.shared, "\(DeepFilter.loadProblem ?? "")")
        let missing = "/nonexistent/\(DeepFilter.modelName)"
        #expect { _ = try DeepFilter(path: filter.path, model: missing) } throws: { "\($0)".contains(missing) }
    }

    /// A real person (CMU AN4) as recorded.
    static func speech() throws -> [Int16] {
        let folder = RoomNoise.folder.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("an4/wav/an4test_clstk")
        return try WAVFile.read(folder.appendingPathComponent("fcaw/an406-fcaw-b.wav"))
    }

    /// `samples` through a new stream in pieces of `piece` samples, and its delay.
    static func cleaned(_ samples: [Int16], piece: Int) throws -> (samples: [Int16], delay: Int) {
        let stream = try #require(DeepFilter.shared.flatMap(DeepFilterStream.init), "\(DeepFilter.loadProblem ?? "")")
        let out = stride(from: 0, to: samples.count, by: piece).flatMap {
            stream.process(Array(samples[$0..<min(samples.count, $0 + piece)]))
        }
        return (out, stream.delaySamples)
    }

    @Test("a person's speech in a real room's noise at 6 dB comes out as long, with the room pushed down")
    func takesTheRoomOut() throws {
        let noisy = try RoomNoise.mixed(try Self.speech(), snr: 6)
        let cleaned = try Self.cleaned(noisy, piece: AudioFormat.samples(milliseconds: 100)).samples
        #expect(cleaned.count == noisy.count)
        let before = NoiseSuppressor.signalToNoise(noisy), after = NoiseSuppressor.signalToNoise(cleaned)
        #expect(after >= before + 20, "signal-to-noise \(before) dB before, \(after) dB after")
    }

    @Test("the cleaned stream runs exactly its delay behind the speech")
    func linesUpWithTheSpeech() throws {
        let speech = try Self.speech()
        let noisy = try RoomNoise.mixed(speech, snr: 12)
        let (cleaned, delay) = try Self.cleaned(noisy + [Int16](repeating: 0, count: 2_000), piece: 1_600)
        func match(_ lag: Int) -> Double {
            var sum = 0.0
            for n in 0..<speech.count where n + delay + lag >= 0 && n + delay + lag < cleaned.count {
                sum += Double(speech[n]) * Double(cleaned[n + delay + lag])
            }
            return sum
        }
        let best = (-40...40).max { match($0) < match($1) }
        #expect(best == 0, "the cleaned speech best matches \(best ?? 0) samples past the delay of \(delay)")
    }

    @Test("the stream cleans the same whatever pieces the audio arrives in")
    func piecesLeaveNoMark() throws {
        let noisy = try RoomNoise.mixed(try Self.speech(), snr: 12)
        let whole = try Self.cleaned(noisy, piece: noisy.count).samples
        #expect(try Self.cleaned(noisy, piece: 1_600).samples == whole)
        #expect(try Self.cleaned(noisy, piece: 333).samples == whole)
    }

    @Test("commands in Piper's voice in a real room's noise at 6 dB are heard through it")
    func commandsAreHeardInNoise() throws {
        let commands = Command.allCases
        try PiperVoice.prepare(commands.map { $0.phrase.lowercased() })
        let model = try TestModel.compiled()
        func heard(_ denoiser: Denoiser) throws -> (right: Int, wrong: [String]) {
            var settings = RecognitionSettings()
            settings.independentUtterances = true
            settings.denoiser = denoiser
            let recognizer = try Recognizer(compiled: model, settings: settings)
            #expect(recognizer.cleansStream == (denoiser != .webrtc))
            var right = 0
            var wrong: [String] = []
            for (index, command) in commands.enumerated() {
                let noisy = try RoomNoise.mixed(try PiperVoice.audio(command.phrase.lowercased()), snr: 6, seed: UInt64(index + 1))
                let got = RecordedSpeech.decision(try RecordedSpeech.recognize(noisy, with: recognizer))?.intent
                if got == .command(command) { right += 1 } else if let got, got.expectedForm != nil { wrong.append("\(got)") }
            }
            return (right, wrong)
        }
        let deepFilter = try heard(.deepfilter), webRTC = try heard(.webrtc)
        #expect(deepFilter.right >= 4 && deepFilter.right > webRTC.right,
                "DeepFilterNet3 heard \(deepFilter.right) of \(commands.count), WebRTC's suppressor \(webRTC.right)")
        #expect(deepFilter.wrong.isEmpty, "acted on wrongly: \(deepFilter.wrong)")
    }
}
