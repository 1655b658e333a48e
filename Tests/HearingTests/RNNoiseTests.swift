import Audio
import Foundation
import Testing
import SpeechFixtures

/// RNNoise as the recogniser uses it: installed by scripts/setup.sh, loaded at run time,
/// taking real rooms' noise out of a real person's speech.
@Suite("RNNoise", .serialized)
struct RNNoiseTests {
    @Test("the library scripts/setup.sh installs loads")
    func loads() throws {
        let rnnoise = try #require(RNNoise.shared, "\(RNNoise.loadProblem ?? "")")
        #expect(rnnoise.path.hasSuffix("librnnoise.so"))
    }

    /// A real person (CMU AN4) in a real room's noise (Speech Commands' room recordings).
    static func noisySpeech(snr: Double) throws -> [Int16] {
        let folder = RoomNoise.folder.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("an4/wav/an4test_clstk")
        return try RoomNoise.mixed(try WAVFile.read(folder.appendingPathComponent("fcaw/an406-fcaw-b.wav")), snr: snr)
    }

    /// `samples` through a new stream in pieces of `piece` samples.
    static func cleaned(_ samples: [Int16], piece: Int) throws -> [Int16] {
        let stream = try #require(RNNoise.shared.flatMap(RNNoiseStream.init), "\(RNNoise.loadProblem ?? "")")
        return stride(from: 0, to: samples.count, by: piece).flatMap {
            stream.process(Array(samples[$0..<min(samples.count, $0 + piece)]))
        }
    }

    @Test("a person's speech in a real room's noise at 6 dB comes out as long, with the room pushed down")
    func takesTheRoomOut() throws {
        let noisy = try Self.noisySpeech(snr: 6)
        let cleaned = try Self.cleaned(noisy, piece: AudioFormat.samples(milliseconds: 100))
        #expect(cleaned.count == noisy.count)
        let before = NoiseSuppressor.signalToNoise(noisy), after = NoiseSuppressor.signalToNoise(cleaned)
        #expect(after >= before + 6, "signal-to-noise \(before) dB before, \(after) dB after")
    }

    @Test("the stream cleans the same whatever pieces the audio arrives in")
    func piecesLeaveNoMark() throws {
        let noisy = try Self.noisySpeech(snr: 12)
        let whole = try Self.cleaned(noisy, piece: noisy.count)
        #expect(try Self.cleaned(noisy, piece: 1_600) == whole)
        #expect(try Self.cleaned(noisy, piece: 333) == whole)
    }

    @Test("a library that is missing, or is not RNNoise, is refused with its path and why")
    func refusesOtherLibraries() throws {
        let missing = "/nonexistent/librnnoise.so"
        #expect { _ = try RNNoise(path: missing) } throws: { "\($0)".contains(missing) }
        let libm = ["/lib/x86_64-linux-gnu/libm.so.6", "/lib/aarch64-linux-gnu/libm.so.6"]
            .first { FileManager.default.fileExists(atPath: $0) }
        if let libm {
            #expect { _ = try RNNoise(path: libm) } throws: { "\($0)".contains("not an RNNoise library") }
        }
    }
}
