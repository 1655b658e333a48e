/// The timers of a session: the seed's three (section 3.2), a look-up's correction window
/// and the wait for the missing part of a look-up.
public enum TimerKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// From a READY state to its segment's playback (2 s).
    case autoAdvance
    /// From QUESTION_ANSWERED to CLOSE_READY (1 s).
    case answerFeedback
    /// From SESSION_COMPLETE to IDLE (10 s).
    case completionTimeout
    /// From a look-up's reference said to its passage read, while "no" can still stop it.
    case correctionWindow
    /// From asking for the missing part of a look-up to giving up on the answer.
    case missingPartWait
}

/// How long each timer runs. The defaults are the seed's figures.
public struct SessionTiming: Sendable, Hashable {
    public var autoAdvance: Duration
    public var answerFeedback: Duration
    public var completionTimeout: Duration
    /// How long a look-up's reference is left open to correction before its passage is
    /// read. The daemon takes it from hearing's tuning (`HearingTuning`, where its why is);
    /// a typed session has none: the line after a look-up is its window, and an empty line
    /// or the end of input closes it.
    public var correctionWindow: Duration
    /// How long the answer to "Ezra. Which chapter?" is awaited before the question lapses,
    /// silently: long enough for a person to answer a question put to them, short enough
    /// that the room's later talk is not taken for a chapter.
    public var missingPartWait: Duration
    /// How often progress that could not be written (``ProgressStoreError/notSaved(path:reason:waiting:)``)
    /// is tried again while nothing else is written: each try may wait the store's busy
    /// timeout, so not so often that the session stalls on a database that stays locked.
    public var progressRetry: Duration
    /// Whether QUESTION_READY also advances by itself after ``autoAdvance``. The seed's
    /// diagram has it wait for "Ask the review question" (false, the default); the issue's
    /// wording ("from each READY state") would make it true.
    public var questionAutoAdvance: Bool

    public init(
        autoAdvance: Duration = .seconds(2),
        answerFeedback: Duration = .seconds(1),
        completionTimeout: Duration = .seconds(10),
        correctionWindow: Duration = .zero,
        missingPartWait: Duration = .seconds(8),
        progressRetry: Duration = .seconds(60),
        questionAutoAdvance: Bool = false
    ) {
        self.progressRetry = progressRetry
        self.correctionWindow = correctionWindow
        self.missingPartWait = missingPartWait
        self.autoAdvance = autoAdvance
        self.answerFeedback = answerFeedback
        self.completionTimeout = completionTimeout
        self.questionAutoAdvance = questionAutoAdvance
    }

    public func duration(of kind: TimerKind) -> Duration {
        switch kind {
        case .autoAdvance: autoAdvance
        case .answerFeedback: answerFeedback
        case .completionTimeout: completionTimeout
        case .correctionWindow: correctionWindow
        case .missingPartWait: missingPartWait
        }
    }
}

/// One started timer. The token tells a current timer from a stale one: the machine acts
/// on ``SessionEvent/timerFired(_:)`` only for the timer it started last and has not
/// cancelled, so a late firing can never advance a later state.
public struct SessionTimer: Sendable, Hashable {
    public let kind: TimerKind
    public let token: Int

    public init(kind: TimerKind, token: Int) {
        self.kind = kind
        self.token = token
    }
}
