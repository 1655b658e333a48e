import Course
import Scripture
import Testing
import Intents

/// The states a session can rest in (LESSON_LOADED is passed through at once).
let restingStates = SessionState.allCases.filter { $0 != .lessonLoaded }

/// The seed's section 4.2 table (plus "End the lesson" in CLOSE_READY, from the diagram of
/// 3.1): the only (state, command) pairs that move the session, and where they lead.
let validCommandTransitions: [SessionState: (Command, SessionState)] = [
    .readingReady: (.readPassage, .readingPlaying),
    .contextReady: (.explainContext, .contextPlaying),
    .analysisReady: (.analyzeStructure, .analysisPlaying),
    .themesReady: (.summarizeThemes, .themesPlaying),
    .questionReady: (.askQuestion, .questionAsked),
    .closeReady: (.endLesson, .closePlaying),
    .sessionComplete: (.endLesson, .idle),
]

struct StateCommandPair: CustomTestStringConvertible, Sendable {
    let state: SessionState
    let command: Command
    var testDescription: String { "\(state.rawValue) + \(command.rawValue)" }
}

let allPairs = restingStates.flatMap { state in Command.allCases.map { StateCommandPair(state: state, command: $0) } }

@Suite("SessionMachine: every state and command")
struct StateCommandTableTests {
    @Test(arguments: allPairs)
    func commandInState(_ pair: StateCommandPair) throws {
        let lesson = try sampleLesson()
        var harness = Harness()
        harness.run(try #require(steps(to: pair.state, lesson: lesson)))
        try #require(harness.machine.state == pair.state)

        let effects = harness.send(.command(pair.command))

        if pair.state == .idle && pair.command == .beginLesson {
            #expect(effects == [.loadNextLesson])
            #expect(harness.machine.state == .idle)
        } else if let (command, next) = validCommandTransitions[pair.state], command == pair.command {
            #expect(harness.machine.state == next)
            #expect(savedStates(effects) == [next])
            #expect(!effects.contains { if case .speakReply = $0 { true } else { false } })
        } else {
            let expected: String
            switch pair.state {
            case .idle: expected = "No lesson is active. Say 'Begin the lesson' first."
            case .sessionComplete: expected = "This lesson is complete. Say 'End the lesson' to return."
            default: expected = "Please use a valid command."
            }
            #expect(effects.map(replyText) == [expected])
            #expect(harness.machine.state == pair.state)
        }
    }

    @Test("the table covers 16 resting states times 7 commands")
    func tableSize() {
        #expect(allPairs.count == 16 * 7)
    }
}

func replyText(_ effect: SessionEffect) -> String? {
    if case .speakReply(let reply) = effect { return reply.text }
    return nil
}

@Suite("SessionMachine: a whole lesson")
struct FullLessonTests {
    @Test("IDLE to IDLE: the exact effects of a lesson answered correctly")
    func wholeLessonEffects() throws {
        let lesson = try sampleLesson()
        var h = Harness()
        #expect(h.effects == [.listen(.commands)])
        let t = { (kind: TimerKind, token: Int) in SessionTimer(kind: kind, token: token) }
        let save = { (state: SessionState) in SessionEffect.saveSessionState(SavedSession(state: state, lessonID: lesson.id)) }

        #expect(h.send(.command(.beginLesson)) == [.loadNextLesson])
        #expect(h.send(.lessonLoaded(lesson)) == [
            save(.lessonLoaded), .listen(.lessonCommands), save(.orientationPlaying),
            .playSegment(lesson.playback(.orientation)),
        ])
        #expect(h.send(.playbackFinished(.orientation)) == [
            save(.readingReady), .startTimer(t(.autoAdvance, 1), after: .seconds(2)),
        ])
        #expect(h.send(.command(.readPassage)) == [
            .cancelTimer(t(.autoAdvance, 1)), save(.readingPlaying),
            .playSegment(SegmentPlayback(type: .reading, script: "Reading introduction.", passage: lesson.passage)),
        ])
        #expect(h.send(.playbackFinished(.reading)) == [save(.contextReady), .startTimer(t(.autoAdvance, 2), after: .seconds(2))])
        #expect(h.send(.command(.explainContext)) == [
            .cancelTimer(t(.autoAdvance, 2)), save(.contextPlaying), .playSegment(lesson.playback(.context)),
        ])
        #expect(h.send(.playbackFinished(.context)) == [save(.analysisReady), .startTimer(t(.autoAdvance, 3), after: .seconds(2))])
        #expect(h.send(.command(.analyzeStructure)) == [
            .cancelTimer(t(.autoAdvance, 3)), save(.analysisPlaying), .playSegment(lesson.playback(.analysis)),
        ])
        #expect(h.send(.playbackFinished(.analysis)) == [save(.themesReady), .startTimer(t(.autoAdvance, 4), after: .seconds(2))])
        #expect(h.send(.command(.summarizeThemes)) == [
            .cancelTimer(t(.autoAdvance, 4)), save(.themesPlaying), .playSegment(lesson.playback(.themes)),
        ])
        #expect(h.send(.playbackFinished(.themes)) == [save(.questionReady)])
        #expect(h.send(.command(.askQuestion)) == [
            save(.questionAsked), .listen(.answer(lesson.question.answers)),
            .playSegment(SegmentPlayback(type: .question, script: "What three elements does God promise to Abram?")),
        ])
        let evaluation = AnswerEvaluation(
            isCorrect: true, matchedAnswer: "Land, descendants, and blessing",
            correctAnswer: "Land, descendants, and blessing")
        #expect(h.send(.answer("Blessing, land and the descendants")) == [
            .recordAnswer(lessonID: lesson.id, evaluation), save(.questionAnswered), .listen(.lessonCommands),
            .speakReply(.correct), .startTimer(t(.answerFeedback, 5), after: .seconds(1)),
        ])
        #expect(h.fireTimer() == [save(.closeReady), .startTimer(t(.autoAdvance, 6), after: .seconds(2))])
        #expect(h.fireTimer() == [save(.closePlaying), .playSegment(lesson.playback(.close))])
        #expect(h.send(.playbackFinished(.close)) == [
            .markLessonComplete(lessonID: lesson.id), save(.sessionComplete),
            .startTimer(t(.completionTimeout, 7), after: .seconds(10)),
        ])
        #expect(h.send(.command(.endLesson)) == [
            .cancelTimer(t(.completionTimeout, 7)), .saveSessionState(.idle), .listen(.commands),
        ])
        #expect(h.machine.state == .idle)
        #expect(h.machine.lesson == nil)
        #expect(h.clock.pendingTimers.isEmpty)
    }

    @Test("a wrong answer is told the correct answer and the lesson still completes")
    func wrongAnswer() throws {
        let lesson = try sampleLesson()
        var h = Harness()
        h.run(try #require(steps(to: .questionAsked, lesson: lesson)))
        let effects = h.send(.answer("faith and works"))
        #expect(effects.compactMap(replyText) == ["The answer is Land, descendants, and blessing"])
        #expect(effects.contains(.recordAnswer(
            lessonID: lesson.id,
            AnswerEvaluation(isCorrect: false, matchedAnswer: nil, correctAnswer: "Land, descendants, and blessing"))))
        h.fireTimer(); h.fireTimer()
        #expect(h.machine.state == .closePlaying)
        let done = h.send(.playbackFinished(.close))
        #expect(done.first == .markLessonComplete(lessonID: lesson.id))
    }

    @Test("with no commands at all, timers carry the lesson from READING_READY to QUESTION_READY and stop there")
    func autoAdvanceStopsAtQuestion() throws {
        let lesson = try sampleLesson()
        var h = Harness()
        h.run(try #require(steps(to: .readingReady, lesson: lesson)))
        var visited: [SessionState] = []
        for _ in 0..<10 {
            h.fireTimer()
            if h.machine.state.isPlaying, let segment = h.machine.state.segment {
                visited.append(h.machine.state)
                h.send(.playbackFinished(segment))
            }
        }
        #expect(visited == [.readingPlaying, .contextPlaying, .analysisPlaying, .themesPlaying])
        #expect(h.machine.state == .questionReady)
        #expect(h.clock.pendingTimers.isEmpty)
    }
}

@Suite("SessionMachine: timers on an injected clock")
struct TimerTests {
    @Test("READY advances after exactly 2 seconds, not before")
    func autoAdvanceAtTwoSeconds() throws {
        let lesson = try sampleLesson()
        var h = Harness()
        h.run(try #require(steps(to: .contextReady, lesson: lesson)))
        #expect(h.clock.advance(by: .milliseconds(1999)).isEmpty)
        #expect(h.machine.state == .contextReady)
        let fired = h.clock.advance(by: .milliseconds(1))
        #expect(fired.count == 1)
        for timer in fired { h.send(.timerFired(timer)) }
        #expect(h.machine.state == .contextPlaying)
    }

    @Test("QUESTION_ANSWERED moves to CLOSE_READY after 1 second")
    func feedbackAfterOneSecond() throws {
        let lesson = try sampleLesson()
        var h = Harness()
        h.run(try #require(steps(to: .questionAnswered, lesson: lesson)))
        #expect(h.clock.advance(by: .milliseconds(999)).isEmpty)
        let fired = h.clock.advance(by: .milliseconds(1))
        for timer in fired { h.send(.timerFired(timer)) }
        #expect(h.machine.state == .closeReady)
    }

    @Test("SESSION_COMPLETE returns to IDLE after 10 seconds")
    func completionTimeout() throws {
        let lesson = try sampleLesson()
        var h = Harness()
        h.run(try #require(steps(to: .sessionComplete, lesson: lesson)))
        #expect(h.clock.advance(by: .milliseconds(9999)).isEmpty)
        #expect(h.machine.state == .sessionComplete)
        for timer in h.clock.advance(by: .milliseconds(1)) { h.send(.timerFired(timer)) }
        #expect(h.machine.state == .idle)
        #expect(h.effects.suffix(2) == [.saveSessionState(.idle), .listen(.commands)])
    }

    @Test("a stale timer firing after its state was left is ignored")
    func staleTimerIgnored() throws {
        let lesson = try sampleLesson()
        var h = Harness()
        h.run(try #require(steps(to: .readingReady, lesson: lesson)))
        let stale = try #require(h.clock.pendingTimers.first)
        h.send(.command(.readPassage))
        h.send(.playbackFinished(.reading))
        #expect(h.machine.state == .contextReady)
        #expect(h.send(.timerFired(stale)).isEmpty)
        #expect(h.machine.state == .contextReady)
    }

    @Test("QUESTION_READY and QUESTION_ASKED start no timer: the question waits for the person")
    func questionWaits() throws {
        let lesson = try sampleLesson()
        var h = Harness()
        h.run(try #require(steps(to: .questionReady, lesson: lesson)))
        #expect(h.clock.pendingTimers.isEmpty)
        h.send(.command(.askQuestion))
        #expect(h.clock.pendingTimers.isEmpty)
    }

    @Test("with questionAutoAdvance, QUESTION_READY asks by itself after 2 seconds")
    func questionAutoAdvance() throws {
        let lesson = try sampleLesson()
        var h = Harness(timing: SessionTiming(questionAutoAdvance: true))
        h.run(try #require(steps(to: .questionReady, lesson: lesson)))
        #expect(h.clock.advance(by: .milliseconds(1999)).isEmpty)
        for timer in h.clock.advance(by: .milliseconds(1)) { h.send(.timerFired(timer)) }
        #expect(h.machine.state == .questionAsked)
    }

    @Test("custom timing is honoured")
    func customTiming() throws {
        let lesson = try sampleLesson()
        var h = Harness(timing: SessionTiming(autoAdvance: .seconds(5)))
        h.run(try #require(steps(to: .readingReady, lesson: lesson)))
        #expect(h.clock.advance(by: .seconds(4)).isEmpty)
        #expect(h.clock.advance(by: .seconds(1)).count == 1)
    }
}

@Suite("SessionMachine: rejected input, lesson loading, playback")
struct GuardrailTests {
    @Test(arguments: [
        (InputRejection.conversation, "This is a structured course. Please use a valid command."),
        (.notRecognized, "Command not recognized. Please try again."),
        (.applicationRequest, "This course teaches interpretation, not application. Please continue with the lesson."),
        (.theologicalQuestion, "This course follows a set curriculum. Please consult a pastor or theologian for questions outside the syllabus."),
    ])
    func rejectedInputInEveryState(rejection: InputRejection, reply: String) throws {
        let lesson = try sampleLesson()
        for state in restingStates {
            var h = Harness()
            h.run(try #require(steps(to: state, lesson: lesson)))
            let effects = h.send(.rejected(rejection))
            #expect(effects.map(replyText) == [reply], "in \(state)")
            #expect(h.machine.state == state)
        }
    }

    @Test("an answer outside QUESTION_ASKED is not a command")
    func answerOutsideQuestion() throws {
        let lesson = try sampleLesson()
        var h = Harness()
        h.run(try #require(steps(to: .questionReady, lesson: lesson)))
        #expect(h.send(.answer("land, descendants and blessing")).map(replyText) == ["Please use a valid command."])
        #expect(h.machine.state == .questionReady)
    }

    @Test("a missing lesson file: the reply, a log, IDLE, and no progress or state written")
    func lessonUnavailable() {
        var h = Harness()
        h.send(.command(.beginLesson))
        let effects = h.send(.lessonUnavailable(reason: "lesson file x.json: not found"))
        #expect(effects == [.logLessonFailure(reason: "lesson file x.json: not found"), .speakReply(.lessonUnavailable)])
        #expect(Reply.lessonUnavailable.text == "Lesson content unavailable. Please contact support.")
        #expect(h.machine.state == .idle)
    }

    @Test("every lesson complete: says so and stays in IDLE")
    func allComplete() {
        var h = Harness()
        h.send(.command(.beginLesson))
        #expect(h.send(.allLessonsComplete).map(replyText) == ["Every lesson in this course is complete."])
        #expect(h.machine.state == .idle)
    }

    @Test("a lesson arriving unasked is ignored")
    func unaskedLesson() throws {
        var h = Harness()
        #expect(h.send(.lessonLoaded(try sampleLesson())).isEmpty)
        #expect(h.machine.state == .idle)
    }

    @Test("playback finishing for another segment, or outside a playing state, changes nothing")
    func mismatchedPlayback() throws {
        let lesson = try sampleLesson()
        var h = Harness()
        h.run(try #require(steps(to: .contextPlaying, lesson: lesson)))
        #expect(h.send(.playbackFinished(.reading)).isEmpty)
        #expect(h.machine.state == .contextPlaying)
        h.send(.playbackFinished(.context))
        #expect(h.send(.playbackFinished(.context)).isEmpty)
        #expect(h.machine.state == .analysisReady)
    }

    @Test("LESSON_LOADED is saved, then the orientation plays at once")
    func lessonLoadedPassesToOrientation() throws {
        let lesson = try sampleLesson()
        var h = Harness()
        h.send(.command(.beginLesson))
        let effects = h.send(.lessonLoaded(lesson))
        #expect(savedStates(effects) == [.lessonLoaded, .orientationPlaying])
        #expect(h.machine.state == .orientationPlaying)
    }
}

@Suite("SessionMachine: resuming")
struct ResumeTests {
    @Test(arguments: SessionState.allCases)
    func resumesAtSegmentStart(saved: SessionState) throws {
        let lesson = try sampleLesson()
        let (machine, effects) = SessionMachine.start(
            from: SavedSession(state: saved, lessonID: saved == .idle ? nil : lesson.id), lesson: lesson)
        let expected: SessionState = switch saved {
        case .idle, .sessionComplete: .idle
        case .lessonLoaded, .orientationPlaying: .orientationPlaying
        case .readingReady, .readingPlaying: .readingReady
        case .contextReady, .contextPlaying: .contextReady
        case .analysisReady, .analysisPlaying: .analysisReady
        case .themesReady, .themesPlaying: .themesReady
        case .questionReady, .questionAsked, .questionAnswered: .questionReady
        case .closeReady, .closePlaying: .closeReady
        }
        #expect(machine.state == expected)
        #expect(effects.first == .listen(.commands))
        #expect(effects.contains(.listen(.lessonCommands)) == (expected != .idle), "a resumed lesson hears its commands alone")
        if expected == .orientationPlaying {
            #expect(effects.last == .playSegment(lesson.playback(.orientation)))
        }
        if [.readingReady, .contextReady, .analysisReady, .themesReady, .closeReady].contains(expected) {
            #expect(effects.contains { if case .startTimer(let t, _) = $0 { t.kind == .autoAdvance } else { false } })
        }
        if saved == .sessionComplete {
            #expect(effects.contains(.saveSessionState(.idle)))
        }
    }

    @Test("a saved lesson that can no longer be loaded resumes in IDLE")
    func missingLessonResumesIdle() throws {
        let (machine, effects) = SessionMachine.start(
            from: SavedSession(state: .contextPlaying, lessonID: "gone"), lesson: nil)
        #expect(machine.state == .idle)
        #expect(effects == [.listen(.commands), .saveSessionState(.idle)])
    }
}

/// One input of the routing table, named for the test's listing.
struct RoutedInput: CustomTestStringConvertible, Sendable {
    let name: String
    let input: HeardInput
    var testDescription: String { name }

    static let conversation = "the children are playing in the garden"
    static let question = "what does the bible say about divorce"
    static let john316 = (try? ScriptureReference.parse("John 3:16").first) ?? nil
    static let judeFour: ReferenceError = {
        do { _ = try ScriptureReference.parse("Jude 4:1") } catch let error as ReferenceError { return error } catch {}
        return .empty
    }()

    static let all: [RoutedInput] = [
        RoutedInput(name: "a look-up", input: .lookup(john316!)),
        RoutedInput(name: "a passage that does not exist", input: .noSuchPassage(judeFour)),
        RoutedInput(name: "a look-up whose passage was not caught", input: .uncaughtReference(nil)),
        RoutedInput(name: "a look-up heard only in part (its book)", input: .uncaughtReference(PartialReference(book: john316!.book))),
        RoutedInput(name: "a refusal with nothing to refuse", input: .refusal),
        RoutedInput(name: "conversation", input: .speech(conversation)),
        RoutedInput(name: "a question to the course", input: .speech(question)),
        RoutedInput(name: "speech with no words", input: .speech("")),
        RoutedInput(name: "an answer", input: .answer("land descendants and blessing")),
        RoutedInput(name: "a command phrase heard as an answer", input: .answer("end the lesson")),
        RoutedInput(name: "nothing", input: .nothing),
        RoutedInput(name: "pause with nothing playing", input: .control(.pause)),
        RoutedInput(name: "continue with nothing held", input: .control(.resume)),
    ]
}

struct StateInputPair: CustomTestStringConvertible, Sendable {
    let state: SessionState
    let routed: RoutedInput
    var testDescription: String { "\(state.rawValue) + \(routed.name)" }
}

/// What a person said in every state the session rests in, routed by the machine alone
/// (no audio, no runner): the rules every mode shares.
@Suite("SessionMachine: every state and what was heard")
struct StateHeardTableTests {
    static let pairs = restingStates.flatMap { state in RoutedInput.all.map { StateInputPair(state: state, routed: $0) } }

    @Test(arguments: pairs)
    func heardInState(_ pair: StateInputPair) throws {
        let lesson = try sampleLesson()
        var harness = Harness()
        harness.run(try #require(steps(to: pair.state, lesson: lesson)))
        try #require(harness.machine.state == pair.state)

        let effects = harness.machine.heard(pair.routed.input)
        let replies = effects.compactMap(replyText)
        let asked = pair.state == .questionAsked
        switch pair.routed.input {
        case .nothing:
            #expect(effects == [])
        case .lookup(let reference):
            if pair.state == .idle {
                // The reference is said and its correction window opened; nothing is read yet.
                #expect(Array(effects.prefix(2)) == [.listen(.correction), .sayReference(reference)])
                #expect(effects.count == 3 && effects.last.map(isCorrectionWindowTimer) == true)
                #expect(harness.machine.turn == .correctionWindow(reference))
            } else {
                #expect(effects == [.speakReply(.structuredCourse)])
            }
        case .refusal:
            #expect(effects == [.speakReply(.structuredCourse)])
        case .noSuchPassage(let error):
            #expect(effects == (pair.state == .idle ? [.sayNoSuchPassage(error)] : [.speakReply(.structuredCourse)]))
        case .uncaughtReference(nil):
            #expect(effects == (pair.state == .idle ? [.speakReply(.referenceNotCaught)] : [.speakReply(.structuredCourse)]))
        case .uncaughtReference(let part?):
            if pair.state == .idle {
                #expect(Array(effects.prefix(2)) == [.listen(.missingPart(part)), .askForMissingPart(part)])
                #expect(harness.machine.turn == .askingFor(part))
            } else {
                #expect(effects == [.speakReply(.structuredCourse)])
            }
        case .speech(RoutedInput.question):
            #expect(effects == [.speakReply(.outsideSyllabus)])
        case .speech(let text):
            if asked {
                // Said while the question is asked: judged as the answer, and wrong.
                #expect(harness.machine.state == .questionAnswered)
                #expect(replies == ["The answer is \(lesson.question.correctAnswer)"])
            } else {
                #expect(effects == [.speakReply(text.isEmpty ? .commandNotRecognized : .structuredCourse)])
            }
        case .answer("end the lesson") where asked:
            // A command phrase the answer search heard is a command (not valid now).
            #expect(effects == [.speakReply(.useValidCommand)])
        case .answer:
            if asked {
                #expect(harness.machine.state == .questionAnswered)
                #expect(replies == ["Correct"])
            } else {
                #expect(effects == [.speakReply(.structuredCourse)])
            }
        case .control:
            // Nothing plays to hold, nothing is held to go on with: a command not valid now.
            let expected: Reply = switch pair.state {
            case .idle: .noLessonActive
            case .sessionComplete: .lessonComplete
            default: .useValidCommand
            }
            #expect(effects == [.speakReply(expected)])
        case .command:
            Issue.record("commands have their own table")
        }
        if !asked || [.speech(RoutedInput.question), .nothing, .answer("end the lesson")].contains(pair.routed.input) {
            // Only an answer while the question is asked moves the session.
            #expect(harness.machine.state == pair.state)
        }
    }

    @Test("the table covers 16 resting states times 13 inputs")
    func tableSize() {
        #expect(Self.pairs.count == 16 * 13)
    }
}

@Suite("SessionMachine: what it would only answer")
struct OnlyAnswersTests {
    @Test("words, a passage that does not exist and a look-up not caught are only answered; commands, look-ups, refusals and answers act")
    func table() throws {
        let idle = Harness().machine
        let noChapter = HeardInput.noSuchPassage(.noChapter(BookCatalog.book(named: "Jude")!, chapter: 4))
        let rows: [(HeardInput, Bool)] = [
            (.speech("what a lovely day"), true), (noChapter, true), (.uncaughtReference(nil), true),
            (.command(.beginLesson), false), (.lookup(try ScriptureReference.parse("John 3:16")[0]), false),
            (.refusal, false), (.control(.pause), false), (.answer("faith"), false), (.nothing, false),
        ]
        for (input, only) in rows {
            #expect(idle.onlyAnswers(input) == only, "\(input)")
        }
    }

    @Test("during the review question, words are the answer: acted on")
    func answerIsActedOn() throws {
        var h = Harness()
        let lesson = try sampleLesson()
        for step in try #require(steps(to: .questionAsked, lesson: lesson)) {
            if case .event(let event) = step { _ = h.send(event) } else { _ = h.fireTimer() }
        }
        #expect(h.machine.state == .questionAsked)
        #expect(!h.machine.onlyAnswers(.speech("blessing and land")))
        #expect(h.machine.onlyAnswers(.uncaughtReference(nil)))
    }
}
