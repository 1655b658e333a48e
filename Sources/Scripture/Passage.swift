
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
