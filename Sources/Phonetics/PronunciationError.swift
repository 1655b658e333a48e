/// Why a pronunciation could not be read. The message names the word and the offending
/// symbol, or the file and line, so the author can fix it without guessing.
public enum PronunciationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A symbol the notation's table does not have (or one used where it cannot stand,
    /// such as a syllabic mark after a vowel).
    case unknownSymbol(word: String, symbol: String, notation: PhoneticNotation)
    /// The transcription holds no phone at all (blank, or only stress and syllable marks).
    case empty(word: String)
    /// A lexicon file line that is not `word<TAB>notation<TAB>transcription`, names an
    /// unknown notation, or whose transcription does not convert (`reason` says which).
    case malformedLine(file: String, line: Int, reason: String)

    public var description: String {
        switch self {
        case let .unknownSymbol(word, symbol, notation):
            "pronunciation of \"\(word)\" (\(notation.displayName)): unknown symbol `\(symbol)`"
        case let .empty(word):
            "pronunciation of \"\(word)\" is empty"
        case let .malformedLine(file, line, reason):
            "\(file):\(line): \(reason)"
        }
    }
}
