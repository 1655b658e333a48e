import Scripture

/// A request for a passage as people say or type it: a look-up verb ("read", "look up",
/// "open", "turn to") and a reference ("read habakkuk two four", "open John 3:16").
public enum LookupPhrase {
    /// Words that ask for a passage; what follows them must be a reference.
    public static let verbs: [[String]] = [["read"], ["look", "up"], ["open"], ["turn", "to"]]

    /// What `words` ask for: the passage, or why it does not exist; nil when they are no
    /// look-up (no verb, more than one passage, or no reference after the verb: "read the
    /// news" is just not a command).
    public static func match(_ words: [String]) -> HeardInput? {
        for verb in verbs where words.count > verb.count && Array(words.prefix(verb.count)) == verb {
            let rest = words.dropFirst(verb.count).joined(separator: " ")
            do {
                let references = try ScriptureReference.parse(rest)
                guard references.count == 1, let reference = references.first else { return nil }
                return .lookup(reference)
            } catch {
                if case .notAReference = error { return nil }
                if case .unknownBook = error { return nil }
                return .noSuchPassage(error)
            }
        }
        return nil
    }

    /// ``match(_:)`` over typed text (split at blanks, lowercase: "Read John 3:16").
    public static func match(text: String) -> HeardInput? {
        match(text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init))
    }
}
