/// Sorts text that is not a command (and not an answer) into the seed's kinds of rejected
/// input, so each gets its fixed reply (seed 5.3, 8.2).
///
/// Deliberately small and keyword-based: the course never engages with what was said, it
/// only picks which fixed sentence to speak. Anything unclear is ``InputRejection/conversation``.
public struct InputClassifier: Sendable {
    public init() {}

    /// The kind of rejected input `text` is.
    public func classify(_ text: String) -> InputRejection {
        let words = TextNormalization.words(text)
        if words.isEmpty { return .notRecognized }
        let joined = " " + words.joined(separator: " ") + " "
        if Self.applicationMarkers.contains(where: { joined.contains(" \($0) ") }) {
            return .applicationRequest
        }
        let asks = Self.questionOpeners.contains(words[0])
        if asks, words.contains(where: { Self.theologicalTerms.contains($0) }) {
            return .theologicalQuestion
        }
        return .conversation
    }

    private static let applicationMarkers = [
        "apply", "application", "my life", "for me", "should i", "to me personally", "in my",
    ]
    private static let questionOpeners: Set<String> = [
        "why", "what", "how", "who", "is", "are", "does", "did", "do", "can", "will", "was", "where", "when",
    ]
    private static let theologicalTerms: Set<String> = [
        "god", "gods", "jesus", "christ", "lord", "spirit", "heaven", "hell", "sin", "sins", "salvation",
        "saved", "grace", "faith", "trinity", "bible", "scripture", "prayer", "pray", "soul", "angels",
        "devil", "satan", "church", "baptism", "resurrection", "eternal",
    ]
}
