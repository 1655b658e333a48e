import Intents

/// The outcome of judging one spoken answer.
///
/// Holds no trace of what the person said: only whether it was right and which of the
/// curriculum's own answers it matched, which is all ``ProgressStore`` keeps (seed, section 9).
public struct AnswerEvaluation: Sendable, Hashable {
    /// Whether the answer matched the correct answer or an acceptable variant.
    public let isCorrect: Bool
    /// The curriculum text that matched (the correct answer or the variant), nil when wrong.
    public let matchedAnswer: String?
    /// The lesson's correct answer, as the curriculum writes it.
    public let correctAnswer: String

    public init(isCorrect: Bool, matchedAnswer: String?, correctAnswer: String) {
        self.isCorrect = isCorrect
        self.matchedAnswer = matchedAnswer
        self.correctAnswer = correctAnswer
    }

    /// What is spoken: exactly "Correct" or "The answer is <correct_answer>".
    public var reply: Reply {
        isCorrect ? .correct : .answerIs(correctAnswer)
    }
}
