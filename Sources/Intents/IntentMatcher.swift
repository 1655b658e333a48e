import Scripture

/// Turns the words a search accepted into an ``Intent``.
///
/// Commands are matched exactly on the grammar path and fuzzily on the fallback path; a
/// look-up ("read habakkuk chapter two verse four") must name a passage that exists in
/// the Bible, else it is rejected with the reason, never read.
public struct IntentMatcher: Sendable {
    public let commands: CommandMatcher

    public init(tolerance: CommandMatcher.Tolerance = .exact) {
        commands = CommandMatcher(tolerance: tolerance)
    }

    /// The intent of `words` heard on a command search.
    public func command(words: [String]) -> Intent {
        guard !words.isEmpty else { return .rejected(.nothingHeard) }
        let text = words.joined(separator: " ")
        if let command = commands.command(for: text) { return .command(command) }
        switch LookupPhrase.match(words) {
        case .lookup(let reference): return .lookup(reference)
        case .noSuchPassage(let error): return .rejected(.invalidReference(error))
        default: break
        }
        return .rejected(.unmatched)
    }

    /// The intent of `words` heard (or typed) in a look-up's correction window, just after
    /// the daemon said the reference it is about to read, or between the verses it reads: a
    /// refusal ("no", ``Refusal``), a look-up with or without its verb and with or without a
    /// refusal before it ("no, ezra chapter one verse eleven": that passage instead), one of
    /// the seven commands, "pause" or "continue" (``LessonControl``), or nothing it can act
    /// on. The same words are heard while the daemon speaks and while a segment is held.
    public func correction(words: [String]) -> Intent {
        guard !words.isEmpty else { return .rejected(.nothingHeard) }
        if let control = LessonControl.control(words) { return .control(control) }
        if let command = commands.command(for: words.joined(separator: " ")) { return .command(command) }
        let (refused, rest) = Refusal.strip(words)
        if refused && rest.isEmpty { return .refusal }
        let lookup = LookupPhrase.match(rest) ?? LookupPhrase.match(["read"] + rest)
        switch lookup {
        case .lookup(let reference): return .lookup(reference)
        case .noSuchPassage(let error): return .rejected(.invalidReference(error))
        default: return refused ? .refusal : .rejected(.unmatched)
        }
    }

    /// The intent of `words` heard (or typed) after the daemon asked for the part of a
    /// look-up it missed ("Ezra. Which chapter?"): that part said alone ("chapter one verse
    /// eleven", "one eleven", "verse eleven", "eleven"), completed with what `part` holds
    /// (``MissingPart/completed(_:with:)``); anything the correction window hears (a whole
    /// look-up in its place, a refusal, a command); or nothing it can act on.
    public func missingPart(words: [String], of part: PartialReference) -> Intent {
        let whole = correction(words: words)
        guard whole == .rejected(.unmatched) else { return whole }
        switch LookupPhrase.match(MissingPart.completed(words, with: part)) {
        case .lookup(let reference): return .lookup(reference)
        case .noSuchPassage(let error): return .rejected(.invalidReference(error))
        default: return .rejected(.unmatched)
        }
    }

    /// `intent`, heard in one decode as `words`, checked against the words of a second
    /// decode of the same audio: a look-up stands only where those words name the same
    /// passage (the same book, chapter and verses), or ask for the same place in words that
    /// name no book (``samePlace(_:_:)``); else it is ``Rejection/uncertainReference(_:)``
    /// with the part they agree on (``PartialReference/agreed(_:with:)``), for a wrong
    /// passage read aloud is worse than asking again. Other intents stand as they are.
    public func agreed(_ intent: Intent, heardAs words: [String], with other: [String]) -> Intent {
        guard case .lookup(let reference) = intent else { return intent }
        let named = ScriptureReference.find(in: other.joined(separator: " "))
        if named.contains(reference) || (named.isEmpty && samePlace(words, other, of: reference)) { return intent }
        return .rejected(.uncertainReference(partial(of: reference, heardAs: other)))
    }

    /// Whether `other` asks for the place `words` (a look-up of `reference`) asks for, with
    /// other words where the book's name is: the same verb first and the same words after
    /// the book last ("read first current the in chapter sixteen verse two" for "read first
    /// corinthians chapter sixteen verse two"). The language model hears a rare book's name
    /// as everyday words while it hears the numbers as the grammar does.
    func samePlace(_ words: [String], _ other: [String], of reference: ScriptureReference) -> Bool {
        guard let verb = LookupPhrase.verbs.first(where: { words.starts(with: $0) }), other.starts(with: verb) else { return false }
        let afterVerb = words.dropFirst(verb.count)
        guard let name = reference.book.spokenNames.map({ $0.split(separator: " ").map(String.init) })
            .first(where: { afterVerb.starts(with: $0) }) else { return false }
        let place = Array(afterVerb.dropFirst(name.count))
        return !place.isEmpty && other.count > verb.count + place.count && Array(other.suffix(place.count)) == place
    }

    /// The part of `reference` (one decode's look-up) that a second decode's words agree on
    /// (``PartialReference/agreed(_:with:)``), when they open as a look-up does: a look-up verb
    /// or a refusal ("read ezra chapter ten ...", "no ezra ..."), then the book's name.
    public func partial(of reference: ScriptureReference, heardAs other: [String]) -> PartialReference? {
        let (refused, rest) = Refusal.strip(other)
        guard let verb = LookupPhrase.verbs.first(where: { rest.starts(with: $0) }) else {
            return refused ? PartialReference.agreed(reference, with: rest.joined(separator: " ")) : nil
        }
        return PartialReference.agreed(reference, with: rest.dropFirst(verb.count).joined(separator: " "))
    }

    /// The intent of `words` heard (or `typed`) while the review question is asked: the
    /// answer (the course judges it), or nothing. A question to the course ("is there a
    /// god", the answer grammar's `<question>`) is no answer: it is rejected, and its
    /// words get the guardrail's reply. Nor is a question's bare opening ("is god", "should
    /// i"), which the answer grammar can hear without what follows: rejected, not judged.
    public func answer(words: [String], typed: Bool = false) -> Intent {
        guard !words.isEmpty else { return .rejected(.nothingHeard) }
        if isQuestion(words: words, typed: typed) || InputClassifier().opensAsAQuestion(words.joined(separator: " ")) {
            return .rejected(.unmatched)
        }
        return .answer(words.joined(separator: " "))
    }

    /// True when heard (or `typed`) `words` open as a question to the course
    /// (``InputClassifier``).
    public func isQuestion(words: [String], typed: Bool = false) -> Bool {
        InputClassifier().isQuestion(words.joined(separator: " "), heard: !typed)
    }
}
