/// Reads references from written and spoken text.
///
/// The grammar, over ``ReferenceToken``s:
///
///     list       := reference { (";" | "," | "and") (reference | continuation) }
///     reference  := ["the"] [ORD] [title] BOOK [","] spec | placeFirst
///     title      := "book" "of" | "gospel" ("of" | "according" "to")
///                 | ("letter" | "epistle") ("to" ["the"] | "of")
///     spec       := ["chapter"] N [(":" | "verse") N | N | "title"] ["ff"] [range]
///                 | ["chapter"] N verseTail | ["the"] ORD "chapter" [verseTail]
///                 | "verse" N [range]                      (one-chapter books)
///     placeFirst := ["the"] ORD ("chapter" "of" BOOK | "psalm") [verseTail]
///                 | "chapter" N "of" BOOK [verseTail]
///                 | (["the"] ORD "verse" | "verse" N) "of" (placeFirst | BOOK ["chapter"] N | BOOK)
///     verseTail  := [","] ("verse" N [range] | ["the"] ORD "verse" [range])
///     range      := ("-" | "through" | "to") (["chapter"] N (":" | "verse" | N) N | ["verse"] N)
///
/// Two numbers in a row are chapter and verse ("thirteen four"); a lone number after a
/// one-chapter book is a verse ("Jude 3"); after "," or "and" a lone number is another
/// verse of the chapter before it, after ";" another chapter, except that after "chapter N"
/// said with its word a "," is a pause ("chapter thirteen, four through seven" stays in
/// chapter 13). A number said compressed ("psalm one thirty nine", "one nineteen") is read
/// as one number of hundreds only when the plain reading (Psalm 1:39) is no passage of this
/// Bible; the plain reading wins whenever it is one. A translation's abbreviation at the end
/// ("John 3:16 NIV") is left out.
struct ReferenceParser {
    private let text: String
    private var tokens: [ReferenceToken]
    /// Where a unit word and a spoken 10...99 may be one number (``ReferenceToken/tokenizeWithCompressedNumbers(_:)``).
    private let compressed: [ReferenceToken.CompressedNumber]
    private var position = 0

    private static let chapterWords: Set<String> = ["chapter", "chapters", "ch", "chap", "chs"]
    private static let verseWords: Set<String> = ["verse", "verses", "v", "vs", "vv", "ver"]
    private static let rangeWords: Set<String> = ["through", "thru", "to", "until", "till"]
    private static let followingWords: Set<String> = ["ff", "f", "following"]
    private static let titleWords: Set<String> = ["title", "superscription", "heading"]
    private static let psalmWords: Set<String> = ["psalm", "psalms"]
    /// Translations' abbreviations that transcribers print after a reference.
    private static let translations: Set<String> = [
        "bsb", "kjv", "nkjv", "niv", "esv", "nasb", "nlt", "rsv", "nrsv", "csb", "hcsb", "asv",
        "web", "net", "amp", "msg", "nab", "nabre", "njb", "jb", "dra", "lsb", "leb",
    ]
    /// What recognisers write for a spoken "verse" (measured: the Bible-domain language model
    /// and the stock one on Piper's voice, "chapter twenty three burst nineteen"). Read as
    /// "verse" only in running text, between "chapter N" and a number. "first", the other
    /// word heard, is an ordinal token (``consumeMisheardVerse()``).
    private static let misheardVerseWords: Set<String> = ["burst"]
    /// Running text (``find(ambiguous:)``) rather than a reference on its own.
    private var running = false

    init(text: String) {
        self.text = text
        (tokens, compressed) = ReferenceToken.tokenizeWithCompressedNumbers(text)
        if tokens.count > 1, case .word(let w) = tokens[tokens.count - 1], Self.translations.contains(w) {
            tokens.removeLast()
        }
    }

    /// The references of a text that is nothing but references; the plain reading first,
    /// then, if it is no passage, readings with compressed numbers joined (fewest first).
    mutating func parse() throws(ReferenceError) -> [ScriptureReference] {
        let plain = tokens
        do throws(ReferenceError) {
            return try parseTokens()
        } catch {
            for reading in Self.compressedReadings(plain, compressed) {
                tokens = reading
                position = 0
                if let references = try? parseTokens() { return references }
            }
            throw error
        }
    }

    /// The readings of `tokens` with some compressed numbers joined, fewest joins first:
    /// each pair (1, 51) may stay, be 151, or be 150 then 1.
    private static func compressedReadings(
        _ tokens: [ReferenceToken], _ compressed: [ReferenceToken.CompressedNumber]
    ) -> [[ReferenceToken]] {
        guard !compressed.isEmpty, compressed.count <= 4 else { return [] }
        var choices: [[Int]] = [[]]  // per pair: 0 plain, 1 joined, 2 joined at the tens
        for pair in compressed {
            let options = pair.tens == nil ? [0, 1] : [0, 1, 2]
            choices = choices.flatMap { prefix in options.map { prefix + [$0] } }
        }
        choices.removeAll { $0.allSatisfy { $0 == 0 } }
        choices.sort { $0.filter { $0 != 0 }.count < $1.filter { $0 != 0 }.count }
        return choices.map { choice in
            var out = tokens
            for (pair, option) in zip(compressed, choice).reversed() where option != 0 {
                guard case .number(let hundreds) = out[pair.index], case .number(let rest) = out[pair.index + 1] else { continue }
                if option == 1 {
                    out.replaceSubrange(pair.index...(pair.index + 1), with: [.number(hundreds * 100 + rest)])
                } else if let tens = pair.tens {
                    out.replaceSubrange(pair.index...(pair.index + 1), with: [.number(hundreds * 100 + tens), .number(rest - tens)])
                }
            }
            return out
        }
    }

    private mutating func parseTokens() throws(ReferenceError) -> [ScriptureReference] {
        guard !tokens.isEmpty else {
            if text.allSatisfy(\.isWhitespace) { throw .empty }
            throw .notAReference(trimmed)
        }
        for token in tokens {
            if case .junk(let c) = token { throw .notAReference(trimmed, unread: String(c)) }
        }
        var references: [ScriptureReference] = []
        var separator: ReferenceToken? = nil
        while position < tokens.count {
            if let reference = try readReference() {
                references.append(reference)
            } else if let previous = references.last, let separator {
                // A continuation in the same book.
                let verseOf = separator == .semicolon || previous.isWholeChapters ? nil : previous.end.chapter
                references.append(try readSpec(previous.book, verseOf: verseOf))
            } else {
                throw references.isEmpty ? unknownBook() : unreadable()
            }
            guard position < tokens.count else { break }
            switch tokens[position] {
            case .semicolon, .comma, .word("and"):
                separator = tokens[position]
                position += 1
            default:
                throw unreadable()
            }
        }
        return Self.joinAdjacent(references)
    }

    /// A reference that starts here: a book and what follows it, or a form that says the
    /// place before the book. Nil, with nothing consumed, when no book or place starts here.
    private mutating func readReference() throws(ReferenceError) -> ScriptureReference? {
        if let reference = try readPlaceFirst() { return reference }
        guard let book = readBook() else { return nil }
        return try readSpec(book, verseOf: nil)
    }

    /// Every reference in running text ("as it says in habakkuk two four, the righteous
    /// ..."): at each book name the reference that reads from there, in order; words that
    /// do not read as one are passed over. A book named by an everyday word (`ambiguous`:
    /// "job", "mark", "acts") counts only when more than a lone number follows it ("job
    /// chapter two", "mark twelve thirty") or "book of" comes before it, so "a job two
    /// years ago" names no passage.
    mutating func find(ambiguous: (String) -> Bool) -> [ScriptureReference] {
        running = true
        defer { running = false }
        splitMisheardVerseAfterRoundChapters()
        var found: [ScriptureReference] = []
        var start = 0
        while start < tokens.count {
            position = start
            if let reference = try? readPlaceFirst() {
                found.append(reference)
                start = max(position, start + 1)
                continue
            }
            position = start
            if let book = readBook() {
                let name = tokens[start..<position].compactMap { token -> String? in
                    if case .word(let w) = token { w } else { nil }
                }
                let nameEnd = position
                let bookName = name.drop { $0 == "the" }.joined(separator: " ")
                if let reference = try? readSpec(book, verseOf: nil),
                   position - nameEnd >= 2 || name.contains("book") || !ambiguous(bookName) {
                    found.append(reference)
                    start = position
                    continue
                }
            }
            start += 1
        }
        return Self.joinAdjacent(found)
    }

    /// The books named in running text, in order, each where its longest name is read (the
    /// numbers after it need not read as a passage): what two decodes of one look-up can still
    /// agree on when they heard different numbers.
    mutating func books() -> [Book] {
        var found: [Book] = []
        position = 0
        while position < tokens.count {
            let start = position
            if let book = readBook() {
                found.append(book)
            } else {
                position = start + 1
            }
        }
        return found
    }

    /// The book whose name opens the text ("the book of ezra ...") and the number after it,
    /// with or without "chapter" ("ezra chapter ten verse what": Ezra, 10); nil when the
    /// text opens with anything else.
    mutating func opening() -> (book: Book, chapter: Int?)? {
        position = 0
        guard let book = readBook() else { return nil }
        _ = consumeWord(Self.chapterWords)
        return (book, consumeNumber())
    }

    private var trimmed: String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    // MARK: - Books

    /// Words said before a book's name: "the book of", "the gospel according to", "the
    /// letter to the", "the first epistle of".
    private static let titles: [[String]] = [
        ["book", "of"], ["gospel", "of"], ["gospel", "according", "to"], ["letter", "to", "the"],
        ["letter", "to"], ["letter", "of"], ["epistle", "to", "the"], ["epistle", "to"], ["epistle", "of"],
    ]

    /// Reads the longest book name at the current position.
    private mutating func readBook() -> Book? {
        var start = position
        if word(at: start) == "the" { start += 1 }
        // "the first letter to the corinthians": the number stands before the title.
        var number: Int? = nil
        if case .ordinal(let n) = token(at: start), (1...3).contains(n),
           let title = Self.titles.first(where: { words(at: start + 1, are: $0) && $0[0] != "book" && $0[0] != "gospel" }) {
            number = n
            start += 1 + title.count
        } else if let title = Self.titles.first(where: { words(at: start, are: $0) }) {
            start += title.count
        }
        var length = min(BookCatalog.longestNameWordCount, tokens.count - start)
        while length > 0 {
            var name = Array(tokens[start..<(start + length)])
            if let number { name.insert(.number(number), at: 0) }
            if let key = BookName.key(name[...]), let book = BookCatalog.book(key: key) {
                position = start + length
                return book
            }
            length -= 1
        }
        // "the revelation" is itself an alias: retry from the original position.
        if start != position, let key = BookName.key(tokens[position..<min(tokens.count, position + 2)]),
           let book = BookCatalog.book(key: key) {
            position += 2
            return book
        }
        return nil
    }

    /// The error for a text that does not start with a book: name the words that stand
    /// where the book should, when a number follows them.
    private func unknownBook() -> ReferenceError {
        if let name = otherCanonBook() { return .notInThisBible(name) }
        var words: [String] = []
        for token in tokens[position...] {
            if case .word(let w) = token { words.append(w) } else if case .number(let n) = token, words.isEmpty {
                words.append(String(n))
            } else if case .ordinal = token, words.isEmpty {
                words.append(token.written)
            } else { break }
        }
        let hasNumber = tokens.contains { if case .number = $0 { true } else { false } }
        let notNames = Self.chapterWords.union(Self.verseWords).union(["the", "of"])
        let hasName = words.contains { $0.first?.isLetter == true && !notNames.contains($0) }
        guard hasNumber, hasName, words.count <= BookCatalog.longestNameWordCount else {
            return .notAReference(trimmed)
        }
        return .unknownBook(words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " "))
    }

    /// The book of another canon named at the current position, if any ("Sirach 2:1").
    /// The name as said first ("gospel of thomas"), then without a title ("the book of wisdom").
    private func otherCanonBook() -> String? {
        var start = position
        if word(at: start) == "the" { start += 1 }
        var starts = [start]
        if let title = Self.titles.first(where: { words(at: start, are: $0) }) { starts.append(start + title.count) }
        for start in starts {
            var length = min(BookCatalog.longestOtherCanonWordCount, tokens.count - start)
            while length > 0 {
                if let key = BookName.key(tokens[start..<(start + length)]), let name = BookCatalog.otherCanons[key] {
                    return name
                }
                length -= 1
            }
        }
        return nil
    }

    /// The error for text that stops reading at the current position, naming what is left.
    /// A ":" or "-" left at the end means the text stops too soon ("John 3:").
    private func unreadable() -> ReferenceError {
        let rest = tokens[min(position, tokens.count)...]
        if rest.count == 1, rest.first == .chapterVerseSeparator || rest.first == .dash {
            return .notAReference(trimmed, unread: "")
        }
        return .notAReference(trimmed, unread: rest.map(\.written).joined(separator: " "))
    }

    // MARK: - The place before the book

    /// Forms that say the place before the book: "the fifth chapter of romans", "chapter
    /// eight of romans", "the hundredth psalm", "the first verse of the third chapter of
    /// john", "verse sixteen of john three". Nil, with nothing consumed, when the text here
    /// is none of them.
    private mutating func readPlaceFirst() throws(ReferenceError) -> ScriptureReference? {
        let start = position
        if let verse = readOrdinal(Self.verseWords) ?? readNumbered(Self.verseWords), consumeWord(["of"]) {
            if let (book, chapter) = readChapterFirst() ?? readBookAndChapter() {
                return try readRange(book, from: VersePoint(chapter: chapter, verse: verse))
            }
        }
        position = start
        if let (book, chapter) = readChapterFirst() {
            return try readChapterTail(book, chapter: chapter)
        }
        position = start
        return nil
    }

    /// "the fifth chapter of romans", "chapter five of romans", "the hundredth psalm".
    private mutating func readChapterFirst() -> (Book, Int)? {
        let start = position
        if let chapter = readOrdinal(Self.psalmWords), let psalms = BookCatalog.book(id: 19) {
            return (psalms, chapter)
        }
        position = start
        if let chapter = readOrdinal(Self.chapterWords) ?? readNumbered(Self.chapterWords), consumeWord(["of"]),
           let book = readBook() {
            return (book, chapter)
        }
        position = start
        return nil
    }

    /// "john three", "john chapter three", or a one-chapter book alone ("jude"), after "verse N of".
    private mutating func readBookAndChapter() -> (Book, Int)? {
        let start = position
        guard let book = readBook() else { return nil }
        let saidChapter = consumeWord(Self.chapterWords)
        if let chapter = consumeNumber() { return (book, chapter) }
        if book.hasOneChapter, !saidChapter { return (book, 1) }
        position = start
        return nil
    }

    /// ["the"] ORD followed by one of `words` ("the fifth chapter"): the ordinal's value.
    private mutating func readOrdinal(_ words: Set<String>) -> Int? {
        let start = position
        if word(at: position) == "the" { position += 1 }
        if case .ordinal(let n) = token(at: position), let w = word(at: position + 1), words.contains(w) {
            position += 2
            return n
        }
        position = start
        return nil
    }

    /// One of `words` followed by a number ("chapter eight"): the number.
    private mutating func readNumbered(_ words: Set<String>) -> Int? {
        guard let w = word(at: position), words.contains(w), case .number(let n) = token(at: position + 1) else {
            return nil
        }
        position += 2
        return n
    }

    /// A verse said after a chapter: [","] "verse" N, or [","] ["the"] ORD "verse". Nil,
    /// with nothing consumed, when none follows.
    private mutating func readVerseTail() -> Int? {
        let start = position
        if token(at: position) == .comma { position += 1 }
        if consumeWord(Self.verseWords), let verse = consumeNumber() { return verse }
        position = start
        if token(at: position) == .comma { position += 1 }
        if let verse = readOrdinal(Self.verseWords) { return verse }
        position = start
        return nil
    }

    /// A chapter named on its own, and the verse that may follow it.
    private mutating func readChapterTail(_ book: Book, chapter: Int) throws(ReferenceError) -> ScriptureReference {
        if let verse = readVerseTail() {
            return try readRange(book, from: VersePoint(chapter: chapter, verse: verse))
        }
        return try ScriptureReference(book: book, chapters: chapter)
    }

    // MARK: - Chapters and verses

    /// Reads what follows a book name. `verseOf` is the chapter a lone number belongs to
    /// (a continuation after "," or "and").
    private mutating func readSpec(_ book: Book, verseOf: Int?) throws(ReferenceError) -> ScriptureReference {
        // A comma after the name is a pause: "Romans, the eighth chapter", "Romans, 8:28".
        if verseOf == nil, token(at: position) == .comma, position + 1 < tokens.count, !isSeparator(tokens[position + 1]) {
            position += 1
        }
        if verseOf == nil, let chapter = readOrdinal(Self.chapterWords) {
            return try readChapterTail(book, chapter: chapter)
        }
        let saidChapter = consumeWord(Self.chapterWords)
        if !saidChapter, consumeWord(Self.verseWords) {
            // "jude verse three", or "and verse eighteen" in a continuation.
            guard let chapter = verseOf ?? (book.hasOneChapter ? 1 : nil) else { throw .missingChapter(book) }
            let verse = try number()
            return try readRange(book, from: VersePoint(chapter: chapter, verse: verse))
        }
        guard let first = consumeNumber() else {
            if position >= tokens.count || isSeparator(tokens[position]) { throw .missingChapter(book) }
            throw unreadable()
        }
        if consumeChapterVerseSeparator() || consumeWord(Self.verseWords) || (saidChapter && consumeMisheardVerse()) {
            return try readRange(book, from: VersePoint(chapter: first, verse: try number()))
        }
        if let verse = consumeNumber() {
            return try readRange(book, from: VersePoint(chapter: first, verse: verse))
        }
        if consumeWord(Self.titleWords) {
            return try ScriptureReference(book: book, chapter: first, verse: 0)
        }
        if let verse = readVerseTail() {
            return try readRange(book, from: VersePoint(chapter: first, verse: verse))
        }
        // "chapter thirteen, four through seven": after "chapter N" a comma is a pause.
        if saidChapter, token(at: position) == .comma, case .number(let verse) = token(at: position + 1),
           token(at: position + 2) != .chapterVerseSeparator {
            position += 2
            return try readRange(book, from: VersePoint(chapter: first, verse: verse))
        }
        if let chapter = verseOf, !saidChapter {
            return try readRange(book, from: VersePoint(chapter: chapter, verse: first))
        }
        if book.hasOneChapter, !saidChapter {
            return try readRange(book, from: VersePoint(chapter: 1, verse: first))
        }
        // Whole chapters, or a range that ends inside a chapter ("Gen 1-2:3").
        guard consumeRange() else { return try ScriptureReference(book: book, chapters: first) }
        _ = consumeWord(Self.chapterWords)
        let last = try number()
        if consumeChapterVerseSeparator() || consumeWord(Self.verseWords) {
            return try ScriptureReference(
                book: book, from: VersePoint(chapter: first, verse: 1), to: VersePoint(chapter: last, verse: try number()))
        }
        return try ScriptureReference(book: book, chapters: first, through: last)
    }

    /// Reads an optional "ff" or range end after the first verse.
    private mutating func readRange(_ book: Book, from start: VersePoint) throws(ReferenceError) -> ScriptureReference {
        if consumeWord(Self.followingWords) {
            guard let last = book.verseCount(chapter: start.chapter) else { throw .noChapter(book, chapter: start.chapter) }
            return try ScriptureReference(book: book, from: start, to: VersePoint(chapter: start.chapter, verse: last))
        }
        guard consumeRange() else { return try ScriptureReference(book: book, from: start, to: start) }
        let saidChapter = consumeWord(Self.chapterWords)
        let saidVerse = !saidChapter && consumeWord(Self.verseWords)
        let n = try number()
        if !saidVerse, consumeChapterVerseSeparator() || consumeWord(Self.verseWords) {
            return try ScriptureReference(book: book, from: start, to: VersePoint(chapter: n, verse: try number()))
        }
        if !saidVerse, let verse = consumeNumber() {
            return try ScriptureReference(book: book, from: start, to: VersePoint(chapter: n, verse: verse))
        }
        if saidChapter {
            guard let last = book.verseCount(chapter: n) else { throw .noChapter(book, chapter: n) }
            return try ScriptureReference(book: book, from: start, to: VersePoint(chapter: n, verse: last))
        }
        return try ScriptureReference(book: book, from: start, to: VersePoint(chapter: start.chapter, verse: n))
    }

    // MARK: - Tokens

    private func token(at index: Int) -> ReferenceToken? {
        index < tokens.count ? tokens[index] : nil
    }

    private func words(at index: Int, are expected: [String]) -> Bool {
        expected.indices.allSatisfy { word(at: index + $0) == expected[$0] }
    }

    private func word(at index: Int) -> String? {
        guard index < tokens.count, case .word(let w) = tokens[index] else { return nil }
        return w
    }

    private func isSeparator(_ token: ReferenceToken) -> Bool {
        token == .semicolon || token == .comma || token == .word("and")
    }

    private mutating func consumeWord(_ words: Set<String>) -> Bool {
        guard let w = word(at: position), words.contains(w) else { return false }
        position += 1
        return true
    }

    /// "chapter thirty first twelve" is a recogniser's "chapter thirty verse twelve": after
    /// "chapter", a round number's "first" before a number is the misheard "verse"
    /// (``consumeMisheardVerse()``), not the ordinal 31st (which no chapter is called).
    private mutating func splitMisheardVerseAfterRoundChapters() {
        var index = 1
        while index + 1 < tokens.count {
            if tokens[index - 1] == .word("chapter"), case .ordinal(let n) = tokens[index], n > 20, n % 10 == 1,
               case .number = tokens[index + 1] {
                tokens.replaceSubrange(index...index, with: [.number(n - 1), .ordinal(1)])
            }
            index += 1
        }
    }

    /// In running text, a word heard for "verse" (``misheardVerseWords``) before a number.
    private mutating func consumeMisheardVerse() -> Bool {
        let misheard = word(at: position).map(Self.misheardVerseWords.contains) == true || token(at: position) == .ordinal(1)
        guard running, misheard, position + 1 < tokens.count, case .number = tokens[position + 1] else { return false }
        position += 1
        return true
    }

    private mutating func consumeNumber() -> Int? {
        guard position < tokens.count, case .number(let n) = tokens[position] else { return nil }
        position += 1
        return n
    }

    private mutating func number() throws(ReferenceError) -> Int {
        guard let n = consumeNumber() else { throw unreadable() }
        return n
    }

    private mutating func consumeChapterVerseSeparator() -> Bool {
        guard position + 1 < tokens.count, tokens[position] == .chapterVerseSeparator,
              case .number = tokens[position + 1] else { return false }
        position += 1
        return true
    }

    /// Consumes a range word or dash only when a number follows it (after "chapter" or
    /// "verse", if said): in running text "verse twenty six to the pure" is verse 26 and
    /// "to" is the text's own word.
    private mutating func consumeRange() -> Bool {
        guard position < tokens.count else { return false }
        let isRange = tokens[position] == .dash || word(at: position).map(Self.rangeWords.contains) == true
        guard isRange else { return false }
        var next = position + 1
        if let w = word(at: next), Self.chapterWords.contains(w) || Self.verseWords.contains(w) { next += 1 }
        guard next < tokens.count, case .number = tokens[next] else { return false }
        position += 1
        return true
    }

    /// Joins "John 3:16, 17" into "John 3:16-17"; keeps everything else in order.
    private static func joinAdjacent(_ references: [ScriptureReference]) -> [ScriptureReference] {
        var out: [ScriptureReference] = []
        for reference in references {
            if let last = out.last, last.isFollowed(by: reference) {
                out[out.count - 1] = last.joined(with: reference)
            } else {
                out.append(reference)
            }
        }
        return out
    }
}
