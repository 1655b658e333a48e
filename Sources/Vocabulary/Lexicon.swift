import Phonetics

/// Resolves how every word is said: authored pronunciations first, then cmudict, then
/// espeak-ng. A word none of them can say is an error naming the word.
public struct Lexicon: Sendable {
    public let entries: [String: LexiconEntry]

    /// Resolves `words` (lowercase, no spaces).
    public static func resolve(
        _ words: Set<String>,
        authored: [String: [AuthoredPronunciation]],
        cmudict: CMUDictionary,
        graphemeToPhoneme: (String) -> [Phone]? = EspeakPhonemizer.phones
    ) throws(VocabularyError) -> Lexicon {
        var entries: [String: LexiconEntry] = [:]
        for word in words.sorted() {
            if let authored = authored[word], !authored.isEmpty {
                entries[word] = LexiconEntry(word: word, pronunciations: authored.map(\.phones), source: .authored)
            } else if let known = cmudict.entries[word], !known.isEmpty {
                let phones = known.map { $0.map(Phone.init(arpabet:)) }
                entries[word] = LexiconEntry(word: word, pronunciations: phones, source: .cmudict)
            } else if let guessed = graphemeToPhoneme(word), !guessed.isEmpty {
                entries[word] = LexiconEntry(word: word, pronunciations: [guessed], source: .espeak)
            } else {
                throw .noPronunciation(word: word)
            }
        }
        return Lexicon(entries: entries)
    }
}

extension Phone {
    /// A cmudict phone ("AH0", "K") as a ``Phone``.
    init(arpabet: String) {
        if let digit = arpabet.last, let stress = digit.wholeNumberValue {
            self.init(symbol: String(arpabet.dropLast()), stress: stress)
        } else {
            self.init(symbol: arpabet, stress: nil)
        }
    }
}
