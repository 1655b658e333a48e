import Intents
import Scripture

/// The session state machine of the seed's section 3: a pure value type.
///
/// Feed it ``SessionEvent``s with ``handle(_:)``; it changes its ``state`` and returns the
/// ``SessionEffect``s the runner must carry out, in order. It never speaks, sleeps, reads
/// or writes, so tests drive a whole lesson with events and assert the effects.
///
/// Rules (seed 3.2, 3.3, 4.2, 5.3):
/// - A command moves the session only in the state the seed names for it ("Read the
///   passage" in READING_READY, ...; "End the lesson" also in CLOSE_READY, where it plays
///   the close). In IDLE any other command gets ``Reply/noLessonActive``; in
///   SESSION_COMPLETE any other command gets ``Reply/lessonComplete``; anywhere else a
///   command that is not valid now gets ``Reply/useValidCommand``. None changes the state:
///   nothing skips, goes back or repeats.
/// - Rejected input gets its fixed reply (``InputRejection``) and changes nothing.
/// - READING, CONTEXT, ANALYSIS, THEMES and CLOSE READY advance by themselves after
///   ``SessionTiming/autoAdvance``; QUESTION_READY waits for "Ask the review question", as
///   the seed's diagram has it, unless ``SessionTiming/questionAutoAdvance`` is set. QUESTION_ANSWERED moves to CLOSE_READY after
///   ``SessionTiming/answerFeedback``; SESSION_COMPLETE returns to IDLE after
///   ``SessionTiming/completionTimeout`` or on "End the lesson".
/// - Every transition emits ``SessionEffect/saveSessionState(_:)``.
/// - A look-up's passage is read a verse at a time (``IdleTurn/reading(_:)``); what is heard
///   between verses is decided as in the correction window, except that noise and other
///   words let the reading go on: "stop" (or "no") ends it at once and without a reply,
///   another reference stops it and is confirmed in its place, a passage that does not
///   exist or was not caught stops it with its reply, and a command stops it and is
///   carried out as in IDLE ("Begin the lesson").
/// - A look-up in IDLE is confirmed implicitly: the reference is said, then the correction
///   window (``IdleTurn/correctionWindow(_:)``, ``SessionTiming/correctionWindow``) is open
///   before the passage is read. In it "no" (``HeardInput/refusal``) reads nothing and asks
///   for the reference again; another look-up ("no, Esther chapter one verse eleven") is
///   confirmed in its place; a passage that does not exist or was not caught gets its reply;
///   a command closes the window unread and is carried out; noise leaves it open; silence
///   (the window's timer runs out) and other words read the passage. The window is not
///   saved: a restart in it is IDLE, as a look-up is no progress.
/// - A look-up heard only in part (``HeardInput/uncaughtReference(_:)`` with its book, perhaps
///   its chapter), in IDLE, in a correction window or between verses, says that part and asks
///   for the rest (``IdleTurn/askingFor(_:)``, "Ezra. Which chapter?"). The answer, completed
///   by hearing, is confirmed as any look-up; "no" asks for the reference again; noise leaves
///   the question open until ``SessionTiming/missingPartWait``, other words or the timer let it
///   lapse without a word. One not caught at all gets ``Reply/referenceNotCaught``.
///
/// - The daemon hears the person while it speaks (``heardOver(_:segmentSentence:)``); only
///   what ``interrupts(_:)`` says cuts its speech: "stop" (or "no") and "pause" anywhere, and
///   in IDLE a look-up or a command. "Pause" or "stop" while a segment plays holds it
///   (``LessonTurn/held(sentence:)``) at its READY state, with ``Reply/paused`` and no timer;
///   "continue" (or the segment's command) plays it again from the start of the sentence it
///   was held in. The hold is saved: a paused lesson is still paused after a restart. Cut
///   over a verse being read, "stop" ends the reading; cut over a reply, it just ends it.
///
/// What a person said is routed by ``heard(_:typed:)``, the same for the daemon and every
/// text mode.
public struct SessionMachine: Sendable {
    /// The current state.
    public private(set) var state: SessionState = .idle
    /// The active lesson; nil in IDLE.
    public private(set) var lesson: Lesson?
    /// How long the timers run.
    public let timing: SessionTiming

    /// What IDLE is doing besides waiting: holding a look-up in its correction window.
    public private(set) var turn: IdleTurn = .waiting
    /// Whether a lesson's segment is held by "pause", and where it resumes.
    public private(set) var lessonTurn: LessonTurn = .going

    private var pendingTimer: SessionTimer?
    private var nextTimerToken = 1
    private var awaitingLesson = false
    private let evaluator = AnswerEvaluator()
    private let classifier = InputClassifier()
    private let commandPhrases = CommandMatcher(tolerance: .exact)

    /// A machine in IDLE. Prefer ``start(from:lesson:timing:)``, which also returns the
    /// effects that set the runner up.
    public init(timing: SessionTiming = SessionTiming()) {
        self.timing = timing
    }

    /// The state as `session_state` records it.
    public var savedSession: SavedSession {
        SavedSession(state: state, lessonID: lesson?.id, heldSentence: lessonTurn.heldSentence)
    }

    /// Whether a person's words are awaited (see ``SessionState/isListening``).
    public var isListening: Bool { state.isListening && !awaitingLesson }

    /// What the recogniser should be listening for now.
    public var expectedSpeech: ExpectedSpeech {
        Self.expectedSpeech(in: state, turn: turn, lessonTurn: lessonTurn, lesson: lesson)
    }

    /// What the recogniser listens for in `state`: the answers while the review question is
    /// asked, the commands alone during the rest of a lesson, commands and look-ups in IDLE,
    /// and a refusal or another look-up in a look-up's correction window; "continue" (the
    /// correction search, which has it) while a segment is held.
    static func expectedSpeech(in state: SessionState, turn: IdleTurn, lessonTurn: LessonTurn, lesson: Lesson?) -> ExpectedSpeech {
        if state == .questionAsked, let lesson { return .answer(lesson.question.answers) }
        if state == .idle, case .askingFor(let part) = turn { return .missingPart(part) }
        if state == .idle, turn != .waiting { return .correction }
        if lessonTurn != .going { return .correction }
        return state == .idle ? .commands : .lessonCommands
    }

    /// Starts a session, resuming `saved` after a restart or crash.
    ///
    /// A session saved inside a lesson resumes at the start of the segment it was in
    /// (``SessionState/resumePoint``), provided `lesson` is that lesson; a session saved in
    /// IDLE or SESSION_COMPLETE, or whose lesson can no longer be loaded (`lesson` nil or
    /// another lesson), starts in IDLE. The effects start with ``ExpectedSpeech/commands``
    /// and replay the resumed segment's entry (its playback or its timer).
    public static func start(
        from saved: SavedSession?, lesson: Lesson?, timing: SessionTiming = SessionTiming()
    ) -> (SessionMachine, [SessionEffect]) {
        var machine = SessionMachine(timing: timing)
        var effects: [SessionEffect] = [.listen(.commands)]
        guard let saved, saved.state != .idle else { return (machine, effects) }
        let resumePoint = saved.state.resumePoint
        guard resumePoint != .idle, let lesson, lesson.id == saved.lessonID else {
            effects.append(.saveSessionState(.idle))
            return (machine, effects)
        }
        machine.lesson = lesson
        if let sentence = saved.heldSentence, resumePoint == saved.state {
            // Paused before the restart: still paused, waiting for "continue".
            effects += machine.transition(to: resumePoint, holding: sentence)
            return (machine, effects)
        }
        effects += machine.transition(to: resumePoint)
        if resumePoint == .lessonLoaded {
            effects += machine.transition(to: .orientationPlaying)
        }
        return (machine, effects)
    }

    /// Routes what a person said and returns what the runner must do, in order. `typed`:
    /// the words were typed, not heard (a typed question is known by looser rules,
    /// ``InputClassifier/classify(_:heard:)``).
    ///
    /// - A look-up is taken only in IDLE while nothing else is awaited: its reference is said
    ///   and its correction window opened (see the type's rules); a passage that does not
    ///   exist gets its reply there. Anywhere else a look-up is conversation.
    /// - While the review question is asked, a command phrase is a command; other words
    ///   are the answer, unless they open as a question to the course, which gets the
    ///   guardrail's reply while the question stays asked.
    /// - Elsewhere, words that are no command get the reply for their kind (conversation,
    ///   a request for application, a theological question, nothing recognised).
    /// - ``HeardInput/nothing`` gets no reply.
    public mutating func heard(_ input: HeardInput, typed: Bool = false) -> [SessionEffect] {
        let lookupsAccepted = state == .idle && isListening
        if case .correctionWindow(let pending) = turn, lookupsAccepted {
            return heardInCorrectionWindow(input, pending: pending)
        }
        if case .reading = turn, lookupsAccepted {
            return heardWhileReading(input)
        }
        if case .askingFor = turn, lookupsAccepted {
            return heardWhenAsked(input)
        }
        switch input {
        case .nothing:
            return []
        case .command(let command):
            return handle(.command(command))
        case .lookup(let reference):
            return lookupsAccepted ? confirm(reference) : handle(.rejected(.conversation))
        case .refusal:
            // Nothing was about to be done: a bare "no" is conversation.
            return handle(.rejected(.conversation))
        case .control(.resume):
            guard case .held = lessonTurn else { return notNow() }
            return state == .lessonLoaded ? transition(to: .orientationPlaying) : advanceFromReady()
        case .control(.pause):
            // Nothing is playing to hold.
            return notNow()
        case .noSuchPassage(let error):
            return lookupsAccepted ? [.sayNoSuchPassage(error)] : handle(.rejected(.conversation))
        case .uncaughtReference(let part):
            return lookupsAccepted ? notCaught(part) : handle(.rejected(.conversation))
        case .answer(let text):
            guard state == .questionAsked else { return handle(.rejected(classifier.classify(text, heard: !typed))) }
            if let command = commandPhrases.command(for: text) { return handle(.command(command)) }
            return handle(.answer(text))
        case .speech(let text):
            if state == .questionAsked {
                if let command = commandPhrases.command(for: text) { return handle(.command(command)) }
                if !classifier.isQuestion(text, heard: !typed) { return handle(.answer(text)) }
            }
            return handle(.rejected(classifier.classify(text, heard: !typed)))
        }
    }

    /// Handles one event and returns what the runner must do, in order.
    public mutating func handle(_ event: SessionEvent) -> [SessionEffect] {
        switch event {
        case .command(let command):
            return handle(command)
        case .answer(let text):
            guard state == .questionAsked, let lesson else { return [.speakReply(.useValidCommand)] }
            let evaluation = evaluator.evaluate(
                text,
                correctAnswer: lesson.question.correctAnswer,
                acceptableVariants: lesson.question.acceptableVariants
            )
            return transition(
                to: .questionAnswered,
                persisting: [.recordAnswer(lessonID: lesson.id, evaluation)],
                saying: evaluation.reply
            )
        case .rejected(let rejection):
            return [.speakReply(Self.reply(to: rejection))]
        case .playbackFinished(let segment):
            guard state.isPlaying, state.segment == segment else { return [] }
            return finishPlayback()
        case .passageRead:
            guard case .reading = turn else { return [] }
            return move(to: .waiting)
        case .playbackFailed(let segment):
            // Back to the start of the segment the person did not hear, with no timer to
            // move on without them: only its command plays it again.
            guard state.isPlaying || state == .questionAsked, state.segment == segment else { return [] }
            let command: Command = switch state.resumePoint {
            case .contextReady: .explainContext
            case .analysisReady: .analyzeStructure
            case .themesReady: .summarizeThemes
            case .questionReady: .askQuestion
            case .closeReady: .endLesson
            default: .readPassage
            }
            return transition(to: state.resumePoint, saying: .segmentNotPlayed(command), entering: false)
        case .timerFired(let timer):
            guard timer == pendingTimer else { return [] }
            pendingTimer = nil
            if case .correctionWindow(let pending) = turn { return read(pending) }
            if case .askingFor = turn { return move(to: .waiting) }
            switch state {
            case .readingReady, .contextReady, .analysisReady, .themesReady, .questionReady, .closeReady:
                return advanceFromReady()
            case .questionAnswered:
                return transition(to: .closeReady)
            case .sessionComplete:
                return transition(to: .idle)
            default:
                return []
            }
        case .lessonLoaded(let loaded):
            guard awaitingLesson, state == .idle else { return [] }
            awaitingLesson = false
            lesson = loaded
            return transition(to: .lessonLoaded) + transition(to: .orientationPlaying)
        case .lessonUnavailable(let reason):
            guard awaitingLesson else { return [] }
            awaitingLesson = false
            return [.logLessonFailure(reason: reason), .speakReply(.lessonUnavailable)]
        case .allLessonsComplete:
            guard awaitingLesson else { return [] }
            awaitingLesson = false
            return [.speakReply(.allLessonsComplete)]
        }
    }

    // MARK: - Look-ups

    /// Says `reference` and opens its correction window (a window already open is closed:
    /// its timer cancelled, its passage not read).
    private mutating func confirm(_ reference: ScriptureReference) -> [SessionEffect] {
        move(to: .correctionWindow(reference)) + [.sayReference(reference), startTimer(.correctionWindow)]
    }

    /// What was heard while `pending`'s reference had just been said.
    private mutating func heardInCorrectionWindow(_ input: HeardInput, pending: ScriptureReference) -> [SessionEffect] {
        switch input {
        case .lookup(let reference):
            return confirm(reference)
        case .refusal:
            return move(to: .waiting) + [.speakReply(.referenceRefused)]
        case .noSuchPassage(let error):
            return move(to: .waiting) + [.sayNoSuchPassage(error)]
        case .uncaughtReference(let part):
            return notCaught(part)
        case .command(let command):
            return move(to: .waiting) + handle(command)
        case .control(.pause):
            return move(to: .waiting) + [.speakReply(.referenceRefused)]
        case .nothing, .control(.resume):
            // A cough or a door: the window stays open until its timer.
            return []
        case .speech, .answer:
            return read(pending)
        }
    }

    /// A look-up not caught: the part of it that was heard said and the rest asked for
    /// (``IdleTurn/askingFor(_:)``), or, with no part, the reply asking for it again.
    private mutating func notCaught(_ part: PartialReference?) -> [SessionEffect] {
        guard let part else { return move(to: .waiting) + [.speakReply(.referenceNotCaught)] }
        return move(to: .askingFor(part)) + [.askForMissingPart(part), startTimer(.missingPartWait)]
    }

    /// What was heard after the daemon asked for the missing part of a look-up: the part
    /// (completed by hearing into a whole look-up) or another look-up is confirmed as any
    /// look-up is; "no" (or "pause") asks for the reference again; a passage that does not
    /// exist, or one not caught, gets its reply (no second question); a command is carried
    /// out; noise leaves the question open until its timer, other words let it lapse.
    private mutating func heardWhenAsked(_ input: HeardInput) -> [SessionEffect] {
        switch input {
        case .lookup(let reference):
            return confirm(reference)
        case .refusal, .control(.pause):
            return move(to: .waiting) + [.speakReply(.referenceRefused)]
        case .noSuchPassage(let error):
            return move(to: .waiting) + [.sayNoSuchPassage(error)]
        case .uncaughtReference:
            return move(to: .waiting) + [.speakReply(.referenceNotCaught)]
        case .command(let command):
            return move(to: .waiting) + handle(command)
        case .nothing, .control(.resume):
            return []
        case .speech, .answer:
            return move(to: .waiting)
        }
    }

    /// Reads `reference`'s passage (the correction window closed), listening between its
    /// verses for "stop".
    private mutating func read(_ reference: ScriptureReference) -> [SessionEffect] {
        move(to: .reading(reference)) + [.readPassage(reference)]
    }

    /// What was heard between two verses of a passage being read.
    private mutating func heardWhileReading(_ input: HeardInput) -> [SessionEffect] {
        switch input {
        case .refusal, .control(.pause):
            return [.stopReading] + move(to: .waiting)
        case .lookup(let reference):
            return [.stopReading] + confirm(reference)
        case .noSuchPassage(let error):
            return [.stopReading] + move(to: .waiting) + [.sayNoSuchPassage(error)]
        case .uncaughtReference(let part):
            return [.stopReading] + notCaught(part)
        case .command(let command):
            return [.stopReading] + move(to: .waiting) + handle(command)
        case .nothing, .speech, .answer, .control(.resume):
            return []
        }
    }

    // MARK: - Hearing while speaking

    /// Whether `input`, heard while the daemon speaks, cuts its speech: "stop" (or "no",
    /// ``Refusal``) and "pause" always; in IDLE, while nothing else is awaited, a look-up
    /// (or one that names no passage or was not caught) and a command too. Anything else
    /// (noise, conversation, "continue") lets it speak on.
    public func interrupts(_ input: HeardInput) -> Bool {
        switch input {
        case .refusal, .control(.pause):
            return true
        case .lookup, .noSuchPassage, .uncaughtReference, .command:
            return state == .idle && isListening
        case .control(.resume), .answer, .speech, .nothing:
            return false
        }
    }

    /// Whether all the session would do with `input` heard now is answer it: words that are
    /// no command (the guardrail replies), a passage that does not exist, a look-up not
    /// caught. Heard amid talk (sound before or after it without a person's pause), such
    /// input is talk in the room, not put to the daemon: the runtime answers it only when it
    /// stood alone. During the review question words are the answer, which is acted on.
    public func onlyAnswers(_ input: HeardInput) -> Bool {
        switch input {
        case .speech: state != .questionAsked
        case .noSuchPassage, .uncaughtReference: true
        case .command, .lookup, .refusal, .control, .answer, .nothing: false
        }
    }

    /// Routes `input` that cut the daemon's speech (``interrupts(_:)``). `segmentSentence`:
    /// the sentence of the lesson's segment it cut, nil when the speech was no segment.
    ///
    /// A segment cut by "pause" or "stop" is held at that sentence; a verse being read is
    /// treated as between verses ("pause" ends the reading as "stop" does); a reference
    /// being said, as in its correction window; other speech cut by "stop" or "pause" just
    /// ends; a look-up or a command in IDLE is carried out as when heard in silence.
    public mutating func heardOver(_ input: HeardInput, segmentSentence: Int?) -> [SessionEffect] {
        if let sentence = segmentSentence, input == .refusal || input == .control(.pause) {
            return hold(at: sentence)
        }
        switch (turn, input) {
        case (.waiting, .refusal), (.waiting, .control(.pause)):
            return []
        default:
            break
        }
        guard state == .idle else { return [] }
        return heard(input)
    }

    /// Holds the segment playing now at `sentence`: back at the state that plays it on its
    /// command, with no timer, saying so.
    private mutating func hold(at sentence: Int) -> [SessionEffect] {
        let waiting: SessionState = state == .questionAsked ? .questionReady : state.resumePoint
        guard waiting.canHold else { return [] }
        return transition(to: waiting, saying: .paused, holding: sentence)
    }

    /// A command (or "pause", "continue") not valid in this state.
    private mutating func notNow() -> [SessionEffect] {
        switch state {
        case .idle: [.speakReply(.noLessonActive)]
        case .sessionComplete: [.speakReply(.lessonComplete)]
        default: [.speakReply(.useValidCommand)]
        }
    }

    /// Moves IDLE's turn to `next`: a pending timer (the correction window's) cancelled, and
    /// the recogniser's search switched when `next` listens for something else.
    private mutating func move(to next: IdleTurn) -> [SessionEffect] {
        var effects = cancelPendingTimer()
        let listened = expectedSpeech
        turn = next
        if expectedSpeech != listened { effects.append(.listen(expectedSpeech)) }
        return effects
    }

    // MARK: - Commands

    private mutating func handle(_ command: Command) -> [SessionEffect] {
        switch (state, command) {
        case (.idle, .beginLesson):
            if awaitingLesson { return [] }
            awaitingLesson = true
            return [.loadNextLesson]
        case (.idle, _):
            return [.speakReply(.noLessonActive)]
        case (.sessionComplete, .endLesson):
            return transition(to: .idle)
        case (.sessionComplete, _):
            return [.speakReply(.lessonComplete)]
        case (.lessonLoaded, .readPassage):
            return transition(to: .orientationPlaying)
        case (.readingReady, .readPassage), (.contextReady, .explainContext),
             (.analysisReady, .analyzeStructure), (.themesReady, .summarizeThemes),
             (.questionReady, .askQuestion), (.closeReady, .endLesson):
            return advanceFromReady()
        default:
            return [.speakReply(.useValidCommand)]
        }
    }

    private static func reply(to rejection: InputRejection) -> Reply {
        switch rejection {
        case .notRecognized: .commandNotRecognized
        case .conversation: .structuredCourse
        case .applicationRequest: .interpretationNotApplication
        case .theologicalQuestion: .outsideSyllabus
        }
    }

    // MARK: - Transitions

    private mutating func advanceFromReady() -> [SessionEffect] {
        switch state {
        case .readingReady: transition(to: .readingPlaying)
        case .contextReady: transition(to: .contextPlaying)
        case .analysisReady: transition(to: .analysisPlaying)
        case .themesReady: transition(to: .themesPlaying)
        case .questionReady: transition(to: .questionAsked)
        case .closeReady: transition(to: .closePlaying)
        default: []
        }
    }

    private mutating func finishPlayback() -> [SessionEffect] {
        switch state {
        case .orientationPlaying: return transition(to: .readingReady)
        case .readingPlaying: return transition(to: .contextReady)
        case .contextPlaying: return transition(to: .analysisReady)
        case .analysisPlaying: return transition(to: .themesReady)
        case .themesPlaying: return transition(to: .questionReady)
        case .closePlaying:
            guard let lesson else { return transition(to: .idle) }
            return transition(to: .sessionComplete, persisting: [.markLessonComplete(lessonID: lesson.id)])
        default: return []
        }
    }

    /// Moves to `next` and returns, in order: the cancelled timer, `persisting`, the saved
    /// state, the recogniser's new mode, `saying`, and (when `entering`) the new state's
    /// entry actions (its segment, played from the sentence a hold left it at; its timer).
    /// `holding`: the segment of `next` is held at that sentence (no entry actions).
    private mutating func transition(
        to next: SessionState, persisting: [SessionEffect] = [], saying reply: Reply? = nil, entering: Bool = true,
        holding: Int? = nil
    ) -> [SessionEffect] {
        var effects = cancelPendingTimer()
        let listened = expectedSpeech
        let resumeFrom = lessonTurn.heldSentence ?? 0
        lessonTurn = holding.map { .held(sentence: $0) } ?? .going
        let entering = entering && holding == nil
        state = next
        if next == .idle { lesson = nil }
        effects += persisting
        effects.append(.saveSessionState(savedSession))
        if expectedSpeech != listened { effects.append(.listen(expectedSpeech)) }
        if let reply { effects.append(.speakReply(reply)) }
        guard entering else { return effects }

        switch next {
        case .orientationPlaying, .readingPlaying, .contextPlaying, .analysisPlaying,
             .themesPlaying, .questionAsked, .closePlaying:
            if let lesson, let segment = next.segment {
                var playback = lesson.playback(segment)
                playback.fromSentence = resumeFrom
                effects.append(.playSegment(playback))
            }
        case .readingReady, .contextReady, .analysisReady, .themesReady, .closeReady:
            effects.append(startTimer(.autoAdvance))
        case .questionReady where timing.questionAutoAdvance:
            effects.append(startTimer(.autoAdvance))
        case .questionAnswered:
            effects.append(startTimer(.answerFeedback))
        case .sessionComplete:
            effects.append(startTimer(.completionTimeout))
        case .idle, .lessonLoaded, .questionReady:
            break
        }
        return effects
    }

    /// The pending timer's cancellation, if one is pending (it is forgotten).
    private mutating func cancelPendingTimer() -> [SessionEffect] {
        guard let timer = pendingTimer else { return [] }
        pendingTimer = nil
        return [.cancelTimer(timer)]
    }

    private mutating func startTimer(_ kind: TimerKind) -> SessionEffect {
        let timer = SessionTimer(kind: kind, token: nextTimerToken)
        nextTimerToken += 1
        pendingTimer = timer
        return .startTimer(timer, after: timing.duration(of: kind))
    }
}
