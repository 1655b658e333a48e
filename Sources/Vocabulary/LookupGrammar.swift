import Scripture

/// The look-up rule that knows the Bible: after each book only the chapters it
/// has, and verses up to its largest verse number; a one-chapter book (Jude) takes a
/// verse directly ("jude five"). Fewer impossible paths mean fewer confusions between
/// numbers and fewer phrases that a stray sound can pass for.
///
/// PocketSphinx copies a rule's states at every reference, and each book has its own
/// ranges, so a place names its verse numbers twice and its chapter numbers three times,
/// not once per phrasing (one copy per phrasing decodes slower). The factored form
/// also lets "verses" stand before a single verse ("john three verses sixteen"), which
/// reads the same verse.
///
/// People also name a chapter by its ordinal, before the book ("the twenty third psalm",
/// "the fifth chapter of romans"); those forms are a tenth of the passage rule's weight, and
/// their ordinals come from ``NumberWords``, the table the reference parser reads them with.
///
/// Rules: `lookup` (`<verb> <passage>`), `passage` (the two kinds below),
/// `passage_by_book` (every book with its place), `passage_by_ordinal` ("the Nth psalm",
/// "the Nth chapter of" the books with N chapters or more), `book_<osis>` (the book's
/// spoken names, filled from phrase counts), `place_<C>_<V>` (chapter and verse forms of a
/// book with C chapters and verses up to V), `verse_<V>` (the forms of a one-chapter
/// book), `upto_<N>` (the spoken numbers 1 … N), `ordinal_upto_<N>` (the spoken ordinals
/// 1st … Nth), `ordinal_digit` (first … ninth).
public enum LookupGrammar {
    /// The rule that holds `book`'s spoken names.
    public static func bookRule(_ book: Book) -> String { "book_" + book.osis.lowercased() }

    /// The rules, by name.
    public static func rules() -> [String: GrammarExpansion] {
        let verseWord = GrammarExpansion.anyOf([.word("verse"), .word("verses")])
        var rules: [String: GrammarExpansion] = [
            "lookup": .all([.rule("verb"), .rule("passage")]),
            "passage": .alternatives([.init(weight: 10, .rule("passage_by_book")), .init(weight: 1, .rule("passage_by_ordinal"))]),
            "ordinal_digit": .anyOf((1...9).map { .words(NumberWords.spokenOrdinal($0)) }),
        ]
        var passage: [GrammarExpansion] = []
        var ranges = Set<Int>()
        var byChapterCount: [Int: [Book]] = [:]
        for book in BookCatalog.books {
            let verses = (1...book.chapterCount).compactMap { book.verseCount(chapter: $0) }.max() ?? 1
            let place: String
            let v = GrammarExpansion.rule("upto_\(verses)")
            if book.hasOneChapter {
                place = "verse_\(verses)"
                rules[place] = .anyOf([
                    .all([.optional(.words("chapter one")), .optional(verseWord), v, .optional(.all([.word("through"), v]))]),
                    .words("chapter one"),
                ])
            } else {
                place = "place_\(book.chapterCount)_\(verses)"
                let c = GrammarExpansion.rule("upto_\(book.chapterCount)")
                // "chapter twenty two" is chapter 22: after "chapter", a verse needs its word.
                rules[place] = .anyOf([
                    .all([
                        .anyOf([.all([.word("chapter"), c, verseWord]), .all([c, .optional(verseWord)])]),
                        v, .optional(.all([.word("through"), v])),
                    ]),
                    .all([.optional(.word("chapter")), c]),
                ])
                ranges.insert(book.chapterCount)
            }
            ranges.insert(verses)
            passage.append(.all([.rule(bookRule(book)), .rule(place)]))
            if !book.hasOneChapter { byChapterCount[book.chapterCount, default: []].append(book) }
        }
        rules["passage_by_book"] = .anyOf(passage)
        // "the twenty third psalm"; "the fifth chapter of romans", the books grouped by how
        // many chapters they have so that each hears only the ordinals it has.
        let psalms = BookCatalog.book(id: 19)!
        var byOrdinal: [GrammarExpansion] = [.all([.word("the"), .rule("ordinal_upto_\(psalms.chapterCount)"), .word("psalm")])]
        var ordinalRanges: Set<Int> = [psalms.chapterCount]
        for (count, books) in byChapterCount.sorted(by: { $0.key < $1.key }) {
            byOrdinal.append(.all([.word("the"), .rule("ordinal_upto_\(count)"), .words("chapter of"),
                                        .anyOf(books.map { .rule(bookRule($0)) })]))
            ordinalRanges.insert(count)
        }
        rules["passage_by_ordinal"] = .anyOf(byOrdinal)
        var pending = Array(ranges)
        while let n = pending.popLast() {
            guard rules["upto_\(n)"] == nil else { continue }
            rules["upto_\(n)"] = numbers(upTo: n)
            if n > 100 { pending.append(n - 100) }
        }
        var pendingOrdinals = Array(ordinalRanges)
        while let n = pendingOrdinals.popLast() {
            guard rules["ordinal_upto_\(n)"] == nil else { continue }
            rules["ordinal_upto_\(n)"] = ordinals(upTo: n)
            if n > 100 { pendingOrdinals.append(n - 100) }
        }
        return rules
    }

    /// The spoken ordinals 1st … `n` (`n` ≤ 199), from ``NumberWords/spokenOrdinal(_:)``
    /// ("twenty third", "one hundredth"), with "hundredth" alone and "one hundred and …" too.
    /// Uses `<ordinal_digit>` for a full decade and `<ordinal_upto_(n − 100)>` above one
    /// hundred.
    public static func ordinals(upTo n: Int) -> GrammarExpansion {
        precondition((1...199).contains(n), "look-up ordinals run from 1 to 199")
        var parts: [GrammarExpansion] = (1...min(n, 19)).map { .words(NumberWords.spokenOrdinal($0)) }
        for decade in stride(from: 20, through: min(n, 90), by: 10) {
            parts.append(.words(NumberWords.spokenOrdinal(decade)))
            let word = GrammarExpansion.words(NumberWords.spoken(decade))
            switch min(9, n - decade) {
            case 0: break
            case 9: parts.append(.all([word, .rule("ordinal_digit")]))
            case let top: parts.append(.all([word, .anyOf((1...top).map { .words(NumberWords.spokenOrdinal($0)) })]))
            }
        }
        if n >= 100 { parts.append(.all([.optional(.word("one")), .word("hundredth")])) }
        if n > 100 { parts.append(.all([.words("one hundred"), .optional(.word("and")), .rule("ordinal_upto_\(n - 100)")])) }
        return .anyOf(parts)
    }

    /// The spoken numbers 1 … `n` (`n` ≤ 199), the way a recogniser prints them ("twenty
    /// three", "one hundred nineteen"). Uses `<digit>` for a full decade's units and
    /// `<upto_(n − 100)>` above one hundred.
    public static func numbers(upTo n: Int) -> GrammarExpansion {
        precondition((1...199).contains(n), "look-up numbers run from 1 to 199")
        var parts: [GrammarExpansion] = (1...min(n, 19)).map { .words(NumberWords.spoken($0)) }
        for decade in stride(from: 20, through: min(n, 90), by: 10) {
            let word = GrammarExpansion.words(NumberWords.spoken(decade))
            switch min(9, n - decade) {
            case 0: parts.append(word)
            case 9: parts.append(.all([word, .optional(.rule("digit"))]))
            case let top: parts.append(.all([word, .optional(.anyOf((1...top).map { .words(NumberWords.spoken($0)) }))]))
            }
        }
        if n >= 100 {
            parts.append(n == 100 ? .words("one hundred") : .all([.words("one hundred"), .optional(.rule("upto_\(n - 100)"))]))
        }
        return .anyOf(parts)
    }
}

extension LookupGrammar {
    /// The look-up rule as the command grammar's public rule names it.
    static let rule = "lookup"

    /// The public rule's alternatives, when it names the look-up as one of them.
    private static func publicChoices(_ grammar: Grammar) -> [GrammarExpansion.Alternative]? {
        guard case .alternatives(let choices) = grammar[grammar.root],
              choices.contains(where: { $0.expansion == .rule(rule) }) else { return nil }
        return choices
    }

    /// `grammar` (a command grammar) with the look-up taken out of its public rule: what can
    /// act during a lesson, where a look-up is conversation. The look-up's rules stay defined
    /// but unreached, so PocketSphinx builds none of their states. Nil when the public rule
    /// names no look-up (a user grammar of other sentences).
    public static func withoutLookups(_ grammar: Grammar) -> Grammar? {
        guard let choices = publicChoices(grammar) else { return nil }
        let kept = choices.filter { $0.expansion != .rule(rule) }
        return grammar.setting(grammar.root, to: .oneOf(kept))
    }

    /// `grammar` (a command grammar) whose public rule hears what may be said in a look-up's
    /// correction window and between the verses it reads: a refusal ("no"), alone or before
    /// a look-up or a bare passage ("no, esther chapter one verse eleven"), a look-up or a
    /// passage alone, a command, or "pause" / "continue" (`<control>`, where the grammar has
    /// it). The same search hears the person while the daemon speaks and while a lesson's
    /// segment is held. The other rules stay defined but unreached. Nil when
    /// the grammar has no `<refusal>`, no `<command>` or no look-up (a user grammar of other
    /// sentences).
    ///
    /// Where the look-up is `<verb> <passage>` (the compiled grammar's), the passage is named
    /// once, behind an optional refusal and an optional verb: the same sentences, each with
    /// the same weight (every alternative and every optional part 1, as PocketSphinx reads
    /// unweighted JSGF), but one copy of the passage's states where
    /// `<refusal> [<lookup> | <passage>] | <lookup> | <passage>` made four, which held 60 MB
    /// more of the daemon's memory and decoded slower
    /// (docs/measurements/2026-11-29-idle-memory.md).
    public static func correction(_ grammar: Grammar) -> Grammar? {
        guard grammar[BibleVocabulary.refusalRule] != nil, grammar[BibleVocabulary.commandRule] != nil,
              publicChoices(grammar) != nil else { return nil }
        let refusal = GrammarExpansion.rule(BibleVocabulary.refusalRule), passage = GrammarExpansion.rule("passage")
        var choices: [GrammarExpansion]
        if grammar[rule] == .sequence([.rule("verb"), passage]) {
            choices = [.sequence([.optional(refusal), .optional(.rule("verb")), passage]), refusal]
        } else {
            choices = [.sequence([refusal, .optional(.anyOf([.rule(rule), passage]))]), .rule(rule), passage]
        }
        choices.append(.rule(BibleVocabulary.commandRule))
        if grammar[BibleVocabulary.controlRule] != nil { choices.append(.rule(BibleVocabulary.controlRule)) }
        return grammar.setting(grammar.root, to: .anyOf(choices))
    }

    /// `grammar` (a command grammar) whose public rule hears an answer to "Ezra. Which
    /// chapter?" or "Ezra chapter one. Which verse?": the part alone (`<part>`: "chapter one
    /// verse eleven", "one eleven", "verse eleven", "eleven through fourteen", with numbers
    /// up to the Bible's most chapters and verses; the book's own bounds are checked when
    /// the part is completed), a refusal ("no"), a command, or "pause" / "continue". No whole
    /// look-up: the look-up's states are most of a grammar's, and a second copy of them cost
    /// the decoder as much memory again ("no", then the reference, names another passage).
    /// Nil where ``correction(_:)`` is.
    public static func missingPart(_ grammar: Grammar) -> Grammar? {
        guard correction(grammar) != nil else { return nil }
        let chapters = BookCatalog.books.map(\.chapterCount).max() ?? 1
        let verses = BookCatalog.books.flatMap { book in (1...book.chapterCount).compactMap { book.verseCount(chapter: $0) } }.max() ?? 1
        let c = GrammarExpansion.rule("upto_\(chapters)"), v = GrammarExpansion.rule("upto_\(verses)")
        let verseWord = GrammarExpansion.anyOf([.word("verse"), .word("verses")])
        let through = GrammarExpansion.optional(.sequence([.word("through"), v]))
        var choices: [GrammarExpansion] = [.rule(BibleVocabulary.refusalRule), .rule(BibleVocabulary.commandRule)]
        if grammar[BibleVocabulary.controlRule] != nil { choices.append(.rule(BibleVocabulary.controlRule)) }
        choices.append(.rule(partRule))
        let part = GrammarExpansion.anyOf([
            .sequence([.word("chapter"), c, .optional(.sequence([verseWord, v, through]))]),
            .sequence([.optional(verseWord), v, through]),
            .sequence([c, v]),
        ])
        return grammar.setting(grammar.root, to: .anyOf(choices)).setting(partRule, to: part, after: grammar.root)
    }

    /// The rule of a missing part's answer.
    static let partRule = "part"
}
