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
    /// during the review question, as a wrong answer). Sound that ran past the longest
    /// utterance, or went on after it without a pause (`cutAtMaximum`: a steady noise,
    /// people talking, a chapter read aloud in the room), is ``nothing`` whatever was heard
    /// in it: not meant for the daemon, so neither acted on nor answered (answering it
    /// would talk over the room every ten seconds; a verse's tail can sound like a look-up).
    public init(_ intent: Intent, words: String, cutAtMaximum: Bool = false) {
        if cutAtMaximum {
            self = .nothing
            return
        }
        switch intent {
        case .command(let command): self = .command(command)
        case .lookup(let reference): self = .lookup(reference)
        case .refusal: self = .refusal
        case .control(let control): self = .control(control)
        case .answer(let text): self = .answer(text)
        case .rejected(.nothingHeard): self = .nothing
        case .rejected(.invalidReference(let error)): self = .noSuchPassage(error)
        case .rejected(.uncertainReference(let part)): self = .uncaughtReference(part)
        case .rejected: self = .speech(words)
        }
    }
}
