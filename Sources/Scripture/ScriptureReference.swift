/// A contiguous stretch of one book: a verse, a range of verses (within or across
/// chapters), or whole chapters. Always valid against the BSB's real bounds: the only ways
/// to make one check them.
public struct ScriptureReference: Hashable, Sendable, CustomStringConvertible {
    public let book: Book
    public let start: VersePoint
    public let end: VersePoint
    /// True when the reference names whole chapters ("Psalm 23") rather than verses.
    public let isWholeChapters: Bool

    private init(book: Book, start: VersePoint, end: VersePoint, isWholeChapters: Bool) {
        self.book = book
        self.start = start
        self.end = end
        self.isWholeChapters = isWholeChapters
    }

    /// One verse, checked against the book's bounds.
    public init(book: Book, chapter: Int, verse: Int) throws(ReferenceError) {
        let point = VersePoint(chapter: chapter, verse: verse)
        try self.init(book: book, from: point, to: point)
    }

    /// A range of verses, checked against the book's bounds.
    public init(book: Book, from start: VersePoint, to end: VersePoint) throws(ReferenceError) {
        try Self.check(book, start)
        try Self.check(book, end)
        guard start <= end else { throw .backwardRange(book, from: start, to: end) }
        if start == end, book.omits(chapter: start.chapter, verse: start.verse) {
            throw .notInTranslation(book, chapter: start.chapter, verse: start.verse)
        }
        self.init(book: book, start: start, end: end, isWholeChapters: false)
    }

    /// Whole chapters `first...last`, checked against the book's bounds.
    public init(book: Book, chapters first: Int, through last: Int? = nil) throws(ReferenceError) {
        let last = last ?? first
        guard let _ = book.verseCount(chapter: first) else { throw .noChapter(book, chapter: first) }
        guard let lastCount = book.verseCount(chapter: last) else { throw .noChapter(book, chapter: last) }
        guard first <= last else {
            throw .backwardRange(book, from: VersePoint(chapter: first, verse: 1), to: VersePoint(chapter: last, verse: 1))
        }
        self.init(book: book, start: VersePoint(chapter: first, verse: 1),
                  end: VersePoint(chapter: last, verse: lastCount), isWholeChapters: true)
    }

    /// Whether every verse of `other` is in this stretch (a verse quoted inside a chapter
    /// named).
    public func contains(_ other: ScriptureReference) -> Bool {
        book == other.book && start <= other.start && other.end <= end
    }

    private static func check(_ book: Book, _ point: VersePoint) throws(ReferenceError) {
        guard let count = book.verseCount(chapter: point.chapter) else {
            throw .noChapter(book, chapter: point.chapter)
        }
        if point.verse == 0 {
            guard book.hasSuperscription(chapter: point.chapter) else {
                throw .noSuperscription(book, chapter: point.chapter)
            }
        } else if point.verse < 0 || point.verse > count {
            throw .noVerse(book, chapter: point.chapter, verse: point.verse)
        }
    }

    /// Parses written ("1 Cor 13:4-7", "John 3:16, 18; 4:1") and spoken ("first
    /// corinthians thirteen four through seven") references into the stretches they name,
    /// in order, adjacent verses of one chapter joined.
    public static func parse(_ text: String) throws(ReferenceError) -> [ScriptureReference] {
        var parser = ReferenceParser(text: text)
        return try parser.parse()
    }

    /// The references named in running text, in order (the transcript normaliser's
    /// `references`); see ``ReferenceParser/find(ambiguous:)`` for which count.
    /// `ambiguous` says whether a book name, lowercase, is also an everyday word.
    public static func find(in text: String, ambiguous: (String) -> Bool = { _ in false }) -> [ScriptureReference] {
        var parser = ReferenceParser(text: text)
        return parser.find(ambiguous: ambiguous)
    }

    /// The books named in running text, in order, whether or not a passage follows their
    /// name ("ezra chapter ten verse seventy" names Ezra).
    public static func books(in text: String) -> [Book] {
        var parser = ReferenceParser(text: text)
        return parser.books()
    }

    /// The book whose name opens `text` and the chapter number said after it, whether or
    /// not a passage follows ("ezra chapter ten verse what" opens with Ezra 10); nil when
    /// `text` opens with anything else.
    public static func opening(of text: String) -> (book: Book, chapter: Int?)? {
        var parser = ReferenceParser(text: text)
        return parser.opening()
    }

    /// The ids of the first and last verse in `Bible.db`.
    public var startID: VerseID { VerseID(book: book.id, chapter: start.chapter, verse: start.verse) }
    public var endID: VerseID { VerseID(book: book.id, chapter: end.chapter, verse: end.verse) }

    /// "John 3:16-18", "Psalm 23", "Matthew 5:3-6:4", "1 Corinthians 13:4-7".
    public var description: String { format(bookName: book.referenceName) }

    /// The same with the OSIS book id: "John 3:16-18", "Ps 23", "1Cor 13:4-7". The form
    /// `bible-course reference` and `recognize` print; other tools read it.
    public var compact: String { format(bookName: book.osis) }

    /// The OSIS reference: "John.3.16", "John.3.16-John.3.18", "Ps.23".
    public var osisID: String {
        let o = book.osis
        if isWholeChapters {
            return start.chapter == end.chapter ? "\(o).\(start.chapter)" : "\(o).\(start.chapter)-\(o).\(end.chapter)"
        }
        let first = "\(o).\(start.chapter).\(start.verse)"
        return start == end ? first : "\(first)-\(o).\(end.chapter).\(end.verse)"
    }

    private func format(bookName: String) -> String {
        // A one-chapter book's "Jude 1" would read back as verse 1, so its whole chapter
        // is written as a verse range.
        if isWholeChapters, start.chapter == end.chapter, !book.hasOneChapter {
            return "\(bookName) \(start.chapter)"
        }
        if start == end { return "\(bookName) \(start)" }
        if start.chapter == end.chapter { return "\(bookName) \(start)-\(end.verse)" }
        return "\(bookName) \(start)-\(end)"
    }

    /// True when `other` continues this one without a gap (the next verse of the same
    /// chapter), so the two can be read as one.
    func isFollowed(by other: ScriptureReference) -> Bool {
        !isWholeChapters && !other.isWholeChapters && book == other.book
            && end.chapter == other.start.chapter && other.start.verse == end.verse + 1
    }

    /// This reference extended to the end of `other`.
    func joined(with other: ScriptureReference) -> ScriptureReference {
        ScriptureReference(book: book, start: start, end: other.end, isWholeChapters: false)
    }
}
