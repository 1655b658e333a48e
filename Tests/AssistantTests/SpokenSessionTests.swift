import Assistant
import Course
import Foundation
import Voice
import Hearing
import Intents
import Scripture
import Testing

/// End-to-end: espeak-ng speech made at test time, heard through the endpointer and the
/// recogniser, acted on by the session machine, answered by the daemon's voice, all on
/// virtual time. Every utterance must be recognised as meant: none is retried.
@Suite("Spoken sessions, end to end", .serialized)
struct SpokenSessionTests {
    static let lesson = "bf01_lesson_01"

    @Test func aWholeLessonFromBeginToEnd() throws {
        let session = try SpokenSession()
        #expect(session.start().states == [.idle])
        let lines: [(String, Command, [SessionState])] = [
            ("Begin the lesson", .beginLesson, [.lessonLoaded, .orientationPlaying, .readingReady]),
            ("Read the passage", .readPassage, [.readingPlaying, .contextReady]),
            ("Explain the context", .explainContext, [.contextPlaying, .analysisReady]),
            ("Analyze the structure", .analyzeStructure, [.analysisPlaying, .themesReady]),
            ("Summarize the key themes", .summarizeThemes, [.themesPlaying, .questionReady]),
            ("Ask the review question", .askQuestion, [.questionAsked]),
        ]
        for (text, command, states) in lines {
            let turn = session.say(text)
            #expect(turn.intents == [.command(command)], "\(text)")
            #expect(turn.states == states, "\(text)")
        }
        // An accepted variant, said as a phrase: one short word ("A rainbow") is at times
        // taken by the rejection path (see the notes of issue 5); this test is about the
        // session, not about that weakness.
        let answer = session.say("A bow in the clouds")
        #expect(answer.intents.count == 1)
        if case .answer = answer.intents.first {} else { Issue.record("the answer was heard as \(answer.intents)") }
        #expect(answer.states == [.questionAnswered])
        #expect(answer.said.map(\.text) == ["Correct"])

        let close = session.say("End the lesson")
        #expect(close.states == [.closeReady, .closePlaying, .sessionComplete], "the feedback timer, then the close")
        #expect(close.intents == [.command(.endLesson)])
        let end = session.say("End the lesson")
        #expect(end.intents == [.command(.endLesson)])
        #expect(end.states == [.idle])

        let progress = try #require(try session.store.progress().first { $0.lessonID == Self.lesson })
        #expect(progress.completed)
        #expect(progress.answerCorrect == true)
        #expect(session.sink.played.count > 20, "the daemon spoke the lesson sentence by sentence")
    }

    @Test func aWrongAnswerIsJudgedWrongAndTheCorrectAnswerSaid() throws {
        let session = try SpokenSession(saved: SavedSession(state: .questionReady, lessonID: Self.lesson))
        #expect(session.start().states == [.questionReady])
        #expect(session.say("Ask the review question").states == [.questionAsked])
        let turn = session.say("A golden crown")
        #expect(turn.states == [.questionAnswered])
        #expect(turn.said.map(\.text) == ["The answer is A rainbow"])
        let progress = try #require(try session.store.progress().first { $0.lessonID == Self.lesson })
        #expect(progress.answerCorrect == false)
        #expect(progress.matchedAnswer == nil, "what the person said is never stored")
    }

    @Test func aRightAnswerIsCorrect() throws {
        let session = try SpokenSession(saved: SavedSession(state: .questionReady, lessonID: Self.lesson))
        session.start()
        #expect(session.say("Ask the review question").states == [.questionAsked])
        let turn = session.say("The rainbow")
        #expect(turn.states == [.questionAnswered])
        #expect(turn.said.map(\.text) == ["Correct"])
        #expect(try session.store.progress().first { $0.lessonID == Self.lesson }?.answerCorrect == true)
    }

    @Test func aCommandThatIsNotValidNowIsBlocked() throws {
        let session = try SpokenSession(saved: SavedSession(state: .questionReady, lessonID: Self.lesson))
        session.start()
        let turn = session.say("Read the passage")
        #expect(turn.intents == [.command(.readPassage)])
        #expect(turn.states.isEmpty, "no state change")
        #expect(turn.said.map(\.text) == [Reply.useValidCommand.text])
        #expect(session.runtime.state == .questionReady)
    }

    @Test func conversationInTheMiddleIsRejectedWithoutAStateChange() throws {
        let session = try SpokenSession(saved: SavedSession(state: .questionReady, lessonID: Self.lesson))
        session.start()
        let turn = session.say("What do you think about the weather today")
        guard case .rejected = turn.intents.first else {
            Issue.record("conversation was heard as \(turn.intents)")
            return
        }
        #expect(turn.states.isEmpty)
        #expect(turn.said.count == 1)
        #expect([Reply.commandNotRecognized.text, Reply.structuredCourse.text].contains(turn.said.first?.text ?? ""))
        // The lesson goes on where it was.
        #expect(session.say("Ask the review question").states == [.questionAsked])
    }

    @Test func aLookupInIdleReadsThePassage() throws {
        let session = try SpokenSession()
        session.start()
        let turn = session.say("Read Habakkuk chapter two verse four")
        guard case .lookup(let reference) = turn.intents.first else {
            Issue.record("the look-up was heard as \(turn.intents)")
            return
        }
        #expect(reference.compact == "Hab 2:4")
        #expect(turn.states.isEmpty)
        // The reference at once; the passage once the correction window has run out.
        #expect(turn.said.map(\.kind) == [.reference])
        #expect(turn.said.first?.text == "Habakkuk chapter 2, verse 4.")
        let after = session.silence(.seconds(3))
        let passage = try #require(after.said.first)
        #expect(passage.kind == .lookup)
        #expect(passage.text.contains("the righteous will live by"))
    }

    /// `bible-course session` and `simulate` are one product: the same words, typed or
    /// spoken, give the same events (timings and decode figures aside).
    @Test func theTextSessionReportsWhatTheDaemonReportsForTheSameWords() throws {
        let spoken = try SpokenSession()
        var daemon = spoken.start()
        daemon += spoken.say("Read Habakkuk chapter two verse four")
        daemon += spoken.silence(.seconds(3))
        daemon += spoken.say("Begin the lesson")

        var typed: [RuntimeEvent] = []
        let bible = try BibleStore(path: SpokenSession.checkout.appendingPathComponent("Models/Bible.db").path)
        let text = TextSession(
            ports: .init(courseID: SpokenSession.courseID, loader: CurriculumLoader(directory: spoken.curriculum),
                         store: try ProgressStore.inMemory(), passages: bible, speaker: SilentSpeaker(),
                         clock: VirtualSessionClock()),
            emit: { typed.append($0.event) })
        text.start()
        text.receive("read habakkuk chapter two verse four")
        text.receive("")
        text.receive("begin the lesson")

        /// Up to the first READY state of the lesson, without timings and decode figures.
        func shape(_ events: [RuntimeEvent]) -> [RuntimeEvent] {
            var shaped: [RuntimeEvent] = []
            for event in events {
                switch event {
                case .heard(let text, _): shaped.append(.heard(text: text, decoding: nil))
                case .said(let text, let kind, _): shaped.append(.said(text: text, kind: kind, seconds: 0))
                default: shaped.append(event)
                }
                if case .state(.readingReady, _, _) = event { break }
            }
            return shaped
        }
        #expect(daemon.intents.first.map { if case .lookup = $0 { true } else { false } } == true)
        #expect(shape(typed).count > 8)
        #expect(shape(daemon) == shape(typed))
    }

    @Test func aLookupOfAPassageThatDoesNotExistGetsAShortReply() throws {
        let session = try SpokenSession()
        session.start()
        // The grammar allows a verse up to the book's longest chapter (Jonah 1 has 17), so
        // a verse past the end of a shorter chapter is heard and refused with the reason.
        let turn = session.say("Read Jonah chapter two verse fifteen")
        guard case .rejected(.invalidReference) = turn.intents.first else {
            Issue.record("heard as \(turn.intents)")
            return
        }
        #expect(turn.said.map(\.text) == ["There is no such passage. Jonah chapter 2 has 10 verses."])
    }

    /// The microphone is closed while either voice plays, and for the echo tail after.
    @Test(arguments: ["en-us", "piper:en_US-joe-medium"])
    func theDaemonNeverHearsItself(voice: String) throws {
        var narrator: (any Narrator)?
        if voice.hasPrefix("piper:") {
            let python = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
                .first(where: FileManager.default.isExecutableFile(atPath:)) ?? "/usr/bin/python3"
            narrator = PiperNarrator(
                launch: PiperProcess.Launch(python: python, script: SpokenSession.checkout.appendingPathComponent("libexec/piper-voice.py").path,
                                            model: "en_US-joe-medium", voiceFolders: [], lengthScale: 1 / 0.9),
                cache: nil, fallback: SpokenSession.daemonVoice, sentenceWait: .seconds(60),
                log: { Issue.record("Piper gave up: \($0)") })
        }
        let session = try SpokenSession(narrator: narrator)
        session.start()
        // "Read the passage" in IDLE: the daemon answers "No lesson is active. Say 'Begin
        // the lesson' first." — and its own voice, captured while it spoke, must be gated.
        let turn = session.say("Read the passage")
        #expect(turn.said.map(\.text) == [Reply.noLessonActive.text])
        let spoken = session.sink.joinedSamples()
        let before = session.conversation.events.count
        let gatedBefore = session.runtime.gatedSamples
        // Audio captured during the speech (it ended at `now`): all of it discarded.
        var offset = 0
        let start = session.runtime.now - .milliseconds(spoken.count / 16)
        while offset < spoken.count {
            let end = min(spoken.count, offset + 1600)
            session.runtime.hear(Array(spoken[offset..<end]), capturedAt: start + .milliseconds(end / 16))
            offset = end
        }
        #expect(session.runtime.gatedSamples - gatedBefore == spoken.count)
        // The echo tail: what is captured just after the voice ends is gated too, and what
        // comes after the tail is heard.
        // (Hearing moved the virtual clock on; the speech ended where the loop above began.)
        let end = start + .milliseconds(spoken.count / 16)
        let tail = session.runtime.echoTail
        session.runtime.hear([Int16](repeating: 0, count: 1600), capturedAt: end + .milliseconds(100))
        #expect(session.runtime.gatedSamples - gatedBefore == spoken.count + 1600)
        session.runtime.hear([Int16](repeating: 0, count: 1600), capturedAt: end + tail + .milliseconds(200))
        #expect(session.runtime.gatedSamples - gatedBefore == spoken.count + 1600)
        #expect(session.conversation.events.count == before, "nothing heard, nothing done")
        #expect(session.runtime.state == .idle)
    }
}
