import Foundation
import Scripture

/// The knowledge-check question of a lesson (segment 6).
public struct ReviewQuestion: Sendable, Hashable {
    /// The question as spoken.
    public let script: String
    /// The canonical answer, said back when the answer is wrong.
    public let correctAnswer: String
    /// Other answers accepted as correct.
    public let acceptableVariants: [String]
    /// Every answer taken as right: the correct one, then its variants.
    public var answers: [String] { [correctAnswer] + acceptableVariants }

    public init(script: String, correctAnswer: String, acceptableVariants: [String]) {
        self.script = script
        self.correctAnswer = correctAnswer
        self.acceptableVariants = acceptableVariants
    }
}
