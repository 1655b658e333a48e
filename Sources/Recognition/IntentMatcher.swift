import Course
import Scripture

/// Turns the words a search accepted into an ``Intent``.
///
/// Commands are matched exactly on the grammar path and fuzzily on the fallback path; a
/// look-up ("read habakkuk chapter two verse four") must name a passage that exists in
/// the Bible, else it is rejected with the reason, never read.
public struct IntentMatcher: Sendable {
    /// Words that ask for a passage; what follows them must be a reference.
    public static let lookupVerbs: [[String]] = [["read"], ["look", "up"], ["open"], ["turn", "to"]]

    public let commands: CommandMatcher

    public init(tolerance: CommandMatcher.Tolerance = .exact) {
        commands = CommandMatcher(tolerance: tolerance)
    }

    /// The intent of `words` heard on a command search.
    public func command(words: [String]) -> Intent {
        guard !words.isEmpty else { return .rejected(.nothingHeard) }
        let text = words.joined(separator: " ")
        if let command = commands.command(for: text) { return .command(command) }
        for verb in Self.lookupVerbs where words.count > verb.count && Array(words.prefix(verb.count)) == verb {
            let rest = words.dropFirst(verb.count).joined(separator: " ")
            do {
                let references = try ScriptureReference.parse(rest)
                guard references.count == 1, let reference = references.first else { return .rejected(.unmatched) }
                return .lookup(reference)
            } catch {
                // Words that look like a reference but are not one are "no such passage";
                // anything else after "read" is just not a command.
                if case .notAReference = error { return .rejected(.unmatched) }
                if case .unknownBook = error { return .rejected(.unmatched) }
                return .rejected(.invalidReference(error))
            }
        }
        return .rejected(.unmatched)
    }

    /// The intent of `words` heard while the review question is asked: the answer as
    /// heard (the course judges it), or nothing. A question to the course ("is there a
    /// god", the answer grammar's `<question>`) is no answer: it is rejected, and its
    /// words get the guardrail's reply.
    public func answer(words: [String]) -> Intent {
        guard !words.isEmpty else { return .rejected(.nothingHeard) }
        if isQuestion(words: words) { return .rejected(.unmatched) }
        return .answer(words.joined(separator: " "))
    }

    /// True when heard `words` open as a question to the course (``InputClassifier``).
    public func isQuestion(words: [String]) -> Bool {
        InputClassifier().isQuestion(words.joined(separator: " "), heard: true)
    }
}
