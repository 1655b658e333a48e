import Assistant
import Audio
import Course
import Foundation
import Testing
import Voice

/// A segment's `audio_file` through the daemon's own speaker: the recording's samples reach
/// the loudspeaker (a recording sink stands in for it), and `curriculum check`'s length
/// reading is the file's.
@Suite("Recorded narration through the daemon's speaker")
struct RecordedNarrationPlaybackTests {
    /// 1.5 s of a 440 Hz tone at 16 kHz, written as a WAV file.
    private func toneFile() throws -> (URL, [Int16]) {
        let samples = (0..<24_000).map { Int16(8000 * sin(2 * Double.pi * 440 * Double($0) / 16_000)) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("narration-\(UUID().uuidString.prefix(6)).wav")
        try WAVFile.write(samples, sampleRate: 16_000, to: url)
        return (url, samples)
    }

    @Test("the recording plays whole to the sink, at its own rate, and is accounted as played")
    func playsTheFile() throws {
        let (url, samples) = try toneFile()
        defer { try? FileManager.default.removeItem(at: url) }
        let sink = RecordingAudioSink()
        let speaker = SynthesizerSpeaker(synthesizer: try SpeechSynthesizer(), sink: sink)
        var beats = 0
        speaker.heartbeat = { beats += 1 }
        let outcome = speaker.play(url)
        #expect(outcome.failure == nil)
        #expect(abs(outcome.played / .seconds(1) - 1.5) < 0.01)
        #expect(sink.played.flatMap(\.samples) == samples)
        #expect(sink.played.allSatisfy { $0.sampleRate == 16_000 })
        #expect(beats >= 2, "the watchdog is fed between seconds")
        #expect(try CourseReadiness.recordingLength(url).get() == 1.5)
    }

    @Test("a CD-rate stereo recording plays at its own rate as one stream: only its end waits to be heard")
    func playsAtItsOwnRateWithoutGaps() throws {
        // 2.5 s at 44.1 kHz, two channels (a tone left, its half right), written by hand.
        let frames = 110_250
        let left = (0..<frames).map { Int16(8000 * sin(2 * Double.pi * 440 * Double($0) / 44_100)) }
        var data = Data()
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); u32(36 + frames * 4); data.append(contentsOf: Array("WAVEfmt ".utf8))
        u32(16); u16(1); u16(2); u32(44_100); u32(44_100 * 4); u16(4); u16(16)
        data.append(contentsOf: Array("data".utf8)); u32(frames * 4)
        for sample in left { u16(Int(UInt16(bitPattern: sample))); u16(Int(UInt16(bitPattern: sample / 2))) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("narration-\(UUID().uuidString.prefix(6)).wav")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        let sink = RecordingAudioSink()
        let outcome = SynthesizerSpeaker(synthesizer: try SpeechSynthesizer(), sink: sink).play(url)
        #expect(outcome.failure == nil)
        #expect(abs(outcome.played / .seconds(1) - 2.5) < 0.01)
        #expect(sink.played.allSatisfy { $0.sampleRate == 44_100 }, "not resampled")
        #expect(sink.played.flatMap(\.samples) == left.map { Int16((Int($0) + Int($0 / 2)) / 2) }, "both channels, averaged")
        #expect(sink.played.count == 3)
        #expect(sink.played.map(\.waitedUntilHeard) == [false, false, true], "queued back to back; the end waited for")
    }

    @Test("a file that is not audio is a failure of the file, not of the device")
    func notAudio() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("narration-\(UUID().uuidString.prefix(6)).wav")
        try Data("no audio here".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let sink = RecordingAudioSink()
        let outcome = SynthesizerSpeaker(synthesizer: try SpeechSynthesizer(), sink: sink).play(url)
        #expect(outcome.failure?.contains("not a RIFF/WAVE file") == true)
        #expect(!outcome.playbackFailed)
        #expect(sink.played.isEmpty)
        if case .failure(let problem) = CourseReadiness.recordingLength(url) {
            #expect(problem.reason.contains("not a RIFF/WAVE file"))
        } else {
            Issue.record("a file that is not audio has a length")
        }
    }
}
