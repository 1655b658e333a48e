import Phonetics

/// One word's pronunciations (alternatives in order of preference) and their source.
public struct LexiconEntry: Hashable, Sendable {
    public let word: String
    public let pronunciations: [[Phone]]
    public let source: PronunciationSource
}
