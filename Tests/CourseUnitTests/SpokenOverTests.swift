import Course
import Foundation
import Intents
import Testing

/// A loudspeaker with a person beside it who says `input` over the sentence `cutAt` the
/// first time it is spoken: the speech stops there, as the daemon's hearing speaker stops.
final class InterruptedSpeaker: SessionSpeaker {
    let cutAt: String
    let input: HeardInput
    private(set) var spoken: [String] = []
    private var cut = false

    init(cutAt: String, input: HeardInput) {
        self.cutAt = cutAt
        self.input = input
    }

    func speak(_ text: String) -> SpeakerOutcome {
        spoken.append(text)
        guard text == cutAt, !cut else { return SpeakerOutcome(played: .seconds(2)) }
        cut = true
        return SpeakerOutcome(played: .seconds(1), cutBy: SpokenOver(input: input, intent: .control(.pause), text: "pause"))
    }

    func play(_ recording: URL) -> SpeakerOutcome { speak(recording.path) }
}

@Suite("SessionDriver: speech the person cuts short")
struct SpokenOverTests {
    /// The fixture curriculum with a context segment of three sentences.
    static func curriculum() throws -> URL {
        var fixture = CurriculumFixture()
        fixture.editSegment("tc_01", 3) { $0["audio_script"] = "First context sentence. Second context sentence. Third context sentence." }
        return try fixture.write()
    }

    static func session(_ curriculum: URL, _ store: ProgressStore, speaker: any SessionSpeaker, records: RecordList) -> TextSession {
        var ports = SessionDriver.Ports(courseID: "tc", loader: CurriculumLoader(directory: curriculum, displayRoot: "curriculum"),
                                        store: store, passages: FixedTextBible(), speaker: speaker, clock: VirtualSessionClock())
        ports.hearsWhileSpeaking = true
        return TextSession(ports: ports, emit: { records.items.append($0) })
    }

    @Test("\"pause\" over a segment's second sentence holds it there through a restart; \"continue\" says it again and the rest")
    func pauseRestartContinue() throws {
        let curriculum = try Self.curriculum()
        let state = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: curriculum); try? FileManager.default.removeItem(at: state) }

        let first = RecordList()
        let speaker = InterruptedSpeaker(cutAt: "Second context sentence.", input: .control(.pause))
        let before = Self.session(curriculum, try ProgressStore(stateDirectory: state), speaker: speaker, records: first)
        before.start()
        for line in ["Begin the lesson", "Read the passage", "Explain the context"] { before.receive(line) }
        #expect(before.state == .contextReady)
        #expect(first.said(.segment).suffix(2) == ["First context sentence.", "Second context sentence."])
        #expect(first.replies.last == Reply.paused.text)
        #expect(!speaker.spoken.contains("Third context sentence."), "nothing after the held sentence is said")
        #expect(try ProgressStore(stateDirectory: state).savedSession()
                == SavedSession(state: .contextReady, lessonID: "tc_01", heldSentence: 1))
        before.finish()
        #expect(before.state == .contextReady, "no timer moves a held segment on")

        // The daemon restarts: still paused; "continue" resumes at the held sentence.
        let second = RecordList()
        let after = Self.session(curriculum, try ProgressStore(stateDirectory: state), speaker: SilentSpeaker(), records: second)
        after.start()
        #expect(after.state == .contextReady && second.said(.segment).isEmpty)
        after.receive("continue")
        #expect(second.said(.segment) == ["Second context sentence.", "Third context sentence."])
        #expect(after.state == .analysisReady)
        #expect(try ProgressStore(stateDirectory: state).savedSession()?.heldSentence == nil)
    }

    @Test("\"stop\" over a reply ends it and changes nothing else")
    func stopOverAReply() throws {
        let curriculum = try Self.curriculum()
        let state = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: curriculum); try? FileManager.default.removeItem(at: state) }
        let records = RecordList()
        let speaker = InterruptedSpeaker(cutAt: Reply.noLessonActive.text, input: .refusal)
        let session = Self.session(curriculum, try ProgressStore(stateDirectory: state), speaker: speaker, records: records)
        session.start()
        session.receive("Explain the context")
        #expect(session.state == .idle)
        #expect(records.replies == [Reply.noLessonActive.text])
        session.receive("Begin the lesson")
        #expect(session.state != .idle, "the session still hears its commands")
    }
}
