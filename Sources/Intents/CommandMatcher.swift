/// Maps recognised text to one of the seven ``Command``s, or to nothing.
///
/// In ``Tolerance/exact`` mode (the seed's preferred strategy, used when the recogniser
/// runs the command grammar) the text must equal a canonical phrase after normalisation:
/// case, punctuation and spacing are ignored, nothing else is.
///
/// ``Tolerance/fuzzy`` mode is for the fallback path where the recogniser is a general
/// language model and may return "begin lesson" or "analyse the structure". It accepts:
/// - the canonical phrase without articles ("begin lesson"), with "please" before or after,
///   and the short forms "summarize the themes" and "ask the question";
/// - per-word spelling slips, bounded by the word's length (none for words of up to three
///   letters, one for up to seven, two for longer ones) and at most two in the whole phrase.
///
/// Conversational text never matches: the word count must equal a command form's word
/// count, every word must be close to its counterpart, and text close to two commands
/// matches neither. "begin the dishes", "read me the news" and "can you explain the
/// context of this to me" are rejected.
public struct CommandMatcher: Sendable {
    /// How far recognised text may stray from a canonical phrase.
    public enum Tolerance: Sendable, Hashable {
        /// Equal after normalisation only.
        case exact
        /// Small variations and bounded spelling slips (see ``CommandMatcher``).
        case fuzzy
    }

    /// The tolerance this matcher applies.
    public let tolerance: Tolerance

    public init(tolerance: Tolerance = .exact) {
        self.tolerance = tolerance
    }

    /// The command `text` names, or nil when it names none.
    public func command(for text: String) -> Command? {
        let words = TextNormalization.words(text)
        guard !words.isEmpty else { return nil }
        if let exact = Self.exactForms[words.joined(separator: " ")] {
            return exact
        }
        guard tolerance == .fuzzy else { return nil }
        return fuzzyCommand(for: words)
    }

    // MARK: - Fuzzy matching

    private static let exactForms: [String: Command] = Dictionary(
        uniqueKeysWithValues: Command.allCases.map { (TextNormalization.words($0.phrase).joined(separator: " "), $0) }
    )

    private static let ignoredWords: Set<String> = ["the", "a", "an"]
    private static let maximumTotalDistance = 2

    /// Each command's accepted word sequences once articles are removed.
    private static let fuzzyForms: [(Command, [String])] = {
        var forms: [(Command, [String])] = Command.allCases.map { command in
            (command, TextNormalization.words(command.phrase).filter { !ignoredWords.contains($0) })
        }
        forms.append((.summarizeThemes, ["summarize", "themes"]))
        forms.append((.askQuestion, ["ask", "question"]))
        return forms
    }()

    private func fuzzyCommand(for input: [String]) -> Command? {
        var words = input.filter { !Self.ignoredWords.contains($0) }
        if words.first == "please" { words.removeFirst() }
        if words.last == "please" { words.removeLast() }
        guard !words.isEmpty, words.count <= 3 else { return nil }

        var matches: Set<Command> = []
        for (command, form) in Self.fuzzyForms where form.count == words.count {
            var total = 0
            var close = true
            for (spoken, expected) in zip(words, form) {
                let allowance = Self.allowance(for: expected)
                let distance = TextNormalization.editDistance(spoken, expected, limit: allowance)
                if distance > allowance {
                    close = false
                    break
                }
                total += distance
            }
            if close && total <= Self.maximumTotalDistance {
                matches.insert(command)
            }
        }
        return matches.count == 1 ? matches.first : nil
    }

    /// How many single-letter edits a word of the canonical phrase tolerates.
    private static func allowance(for word: String) -> Int {
        switch word.count {
        case ...3: 0
        case 4...7: 1
        default: 2
        }
    }
}
