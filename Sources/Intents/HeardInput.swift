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
    /// A request for a passage that was not heard surely enough to read any; with the part
    /// of it that was (its book, perhaps its chapter), when there is one, which the session
    /// asks to complete.
    case uncaughtReference(PartialReference?)
    /// "No" (``Refusal``): the passage whose reference was just said is not wanted.
    case refusal
    /// "Pause" or "continue" (``LessonControl``).
    case control(LessonControl)
    /// Words the answer search placed as one of the review question's answers.
    case answer(String)
    /// Words that are none of these (empty when nothing could be made of them).
    case speech(String)
    /// Nothing to answer: silence, a cough, or sound that ran past the longest utterance.
    case nothing
}

extension HeardInput {
    /// What an utterance whose meaning is `intent` asks of the session. Rejected words are
    /// ``speech(_:)`` (`words`, for the session to take as a question to the course or,
    /// during the review question, as a wrong answer), or ``nothing`` when the sound ran
    /// past the longest utterance (`cutAtMaximum`: a steady noise or people talking in the
    /// room; answering it would talk over the room every ten seconds).
    public init(_ intent: Intent, words: String, cutAtMaximum: Bool = false) {
        switch intent {
        case .command(let command): self = .command(command)
        case .lookup(let reference): self = .lookup(reference)
        case .refusal: self = .refusal
        case .control(let control): self = .control(control)
        case .answer(let text): self = .answer(text)
        case .rejected(.nothingHeard): self = .nothing
        case .rejected(.invalidReference(let error)): self = .noSuchPassage(error)
        case .rejected(.uncertainReference(let part)): self = cutAtMaximum ? .nothing : .uncaughtReference(part)
        case .rejected where cutAtMaximum: self = .nothing
        case .rejected: self = .speech(words)
        }
    }
}
