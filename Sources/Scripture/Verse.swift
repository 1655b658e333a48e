/// One verse's text as the Berean Standard Bible gives it.
public struct Verse: Hashable, Sendable {
    public let chapter: Int
    /// 0 for a psalm's superscription.
    public let verse: Int
    public let text: String

    public init(chapter: Int, verse: Int, text: String) {
        self.chapter = chapter
        self.verse = verse
        self.text = text
    }
}
