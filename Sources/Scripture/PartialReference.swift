/// The part of a look-up that two decodes of it agreed on when they did not agree on the
/// whole passage: the book, and perhaps its chapter ("Ezra", "Ezra 1"). The daemon asks for
/// the part that is missing ("Ezra. Which chapter?") rather than for the whole look-up again.
public struct PartialReference: Hashable, Sendable, CustomStringConvertible {
    public let book: Book
    /// The chapter, when both decodes named it (always 1 for a book of one chapter).
    public let chapter: Int?

    public init(book: Book, chapter: Int? = nil) {
        self.book = book
        self.chapter = book.hasOneChapter ? 1 : chapter.flatMap { book.verseCount(chapter: $0) == nil ? nil : $0 }
    }

    /// What `heard` (one decode's passage) shares with a second decode's words that name no
    /// such passage, `other` being those words after the look-up's verb: its book when they
    /// open with that book's name, and its chapter too when the number after the name (with
    /// or without "chapter") is that chapter; nil when they open with anything else. A book
    /// named later in the words ("and he said to john") is no look-up of it.
    public static func agreed(_ heard: ScriptureReference, with other: String) -> PartialReference? {
        guard let opening = ScriptureReference.opening(of: other), opening.book == heard.book else { return nil }
        let chapter = heard.start.chapter
        return PartialReference(book: heard.book, chapter: opening.chapter == chapter ? chapter : nil)
    }

    /// "Ezra", "Ezra 1", "Jude 1": the compact form `recognize` prints (and
    /// `--missing-part` reads), the chapter whenever it is known.
    public var compact: String { chapter.map { "\(book.osis) \($0)" } ?? book.osis }

    /// "Ezra", "Ezra 1", "Psalm 23", "Jude" (a book of one chapter is named alone).
    public var description: String {
        guard let chapter, !book.hasOneChapter else { return book.name }
        return "\(book.referenceName) \(chapter)"
    }
}
