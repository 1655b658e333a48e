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
