/// Why a text is not a reference to something in the Berean Standard Bible.
///
/// Each case's `description` is one line a person can act on:
/// `no verse John 3:99: John 3 has 36 verses`.
public enum ReferenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing but blanks.
    case empty
    /// The text does not have the shape of a reference; `unread` is what could not be read
    /// from where the reading stopped ("" when the text ends too soon, nil when nothing of it
    /// reads).
    case notAReference(String, unread: String? = nil)
    /// The words where a book name belongs are not one of the 66 books.
    case unknownBook(String)
    /// A book of other canons that this Bible does not hold ("Sirach", "1 Maccabees").
    case notInThisBible(String)
    /// A book of several chapters with no chapter ("Genesis", "John verse 3").
    case missingChapter(Book)
    case noChapter(Book, chapter: Int)
    case noVerse(Book, chapter: Int, verse: Int)
    /// Verse 0 asked of a psalm without a superscription.
    case noSuperscription(Book, chapter: Int)
    /// A verse of the traditional numbering that the BSB leaves out (Matthew 17:21).
    case notInTranslation(Book, chapter: Int, verse: Int)
    /// A range whose end comes before its start.
    case backwardRange(Book, from: VersePoint, to: VersePoint)

    public var description: String {
        switch self {
        case .empty:
            return "no reference given"
        case .notAReference(let text, let unread):
            switch unread {
            case nil: return "not a reference: \"\(text)\""
            case ""?: return "not a reference: \"\(text)\" (it stops where a number should follow)"
            case let unread?: return "not a reference: \"\(text)\" (could not read \"\(unread)\")"
            }
        case .unknownBook(let name):
            return "no book named \"\(name)\" in the Bible"
        case .notInThisBible(let name):
            return "\(name) is not in the Berean Standard Bible, which holds the 66 books of the Protestant canon"
        case .missingChapter(let book):
            return "which chapter of \(book.name)? It has \(book.chapterCount) chapters"
        case .noChapter(let book, let chapter):
            let count = book.chapterCount
            return "no chapter \(book.referenceName) \(chapter): \(book.name) has \(count) chapter\(count == 1 ? "" : "s")"
        case .noVerse(let book, let chapter, let verse):
            let count = book.verseCount(chapter: chapter) ?? 0
            return "no verse \(book.referenceName) \(chapter):\(verse): \(book.referenceName) \(chapter) has \(count) verses"
        case .noSuperscription(let book, let chapter):
            return "no title in \(book.referenceName) \(chapter): only some psalms open with one"
        case .notInTranslation(let book, let chapter, let verse):
            return "\(book.referenceName) \(chapter):\(verse) is not in the Berean Standard Bible: the oldest manuscripts do not have it"
        case .backwardRange(let book, let from, let to):
            return "the range \(book.referenceName) \(from)-\(to) runs backwards"
        }
    }
}
