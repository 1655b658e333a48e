import Assistant
import Audio
import Foundation
import SpeechFixtures
import Testing

/// When hearing falls behind the microphone (a processor too slow for the noise cleaner),
/// the cleaner gives way and the daemon's last line says how often: real room noise, the
/// session's own listener, chunks told how late they are as the capture thread stamps them.
@Suite("Hearing behind the microphone", .serialized)
struct FallingBehindTests {
    /// The session hears `room` in capture chunks, each stamped `behind` before the session's
    /// clock reaches its end (never before the session began); its last line.
    static func lastLine(hearing room: [Int16], behind: Duration) throws -> String {
        let session = try SpokenSession()
        session.start()
        let chunk = AudioFormat.samples(milliseconds: AudioFormat.captureChunkMilliseconds)
        let length = Duration.milliseconds(AudioFormat.captureChunkMilliseconds)
        var end = Duration.zero
        for offset in stride(from: 0, to: room.count, by: chunk) {
            end += length
            session.runtime.hear(Array(room[offset..<min(room.count, offset + chunk)]), capturedAt: max(length, end - behind))
        }
        return session.runtime.finish()
    }

    @Test("two seconds behind in a loud room the cleaner gives way once, and the last line says so")
    func givingWayIsTold() throws {
        let line = try Self.lastLine(hearing: try RoomNoise.bed(seconds: 5), behind: .seconds(2))
        #expect(line.contains("the noise cleaner gave way once ("), "\(line)")
    }

    @Test("on time, it never gives way, and the last line says nothing of it")
    func onTimeSaysNothing() throws {
        let line = try Self.lastLine(hearing: try RoomNoise.bed(seconds: 5), behind: .zero)
        #expect(line.hasPrefix("session saved in state "))
        #expect(!line.contains("gave way"), "\(line)")
    }

    @Test("two seconds behind while it speaks, it stops hearing over its voice, speaks on, says so, and hears the next command")
    func hearingOverSpeechGivesWay() throws {
        for behind in [Duration.seconds(2), .zero] {
            let session = try SpokenSession(hearsWhileSpeaking: true)
            session.start()
            let microphone = try #require(session.runtime.microphoneWhileSpeaking)
            session.runtime.microphoneWhileSpeaking = { reached in
                microphone(reached).map { CaptureThread.Chunk(samples: $0.samples, capturedAt: $0.capturedAt - behind) }
            }
            #expect(session.say("Begin the lesson").states == [.lessonLoaded, .orientationPlaying, .readingReady])
            #expect(session.say("Read the passage").intents == [.command(.readPassage)], "heard once it fell quiet")
            let line = session.runtime.finish()
            #expect(line.contains("hearing over its own voice gave way") == (behind > .zero), "\(behind) behind: \(line)")
        }
    }
}
