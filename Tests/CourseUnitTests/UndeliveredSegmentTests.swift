import Course
import Foundation
import Intents
import Scripture
import Testing

/// A loudspeaker that is not there (unplugged, or the device refuses): every sentence fails
/// as ALSA playback fails, after no time.
final class BrokenSpeaker: SessionSpeaker {
    func speak(_ text: String) -> SpeakerOutcome {
        SpeakerOutcome(played: .zero, failure: "playback device \"default\": No such device", playbackFailed: true)
    }

    func play(_ recording: URL) -> SpeakerOutcome {
        speak(recording.path)
    }
}

/// A Bible.db that cannot be read (corrupt, or removed after the start).
struct UnreadableBible: PassageSource {
    struct Malformed: Error, CustomStringConvertible {
        var description: String { "Bible.db: database disk image is malformed" }
    }

    func passage(_ reference: ScriptureReference) throws -> Passage {
        throw Malformed()
    }
}

/// The playing state of each segment, and the command that plays it again.
let playingStates: [(SessionState, SegmentType, resumesAt: SessionState, Command)] = [
    (.orientationPlaying, .orientation, .lessonLoaded, .readPassage),
    (.readingPlaying, .reading, .readingReady, .readPassage),
    (.contextPlaying, .context, .contextReady, .explainContext),
    (.analysisPlaying, .analysis, .analysisReady, .analyzeStructure),
    (.themesPlaying, .themes, .themesReady, .summarizeThemes),
    (.questionAsked, .question, .questionReady, .askQuestion),
    (.closePlaying, .close, .closeReady, .endLesson),
]

@Suite("A segment the person did not hear is not delivered")
struct UndeliveredSegmentTests {
    @Test("in every segment, a failed playback goes back to the segment's start, says so, starts no timer and completes nothing",
          arguments: playingStates.indices)
    func machineWaits(_ index: Int) throws {
        let (playing, segment, resumesAt, command) = playingStates[index]
        let lesson = try sampleLesson()
        var harness = Harness()
        let path = try #require(steps(to: playing == .orientationPlaying ? .readingReady : playing, lesson: lesson))
        // ORIENTATION_PLAYING is passed through: stop before its playback finished.
        harness.run(playing == .orientationPlaying ? Array(path.dropLast()) : path)
        try #require(harness.machine.state == playing)

        let effects = harness.send(.playbackFailed(segment))

        #expect(harness.machine.state == resumesAt)
        #expect(savedStates(effects) == [resumesAt])
        #expect(effects.compactMap(replyText) == ["That part of the lesson could not be played. Say '\(command.phrase)' to try again."])
        #expect(!effects.contains { if case .startTimer = $0 { true } else { false } })
        #expect(!effects.contains { if case .markLessonComplete = $0 { true } else { false } })
        #expect(!effects.contains { if case .playSegment = $0 { true } else { false } })
        // Its command plays it again.
        let again = harness.send(.command(command))
        #expect(again.contains { if case .playSegment(let playback) = $0 { playback.type == segment } else { false } })
    }

    @Test("a failed playback of another segment, or outside playback, changes nothing")
    func staleFailureIgnored() throws {
        let lesson = try sampleLesson()
        var harness = Harness()
        harness.run(try #require(steps(to: .contextReady, lesson: lesson)))
        #expect(harness.send(.playbackFailed(.reading)).isEmpty)
        #expect(harness.machine.state == .contextReady)
    }

    @Test("with no working speaker, a whole lesson's timers pass and the lesson is not recorded complete")
    func brokenSpeakerCompletesNothing() throws {
        let events = try runLesson(speaker: BrokenSpeaker(), bible: FixedTextBible(), commands: [])
        #expect(events.completed.isEmpty)
        #expect(events.state == .lessonLoaded)
        #expect(events.errors.count == 1, "the unplugged speaker is reported once: \(events.errors)")
        #expect(events.said(.segment).count == 1, "no segment after the first that failed")
    }

    @Test("with an unreadable Bible.db, the reading is not delivered and the lesson waits at it, never complete")
    func unreadableBibleCompletesNothing() throws {
        let commands = ["Read the passage", "Explain the context", "Analyze the structure", "Summarize the key themes",
                        "Ask the review question", "land descendants blessing", "End the lesson"]
        let events = try runLesson(speaker: SilentSpeaker(), bible: UnreadableBible(), commands: commands)
        #expect(events.completed.isEmpty)
        #expect(events.state == .readingReady)
        #expect(events.replies.contains("That part of the lesson could not be played. Say 'Read the passage' to try again."))
        #expect(events.errors.contains { $0.contains("malformed") })
    }

    /// What a text session over the fixture curriculum did when `commands` were typed after
    /// "Begin the lesson", every timer fired between them.
    private func runLesson(speaker: any SessionSpeaker, bible: any PassageSource, commands: [String]) throws -> LessonRun {
        let curriculum = try CurriculumFixture().write()
        let state = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: curriculum); try? FileManager.default.removeItem(at: state) }
        let records = RecordList()
        let store = try ProgressStore(stateDirectory: state)
        let session = TextSession(
            ports: .init(courseID: "tc", loader: CurriculumLoader(directory: curriculum, displayRoot: "curriculum"),
                         store: store, passages: bible, speaker: speaker, clock: VirtualSessionClock()),
            emit: { records.items.append($0) })
        session.start()
        for line in ["Begin the lesson"] + commands {
            session.receive(line)
        }
        session.finish()
        let errors = records.items.compactMap { if case .failure(let text) = $0.event { text } else { nil } }
        return LessonRun(completed: try store.completedLessonIDs(), state: session.driver.state, errors: errors,
                         records: records)
    }

    private struct LessonRun {
        let completed: Set<String>
        let state: SessionState
        let errors: [String]
        let records: RecordList
        var replies: [String] { records.replies }
        func said(_ kind: SpeechKind) -> [String] { records.said(kind) }
    }
}
