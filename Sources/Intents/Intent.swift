import Scripture

/// What an utterance means to the course: one of the seven commands, a request to read a
/// passage, a refusal of the passage just named (``Refusal``), "pause" or "continue"
/// (``LessonControl``), an answer to the review
/// question, or nothing the daemon may act on.
public enum Intent: Hashable, Sendable {
    case command(Command)
    case lookup(ScriptureReference)
    /// "No" (``Refusal/words``) said in a look-up's correction window.
    case refusal
    /// "Pause" or "continue" (``LessonControl``), said while the daemon speaks or while a
    /// lesson's segment is held.
    case control(LessonControl)
    case answer(String)
    case rejected(Rejection)

    /// True when the daemon may act on it.
    public var isAccepted: Bool {
        if case .rejected = self { return false }
        return true
    }
}
