import Course
import Foundation
import Scripture
import Testing

/// A text session over the fixture curriculum and a progress database in `state`.
func makeSession(curriculum: URL, state: URL, records: RecordList, busyTimeout: TimeInterval = ProgressStore.busyTimeout,
                 normalise: @escaping (String) -> String = { $0 }) throws -> TextSession {
    TextSession(
        ports: .init(courseID: "tc", loader: CurriculumLoader(directory: curriculum, displayRoot: "curriculum"),
                     store: try ProgressStore(stateDirectory: state, busyTimeout: busyTimeout), passages: FixedTextBible(),
                     speaker: SilentSpeaker(), clock: VirtualSessionClock()),
        normalise: normalise,
        emit: { records.items.append($0) })
}

/// A Bible whose every passage is one verse, "text of <reference>".
struct FixedTextBible: PassageSource {
    func passage(_ reference: ScriptureReference) throws -> Passage {
        Passage(reference: reference, verses: [Verse(chapter: 1, verse: 1, text: "text of \(reference.description)")])
    }
}

/// Runs `body` with a started text session over `fixture` (the fixture curriculum by
/// default), its records and its state folder; both folders are removed afterwards.
func withStartedSession(_ fixture: CurriculumFixture = CurriculumFixture(), normalise: @escaping (String) -> String = { $0 },
                        _ body: (TextSession, RecordList, _ state: URL) throws -> Void) throws {
    let curriculum = try fixture.write()
    let state = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: curriculum); try? FileManager.default.removeItem(at: state) }
    let records = RecordList()
    let session = try makeSession(curriculum: curriculum, state: state, records: records, normalise: normalise)
    session.start()
    try body(session, records, state)
}

final class RecordList: @unchecked Sendable {
    var items: [TimedEvent] = []
    var states: [String] {
        items.compactMap { if case .state(let state, _, _) = $0.event { state.rawValue } else { nil } }
    }
    /// What was said of `kind`, in order.
    func said(_ kind: SpeechKind) -> [String] {
        items.compactMap { if case .said(let text, kind, _) = $0.event { text } else { nil } }
    }
    var replies: [String] { said(.reply) }
    var timers: [TimerKind] {
        items.compactMap { if case .timer(let kind) = $0.event { kind } else { nil } }
    }
}

@Suite("TextSession: scripted sessions on virtual time")
struct TextSessionTests {
    let wholeLesson = [
        "Begin the lesson", "Read the passage", "Explain the context", "Analyze the structure",
        "Summarize the key themes", "Ask the review question", "blessing, land and descendants",
        "End the lesson", "End the lesson",
    ]

    @Test("a scripted whole lesson ends with the lesson marked complete in the database")
    func wholeLessonCompletes() throws {
        try withStartedSession { session, records, state in
            for line in wholeLesson { session.receive(line) }
            session.finish()

            #expect(records.states == [
                "IDLE", "LESSON_LOADED", "ORIENTATION_PLAYING", "READING_READY", "READING_PLAYING",
                "CONTEXT_READY", "CONTEXT_PLAYING", "ANALYSIS_READY", "ANALYSIS_PLAYING", "THEMES_READY",
                "THEMES_PLAYING", "QUESTION_READY", "QUESTION_ASKED", "QUESTION_ANSWERED", "CLOSE_READY",
                "CLOSE_PLAYING", "SESSION_COMPLETE", "IDLE",
            ])
            #expect(records.replies == ["Correct"])
            #expect(records.said(.passage) == ["text of Genesis 12:1-3"])
            // The answer feedback timer fired (1 s) before "End the lesson" was heard in CLOSE_READY.
            #expect(records.timers.contains(.answerFeedback))
            let store = try ProgressStore(stateDirectory: state)
            #expect(try store.completedLessonIDs() == ["tc_01"])
            #expect(try store.progress().first { $0.lessonID == "tc_01" }?.answerCorrect == true)
            #expect(try store.savedSession() == .idle)
        }
    }

    @Test("every line goes through the normaliser, and the answer is judged as it comes out")
    func answerIsNormalised() throws {
        var seen: [String] = []
        let normalise = { (text: String) -> String in
            seen.append(text)
            return text.replacingOccurrences(of: "lend", with: "land")
        }
        let misspelt = wholeLesson.map { $0 == "blessing, land and descendants" ? "blessing, lend and descendants" : $0 }
        try withStartedSession(normalise: normalise) { session, records, _ in
            for line in misspelt { session.receive(line) }
            session.finish()
            #expect(records.replies == ["Correct"])
        }
        #expect(seen == misspelt)
    }

    @Test("a look-up is read in IDLE, as the daemon reads it; a passage that does not exist gets its reply; in a lesson a look-up is conversation")
    func lookups() throws {
        try withStartedSession { session, records, _ in
            // The empty line is the silence that closes the look-up's correction window.
            for line in ["read john three sixteen", "", "Read Jude 4:1", "begin the lesson", "read john three sixteen"] {
                session.receive(line)
            }
            #expect(records.said(.reference) == ["John chapter 3, verse 16."])
            #expect(records.said(.lookup) == ["text of John 3:16"])
            #expect(records.replies == [
                "There is no such passage. Jude has 1 chapter.",
                Reply.structuredCourse.text,
            ])
            #expect(session.state != .idle)
        }
    }

    @Test("after a look-up's reference: no reads nothing and asks again; an empty line reads it; another reference reads that one instead")
    func correctionWindow() throws {
        let cases: [(second: String, reads: [String], replies: [String], references: [String])] = [
            ("no", [], [Reply.referenceRefused.text], ["John chapter 3, verse 16."]),
            ("", ["text of John 3:16"], [], ["John chapter 3, verse 16."]),
            ("No, Genesis chapter one verse one", ["text of Genesis 1:1"], [],
             ["John chapter 3, verse 16.", "Genesis chapter 1, verse 1."]),
            ("the kettle is on", ["text of John 3:16"], [], ["John chapter 3, verse 16."]),
        ]
        for row in cases {
            try withStartedSession { session, records, _ in
                session.receive("read john three sixteen")
                session.receive(row.second)
                session.finish()
                #expect(records.said(.reference) == row.references, "second line \"\(row.second)\"")
                #expect(records.said(.lookup) == row.reads, "second line \"\(row.second)\"")
                #expect(records.replies == row.replies, "second line \"\(row.second)\"")
                #expect(session.state == .idle)
            }
        }
    }

    @Test("a command said while the review question is asked is a command, not an answer")
    func commandDuringReview() throws {
        try withStartedSession { session, records, _ in
            for line in wholeLesson.prefix(6) + ["end the lesson"] { session.receive(line) }
            #expect(session.state == .questionAsked)
            #expect(records.replies == [Reply.useValidCommand.text])
        }
    }

    @Test("a question to the course during the review question gets the guardrail's reply and the question stays asked")
    func questionDuringReview() throws {
        try withStartedSession { session, records, _ in
            for line in wholeLesson.prefix(6) + ["What does the Bible say about divorce?", "How does this apply to my life?"] {
                session.receive(line)
            }
            #expect(session.state == .questionAsked)
            #expect(records.replies == [
                "This course follows a set curriculum. Please consult a pastor or theologian for questions outside the syllabus.",
                "This course teaches interpretation, not application. Please continue with the lesson.",
            ])
            session.receive("blessing, land and descendants")
            #expect(records.replies.last == "Correct")
        }
    }

    @Test("without input after the question's answer, timers close the lesson and return to IDLE")
    func endOfInputRunsTimers() throws {
        try withStartedSession { session, records, state in
            for line in ["begin the lesson", "read the passage", "explain the context", "analyze the structure",
                         "summarize the key themes", "ask the review question", "faith"] {
                session.receive(line)
            }
            session.finish()
            #expect(session.state == .idle)
            #expect(records.replies == ["The answer is Land, descendants, and blessing"])
            #expect(records.timers.last == .completionTimeout)
            #expect(records.items.last?.time == .seconds(13)) // 1 s feedback + 2 s auto-advance + 10 s timeout
            let completed = try ProgressStore(stateDirectory: state).completedLessonIDs()
            #expect(completed == ["tc_01"])
        }
    }

    @Test("out-of-order and conversational lines get the seed's replies and change nothing")
    func guardrails() throws {
        try withStartedSession { session, records, _ in
            session.receive("Read the passage")
            session.receive("tell me a joke")
            session.receive("Begin the lesson")
            session.receive("Ask the review question")
            #expect(records.replies == [
                "No lesson is active. Say 'Begin the lesson' first.",
                "This is a structured course. Please use a valid command.",
                "Please use a valid command.",
            ])
            #expect(session.state == .readingReady)
        }
    }

    @Test("a session killed mid-lesson resumes at the start of its segment in a new process")
    func resumeAcrossSessions() throws {
        let curriculum = try CurriculumFixture().write()
        let state = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: curriculum); try? FileManager.default.removeItem(at: state) }
        do {
            let session = try makeSession(curriculum: curriculum, state: state, records: RecordList())
            session.start()
            for line in ["begin the lesson", "read the passage", "explain the context"] { session.receive(line) }
            #expect(session.state == .analysisReady)
        }
        let records = RecordList()
        let resumed = try makeSession(curriculum: curriculum, state: state, records: records)
        resumed.start()
        #expect(resumed.state == .analysisReady)
        #expect(records.states.first == "ANALYSIS_READY")
    }

    @Test("the second lesson follows the first; after the last, the course says it is complete")
    func courseProgression() throws {
        try withStartedSession { session, records, state in
            for _ in 0..<2 { for line in wholeLesson { session.receive(line) } }
            session.receive("begin the lesson")
            let completed = try ProgressStore(stateDirectory: state).completedLessonIDs()
            #expect(completed == ["tc_01", "tc_02"])
            #expect(records.said(.passage) == ["text of Genesis 12:1-3", "text of Psalm 23"])
            #expect(records.replies.last == "Every lesson in this course is complete.")
        }
    }

    @Test("a broken next lesson: the fixed reply, a log naming the file, IDLE, no progress")
    func brokenLesson() throws {
        var fixture = CurriculumFixture()
        fixture.editSegment("tc_01", 6) { $0["correct_answer"] = nil }
        try withStartedSession(fixture) { session, records, state in
            session.receive("Begin the lesson")
            #expect(records.replies == ["Lesson content unavailable. Please contact support."])
            #expect(records.items.contains {
                if case .notice(let text) = $0.event { text.contains("tc_01.json: missing field `correct_answer` in segment 6") } else { false }
            })
            #expect(session.state == .idle)
            let store = try ProgressStore(stateDirectory: state)
            #expect(try store.completedLessonIDs().isEmpty)
            #expect(try store.savedSession() == nil)
        }
    }
}
