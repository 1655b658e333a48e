/// Why an utterance was not a command (or, while the question is asked, an answer).
public enum InputRejection: Sendable, Hashable {
    /// The recogniser failed or returned gibberish (seed 8.2).
    case notRecognized
    /// Conversation: words, but not a command (seed 5.3).
    case conversation
    /// A request for personal application (seed 5.3).
    case applicationRequest
    /// A theological question outside the syllabus (seed 5.3).
    case theologicalQuestion
}
