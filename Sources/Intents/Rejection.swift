import Scripture

/// Why an utterance was not acted on.
public enum Rejection: Hashable, Sendable, CustomStringConvertible {
    /// Nothing but silence or noise.
    case nothingHeard
    /// The rejection path explained the speech better than any command.
    case notACommand
    /// A long pause inside the utterance: speech the grammar could only explain as silence.
    case longPause(milliseconds: Int)
    /// The hypothesis fits a command too poorly to act on.
    case lowConfidence(Double)
    /// A passage that does not exist ("Jude chapter four").
    case invalidReference(ReferenceError)
    /// A look-up whose passage the decodes did not agree on: reading one of them could
    /// read the wrong passage. With the part they did agree on (the book, perhaps its
    /// chapter), when there is one.
    case uncertainReference(PartialReference?)
    /// Heard words that map to no intent.
    case unmatched

    /// ``lowConfidence(_:)`` with `confidence` to the thousandth, as it is shown.
    public static func belowThreshold(_ confidence: Double) -> Rejection {
        .lowConfidence((confidence * 1000).rounded() / 1000)
    }

    public var description: String {
        switch self {
        case .nothingHeard: return "nothing heard"
        case .notACommand: return "not a command"
        case .longPause(let ms): return "a pause of \(ms) ms inside the utterance"
        case .lowConfidence(let c): return "confidence \(c) below the threshold"
        case .invalidReference(let error): return "no such passage: \(error)"
        case .uncertainReference(nil): return "the decodes did not agree on the passage"
        case .uncertainReference(let part?): return "the decodes agreed only on \(part.compact)"
        case .unmatched: return "no command matches"
        }
    }
}
