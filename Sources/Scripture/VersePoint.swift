/// A chapter and verse within one book. Verse 0 is a psalm's superscription.
public struct VersePoint: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let chapter: Int
    public let verse: Int

    public init(chapter: Int, verse: Int) {
        self.chapter = chapter
        self.verse = verse
    }

    public static func < (lhs: VersePoint, rhs: VersePoint) -> Bool {
        (lhs.chapter, lhs.verse) < (rhs.chapter, rhs.verse)
    }

    /// "3:16"
    public var description: String { "\(chapter):\(verse)" }
}
