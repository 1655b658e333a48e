import Audio
import Foundation
import Testing

/// The stand-in loudspeaker of `run --paced-playback` takes as long as a loudspeaker would,
/// and is cut short like one. Real time: it sleeps.
@Suite("Paced playback", .serialized)
struct PacedAudioSinkTests {
    static let rate = 22_050

    static func seconds(_ work: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try work()
        return (ContinuousClock.now - start).seconds
    }

    @Test("a sound takes its own length to play, and what is queued before it plays first")
    func takesAsLongAsPlaying() throws {
        let sink = PacedAudioSink()
        let took = try Self.seconds {
            try sink.queue([Int16](repeating: 0, count: Self.rate / 5), sampleRate: Self.rate)
            try sink.play([Int16](repeating: 0, count: Self.rate * 3 / 10), sampleRate: Self.rate)
        }
        #expect(took >= 0.49 && took < 1.5, "took \(took) s for 0.5 s of sound")
    }

    @Test("queueing returns once what was queued fits in the device's buffer, as with a loudspeaker")
    func queueingKeepsPace() throws {
        let sink = PacedAudioSink()
        let piece = [Int16](repeating: 0, count: Self.rate / 10)
        let took = try Self.seconds { for _ in 0..<6 { try sink.queue(piece, sampleRate: Self.rate) } }
        // 0.6 s queued, the last 0.1 s of it in the buffer when the last call returns.
        #expect(took >= 0.45 && took < 1.2, "queueing 0.6 s took \(took) s")
        sink.stop()
    }

    @Test("stop from another thread ends the sound at once, and the next plays whole")
    func stopCutsItShort() throws {
        let sink = PacedAudioSink()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { sink.stop() }
        let cut = try Self.seconds { try sink.play([Int16](repeating: 0, count: Self.rate * 3), sampleRate: Self.rate) }
        #expect(cut < 1.5, "a 3 s sound stopped after 0.2 s took \(cut) s")
        let next = try Self.seconds { try sink.play([Int16](repeating: 0, count: Self.rate / 5), sampleRate: Self.rate) }
        #expect(next >= 0.19 && next < 1, "the next 0.2 s took \(next) s")
    }
}
