import Scripture

/// The look-up rule as JSGF that knows the Bible: after each book only the chapters it
/// has, and verses up to its largest verse number; a one-chapter book (Jude) takes a
/// verse directly ("jude five"). Fewer impossible paths mean fewer confusions between
/// numbers and fewer phrases that a stray sound can pass for.
///
/// PocketSphinx copies a rule's states at every reference, and each book has its own
/// ranges, so a place names its verse numbers twice and its chapter numbers three times,
/// not once per phrasing (one copy per phrasing decoded 1.45x slower). The factored form
/// also lets "verses" stand before a single verse ("john three verses sixteen"), which
/// reads the same verse.
///
/// Rules: `lookup` (`<verb> <passage>`), `passage` (every book with its place),
/// `book_<osis>` (the book's spoken names, filled from phrase counts), `place_<C>_<V>`
/// (chapter and verse forms of a book with C chapters and verses up to V), `verse_<V>`
/// (the forms of a one-chapter book), `upto_<N>` (the spoken numbers 1 … N).
public enum LookupGrammar {
    /// The rule that holds `book`'s spoken names.
    public static func bookRule(_ book: Book) -> String { "book_" + book.osis.lowercased() }

    /// The JSGF rules, by name.
    public static func rules() -> [String: String] {
        var rules: [String: String] = ["lookup": "<verb> <passage>"]
        var passage: [String] = []
        var ranges = Set<Int>()
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
        }
        rules["passage"] = passage.joined(separator: " | ")
        var pending = Array(ranges)
        while let n = pending.popLast() {
            guard rules["upto_\(n)"] == nil else { continue }
            rules["upto_\(n)"] = numbers(upTo: n)
            if n > 100 { pending.append(n - 100) }
        }
        return rules
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
