/// A verse's number as `Bible.db` stores it in `verses.id`: BBCCCVVV
/// (book, chapter, verse), so a passage is one contiguous range of ids.
public struct VerseID: Hashable, Comparable, Sendable {
    public let rawValue: Int

    public init(book: Int, chapter: Int, verse: Int) {
        rawValue = book * 1_000_000 + chapter * 1_000 + verse
    }

    public init(rawValue: Int) { self.rawValue = rawValue }

    public var book: Int { rawValue / 1_000_000 }
    public var chapter: Int { rawValue / 1_000 % 1_000 }
    public var verse: Int { rawValue % 1_000 }

    public static func < (lhs: VerseID, rhs: VerseID) -> Bool { lhs.rawValue < rhs.rawValue }
}
