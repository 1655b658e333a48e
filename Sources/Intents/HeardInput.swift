import Scripture

/// What a person said (heard by the recogniser or typed), as the session routes it with
/// ``SessionMachine/heard(_:typed:)``: every mode decides the same way what it means.
public enum HeardInput: Sendable, Hashable {
    /// One of the seven commands.
    case command(Command)
    /// A request for a passage that exists ("read Habakkuk chapter two verse four").
    case lookup(ScriptureReference)
    /// A request for a passage that does not exist ("read Jude chapter four").
    case noSuchPassage(ReferenceError)
    /// Words the answer search placed as one of the review question's answers.
    case answer(String)
    /// Words that are none of these (empty when nothing could be made of them).
    case speech(String)
    /// Nothing to answer: silence, a cough, or sound that ran past the longest utterance.
    case nothing
}
