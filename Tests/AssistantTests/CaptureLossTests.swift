import Assistant
import Audio
import Course
import Foundation
import Testing

/// Audio lost before it is heard is counted and told: the stand-in microphone of
/// `run --capture-file` overruns as a real one does when its reader is kept waiting, and
/// the capture thread counts what it drops when hearing falls behind.
@Suite("Lost audio", .serialized)
struct CaptureLossTests {
    /// Two seconds whose every sample tells where it is (its index / 8).
    static func ramp() throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("ramp-\(UUID().uuidString.prefix(6)).wav")
        try WAVFile.write((0..<(2 * AudioFormat.sampleRate)).map { Int16($0 / 8) }, to: file)
        return file
    }

    @Test("a reader that keeps up with the stand-in microphone loses nothing")
    func keepingUpLosesNothing() throws {
        let file = try Self.ramp()
        defer { try? FileManager.default.removeItem(at: file) }
        let source = PacedAudioSource(file: try WAVReader(file))
        let chunk = AudioFormat.samples(milliseconds: 100)
        let read = try (0..<5).flatMap { _ in try source.read(maxFrames: chunk) }
        #expect(source.overruns == 0)
        #expect(read == (0..<(5 * chunk)).map { Int16($0 / 8) })
    }

    @Test("a reader kept waiting past the microphone's buffer loses what was captured meanwhile")
    func waitingOverruns() throws {
        let file = try Self.ramp()
        defer { try? FileManager.default.removeItem(at: file) }
        let source = PacedAudioSource(file: try WAVReader(file))
        let chunk = AudioFormat.samples(milliseconds: 100)
        _ = try source.read(maxFrames: chunk)
        Thread.sleep(forTimeInterval: 0.6)
        let next = try source.read(maxFrames: chunk)
        #expect(source.overruns == 1)
        // What comes next was captured just now, not right after the first chunk.
        let position = Int(try #require(next.first)) * 8
        #expect(position >= AudioFormat.samples(milliseconds: 500), "resumed at sample \(position)")
    }

    @Test("audio the capture thread drops because hearing fell behind is counted")
    func droppedIsCounted() throws {
        let file = try Self.ramp()
        defer { try? FileManager.default.removeItem(at: file) }
        let capture = CaptureThread(source: PacedAudioSource(file: try WAVReader(file)), clock: MonotonicSessionClock(),
                                    maximumQueued: .milliseconds(300))
        capture.start()
        Thread.sleep(forTimeInterval: 1.2)
        capture.stop()
        capture.join()
        let dropped = Double(capture.droppedSamples) / Double(AudioFormat.sampleRate)
        #expect(dropped >= 0.5, "dropped \(dropped) s of 1.2 s with 0.3 s kept")
        #expect(capture.overruns == 0)
    }
}
