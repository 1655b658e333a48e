import Scripture

/// The look-up rule as JSGF that knows the Bible: after each book only the chapters it
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

    /// The JSGF rules, by name.
    public static func rules() -> [String: String] {
        var rules: [String: String] = [
            "lookup": "<verb> <passage>",
            "passage": "/10/ <passage_by_book> | /1/ <passage_by_ordinal>",
            "ordinal_digit": (1...9).map(NumberWords.spokenOrdinal).joined(separator: " | "),
        ]
        var passage: [String] = []
        var ranges = Set<Int>()
        var byChapterCount: [Int: [Book]] = [:]
        for book in BookCatalog.books {
            let verses = (1...book.chapterCount).compactMap { book.verseCount(chapter: $0) }.max() ?? 1
            let place: String
            if book.hasOneChapter {
                place = "verse_\(verses)"
                rules[place] = "[chapter one] [verse | verses] <upto_\(verses)> [through <upto_\(verses)>] | chapter one"
            } else {
                place = "place_\(book.chapterCount)_\(verses)"
                let c = "<upto_\(book.chapterCount)>", v = "<upto_\(verses)>"
                // "chapter twenty two" is chapter 22: after "chapter", a verse needs its word.
                rules[place] = "(chapter \(c) (verse | verses) | \(c) [verse | verses]) \(v) [through \(v)] | [chapter] \(c)"
                ranges.insert(book.chapterCount)
            }
            ranges.insert(verses)
            passage.append("<\(bookRule(book))> <\(place)>")
            if !book.hasOneChapter { byChapterCount[book.chapterCount, default: []].append(book) }
        }
        rules["passage_by_book"] = passage.joined(separator: " | ")
        // "the twenty third psalm"; "the fifth chapter of romans", the books grouped by how
        // many chapters they have so that each hears only the ordinals it has.
        let psalms = BookCatalog.book(id: 19)!
        var byOrdinal = ["the <ordinal_upto_\(psalms.chapterCount)> psalm"]
        var ordinalRanges: Set<Int> = [psalms.chapterCount]
        for (count, books) in byChapterCount.sorted(by: { $0.key < $1.key }) {
            let names = books.map { "<\(bookRule($0))>" }.joined(separator: " | ")
            byOrdinal.append("the <ordinal_upto_\(count)> chapter of (\(names))")
            ordinalRanges.insert(count)
        }
        rules["passage_by_ordinal"] = byOrdinal.joined(separator: " | ")
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

    /// The spoken ordinals 1st … `n` (`n` ≤ 199) as a JSGF expansion, from
    /// ``NumberWords/spokenOrdinal(_:)`` ("twenty third", "one hundredth"), with "hundredth"
    /// alone and "one hundred and …" too. Uses `<ordinal_digit>` for a full decade and
    /// `<ordinal_upto_(n − 100)>` above one hundred.
    public static func ordinals(upTo n: Int) -> String {
        precondition((1...199).contains(n), "look-up ordinals run from 1 to 199")
        var parts = (1...min(n, 19)).map(NumberWords.spokenOrdinal)
        for decade in stride(from: 20, through: min(n, 90), by: 10) {
            parts.append(NumberWords.spokenOrdinal(decade))
            let word = NumberWords.spoken(decade)
            switch min(9, n - decade) {
            case 0: break
            case 9: parts.append("\(word) <ordinal_digit>")
            case let top: parts.append("\(word) (\((1...top).map(NumberWords.spokenOrdinal).joined(separator: " | ")))")
            }
        }
        if n >= 100 { parts.append("[one] hundredth") }
        if n > 100 { parts.append("one hundred [and] <ordinal_upto_\(n - 100)>") }
        return parts.joined(separator: " | ")
    }

    /// The spoken numbers 1 … `n` (`n` ≤ 199) as a JSGF expansion, the way a recogniser
    /// prints them ("twenty three", "one hundred nineteen"). Uses `<digit>` for a full
    /// decade's units and `<upto_(n − 100)>` above one hundred.
    public static func numbers(upTo n: Int) -> String {
        precondition((1...199).contains(n), "look-up numbers run from 1 to 199")
        var parts = (1...min(n, 19)).map(NumberWords.spoken)
        for decade in stride(from: 20, through: min(n, 90), by: 10) {
            let word = NumberWords.spoken(decade)
            switch min(9, n - decade) {
            case 0: parts.append(word)
            case 9: parts.append("\(word) [<digit>]")
            case let top: parts.append("\(word) [\((1...top).map(NumberWords.spoken).joined(separator: " | "))]")
            }
        }
        if n >= 100 { parts.append(n == 100 ? "one hundred" : "one hundred [<upto_\(n - 100)>]") }
        return parts.joined(separator: " | ")
    }
}

extension LookupGrammar {
    /// The reference to the look-up rule as the command grammar's public rule names it.
    static let reference = "<lookup>"

    /// `jsgf` (a command grammar) with the look-up taken out of its public rule: what can act
    /// during a lesson, where a look-up is conversation. The look-up's rules stay defined but
    /// unreached, so PocketSphinx builds none of their states. Nil when the public rule names
    /// no look-up (a user grammar of other sentences).
    public static func withoutLookups(_ jsgf: String) -> String? {
        var found = false
        let lines = jsgf.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("public <"), line.contains(reference) else { return String(line) }
            found = true
            var text = String(line)
            for form in [" | \(reference)", "\(reference) | "] {
                text = text.replacingOccurrences(of: form, with: "")
            }
            return text
        }
        guard found, !lines.contains(where: { $0.hasPrefix("public <") && $0.contains(reference) }) else { return nil }
        return lines.joined(separator: "\n")
    }

    /// `jsgf` (a command grammar) whose public rule hears what may be said in a look-up's
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
    public static func correction(_ jsgf: String) -> String? {
        var lines = jsgf.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.contains(where: { $0.hasPrefix("<refusal> =") }), lines.contains(where: { $0.hasPrefix("<command> =") }),
              let index = lines.firstIndex(where: { $0.hasPrefix("public <") && $0.contains(reference) }),
              let name = lines[index].split(separator: " ").dropFirst().first else { return nil }
        let control = lines.contains(where: { $0.hasPrefix("<control> =") }) ? " | <control>" : ""
        let passages = lines.contains("\(reference) = <verb> <passage>;")
            ? "[<refusal>] [<verb>] <passage> | <refusal>"
            : "<refusal> [\(reference) | <passage>] | \(reference) | <passage>"
        lines[index] = "public \(name) = \(passages) | <command>\(control);"
        return lines.joined(separator: "\n")
    }

    /// `jsgf` (a command grammar) whose public rule hears an answer to "Ezra. Which
    /// chapter?" or "Ezra chapter one. Which verse?": the part alone (`<part>`: "chapter one
    /// verse eleven", "one eleven", "verse eleven", "eleven through fourteen", with numbers
    /// up to the Bible's most chapters and verses; the book's own bounds are checked when
    /// the part is completed), a refusal ("no"), a command, or "pause" / "continue". No whole
    /// look-up: the look-up's states are most of a grammar's, and a second copy of them cost
    /// the decoder as much memory again ("no", then the reference, names another passage).
    /// Nil where ``correction(_:)`` is.
    public static func missingPart(_ jsgf: String) -> String? {
        guard correction(jsgf) != nil else { return nil }
        let chapters = BookCatalog.books.map(\.chapterCount).max() ?? 1
        let verses = BookCatalog.books.flatMap { book in (1...book.chapterCount).compactMap { book.verseCount(chapter: $0) } }.max() ?? 1
        let c = "<upto_\(chapters)>", v = "<upto_\(verses)>"
        var lines = jsgf.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let index = lines.firstIndex(where: { $0.hasPrefix("public <") && $0.contains(reference) }),
              let name = lines[index].split(separator: " ").dropFirst().first else { return nil }
        let control = lines.contains(where: { $0.hasPrefix("<control> =") }) ? " | <control>" : ""
        lines[index] = "public \(name) = <refusal> | <command>\(control) | <part>;"
        lines.insert("<part> = chapter \(c) [(verse | verses) \(v) [through \(v)]] | [verse | verses] \(v) [through \(v)] | \(c) \(v);", at: index + 1)
        return lines.joined(separator: "\n")
    }
}
