/// One of the 66 books of the Protestant canon, as the Berean Standard Bible orders them.
///
/// A book knows its names: the canonical English name, the OSIS id, the written
/// abbreviations people type, and the spoken forms a recogniser prints. Chapter and verse
/// bounds come from ``Versification``.
public struct Book: Hashable, Sendable, Identifiable, CustomStringConvertible {
    /// Canonical position, 1 (Genesis) to 66 (Revelation); also `books.id` in `Bible.db`.
    public let id: Int
    /// Canonical English name: "Genesis", "1 Corinthians", "Song of Songs".
    public let name: String
    /// OSIS book id: "Gen", "1Cor", "Phlm".
    public let osis: String
    public let testament: Testament
    /// Written abbreviations and alternative names ("Gen", "Ge", "1 Cor", "First Corinthians").
    public let aliases: [String]
    /// What a recogniser prints for the book, lowercase ("first corinthians", "psalm").
    public let spokenNames: [String]
    /// The name used in front of a chapter ("Psalm 23" rather than "Psalms 23").
    public let referenceName: String

    public var description: String { name }

    /// Number of chapters.
    public var chapterCount: Int { Versification.verseCounts[id - 1].count }

    /// The highest verse number of `chapter`, or nil when the chapter does not exist.
    /// Verses this translation omits (Matthew 17:21) are inside this count.
    public func verseCount(chapter: Int) -> Int? {
        let counts = Versification.verseCounts[id - 1]
        guard chapter >= 1, chapter <= counts.count else { return nil }
        return counts[chapter - 1]
    }

    /// True when the book has a single chapter (Obadiah, Philemon, 2 John, 3 John, Jude),
    /// so that a lone number after its name is a verse.
    public var hasOneChapter: Bool { chapterCount == 1 }

    /// True when `chapter:verse` is a verse the Berean Standard Bible leaves out because
    /// the oldest manuscripts lack it (Matthew 17:21, Acts 8:37, ...).
    public func omits(chapter: Int, verse: Int) -> Bool {
        Versification.omittedVerses.contains(VerseID(book: id, chapter: chapter, verse: verse))
    }

    /// True when `chapter` opens with a superscription (Psalm 3 "A Psalm of David ..."),
    /// kept as verse 0.
    public func hasSuperscription(chapter: Int) -> Bool {
        id == 19 && Versification.psalmsWithSuperscription.contains(chapter)
    }
}
