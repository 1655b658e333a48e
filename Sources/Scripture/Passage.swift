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

/// The verses of a ``ScriptureReference``, in order, ready to print or speak.
public struct Passage: Hashable, Sendable {
    public let reference: ScriptureReference
    public let verses: [Verse]

    public init(reference: ScriptureReference, verses: [Verse]) {
        self.reference = reference
        self.verses = verses
    }

    /// The verses' text joined by spaces, for speaking.
    public var text: String { verses.map(\.text).joined(separator: " ") }
}
