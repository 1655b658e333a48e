/// Reads references from written and spoken text.
///
/// The grammar, over ``ReferenceToken``s:
///
///     list      := reference { (";" | "," | "and") (reference | continuation) }
///     reference := ["the"] ["book" "of"] BOOK spec
///     spec      := ["chapter"] N [(":" | "verse") N | N | "title"] ["ff"] [range]
///                | "verse" N [range]                      (one-chapter books)
///     range     := ("-" | "through" | "to") (["chapter"] N (":" | "verse" | N) N | ["verse"] N)
///
/// Two numbers in a row are chapter and verse ("thirteen four"); a lone number after a
/// one-chapter book is a verse ("Jude 3"); after "," or "and" a lone number is another
/// verse of the chapter before it, after ";" another chapter.
struct ReferenceParser {
    private let text: String
    private let tokens: [ReferenceToken]
    private var position = 0

    private static let chapterWords: Set<String> = ["chapter", "chapters", "ch", "chap", "chs"]
    private static let verseWords: Set<String> = ["verse", "verses", "v", "vs", "vv", "ver"]
    private static let rangeWords: Set<String> = ["through", "thru", "to", "until", "till"]
    private static let followingWords: Set<String> = ["ff", "f", "following"]
    private static let titleWords: Set<String> = ["title", "superscription", "heading"]
    /// What recognisers write for a spoken "verse" (measured: the Bible-domain language model
    /// and the stock one on Piper's voice, "chapter twenty three burst nineteen"). Read as
    /// "verse" only in running text, between "chapter N" and a number.
    private static let misheardVerseWords: Set<String> = ["burst", "first"]
    /// Running text (``find(ambiguous:)``) rather than a reference on its own.
    private var running = false

    init(text: String) {
        self.text = text
        self.tokens = ReferenceToken.tokenize(text)
    }

    mutating func parse() throws(ReferenceError) -> [ScriptureReference] {
        guard !tokens.isEmpty else {
            if text.allSatisfy(\.isWhitespace) { throw .empty }
            throw .notAReference(trimmed)
        }
        if tokens.contains(where: { if case .junk = $0 { true } else { false } }) {
            throw .notAReference(trimmed)
        }
        var references: [ScriptureReference] = []
        var separator: ReferenceToken? = nil
        while position < tokens.count {
            if let book = readBook() {
                references.append(try readSpec(book, verseOf: nil))
            } else if let previous = references.last, let separator {
                // A continuation in the same book.
                let verseOf = separator == .semicolon || previous.isWholeChapters ? nil : previous.end.chapter
                references.append(try readSpec(previous.book, verseOf: verseOf))
            } else {
                throw references.isEmpty ? unknownBook() : .notAReference(trimmed)
            }
            guard position < tokens.count else { break }
            switch tokens[position] {
            case .semicolon, .comma, .word("and"):
                separator = tokens[position]
                position += 1
            default:
                throw .notAReference(trimmed)
            }
        }
        return Self.joinAdjacent(references)
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
        var found: [ScriptureReference] = []
        var start = 0
        while start < tokens.count {
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

    private var trimmed: String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    // MARK: - Books

    /// Reads the longest book name at the current position.
    private mutating func readBook() -> Book? {
        var start = position
        if word(at: start) == "the" { start += 1 }
        if word(at: start) == "book", word(at: start + 1) == "of" { start += 2 }
        var length = min(BookCatalog.longestNameWordCount, tokens.count - start)
        while length > 0 {
            if let key = BookName.key(tokens[start..<(start + length)]), let book = BookCatalog.book(key: key) {
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
        var words: [String] = []
        for token in tokens[position...] {
            if case .word(let w) = token { words.append(w) } else if case .number(let n) = token, words.isEmpty {
                words.append(String(n))
            } else { break }
        }
        let hasNumber = tokens.contains { if case .number = $0 { true } else { false } }
        let hasName = words.contains { $0.first?.isLetter == true }
        guard hasNumber, hasName, words.count <= BookCatalog.longestNameWordCount else {
            return .notAReference(trimmed)
        }
        return .unknownBook(words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " "))
    }

    // MARK: - Chapters and verses

    /// Reads what follows a book name. `verseOf` is the chapter a lone number belongs to
    /// (a continuation after "," or "and").
    private mutating func readSpec(_ book: Book, verseOf: Int?) throws(ReferenceError) -> ScriptureReference {
        let saidChapter = consumeWord(Self.chapterWords)
        if !saidChapter, consumeWord(Self.verseWords) {
            // "jude verse three", or "and verse eighteen" in a continuation.
            guard let chapter = verseOf ?? (book.hasOneChapter ? 1 : nil) else { throw .missingChapter(book) }
            let verse = try number()
            return try readRange(book, from: VersePoint(chapter: chapter, verse: verse))
        }
        guard let first = consumeNumber() else {
            if position >= tokens.count || isSeparator(tokens[position]) { throw .missingChapter(book) }
            throw .notAReference(trimmed)
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

    /// In running text, a word heard for "verse" (``misheardVerseWords``) before a number.
    private mutating func consumeMisheardVerse() -> Bool {
        guard running, let w = word(at: position), Self.misheardVerseWords.contains(w),
              position + 1 < tokens.count, case .number = tokens[position + 1] else { return false }
        position += 1
        return true
    }

    private mutating func consumeNumber() -> Int? {
        guard position < tokens.count, case .number(let n) = tokens[position] else { return nil }
        position += 1
        return n
    }

    private mutating func number() throws(ReferenceError) -> Int {
        guard let n = consumeNumber() else { throw .notAReference(trimmed) }
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
