/// The session as `session_state` records it: enough to resume after a crash.
public struct SavedSession: Sendable, Hashable {
    public let state: SessionState
    /// The active lesson; nil in IDLE.
    public let lessonID: String?
    /// The segment number (1 ... 7) of the state; nil in IDLE.
    public let segment: Int?
    /// The sentence a held segment resumes from ("pause", ``LessonTurn``); nil when none is
    /// held. Only a state that waits for its segment's command holds one.
    public let heldSentence: Int?

    public init(state: SessionState, lessonID: String?, heldSentence: Int? = nil) {
        self.state = state
        self.lessonID = state == .idle ? nil : lessonID
        self.segment = state == .idle ? nil : state.segment?.number
        self.heldSentence = state.canHold ? heldSentence.map { max(0, $0) } : nil
    }

    /// No lesson active.
    public static let idle = SavedSession(state: .idle, lessonID: nil)
}
