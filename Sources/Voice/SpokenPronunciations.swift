import Phonetics

/// The authored pronunciations the daemon speaks: rewrites text so that every word with
/// one is given to espeak-ng as phoneme input, `[[h'ab@k,Vk]]`, and is said the way the
/// recogniser expects to hear it.
///
/// Matching is by whole word (a run of letters, with inner apostrophes), ignoring case;
/// punctuation and spacing are kept. A possessive ("Habakkuk's") gets the authored form
/// with the right ending (s, z or Iz) inside the brackets, because espeak-ng reads a
/// stray `'s` after `]]` as the letter S. Brackets already in the text are taken apart
/// so that text can never inject phoneme input.
public struct SpokenPronunciations: Hashable, Sendable {
    /// Lowercased word → espeak-ng phoneme mnemonics (without the brackets).
    public let phonemes: [String: String]

    /// From ARPAbet phones per word (the first authored alternative of each).
    public init(phones: [String: [Phone]]) {
        var phonemes: [String: String] = [:]
        for (word, wordPhones) in phones where !wordPhones.isEmpty {
            phonemes[word.lowercased()] = PhoneticConverter.espeakPhonemes(wordPhones)
        }
        self.phonemes = phonemes
        self.phonesByWord = phones.reduce(into: [:]) { result, entry in
            if !entry.value.isEmpty { result[entry.key.lowercased()] = entry.value }
        }
    }

    /// From `AuthoredLexicon.load(Models/pronunciations.tsv)`: the first alternative of
    /// each word, the one the file says espeak-ng speaks.
    public init(lexicon: [String: [AuthoredPronunciation]]) {
        self.init(phones: lexicon.compactMapValues { $0.first?.phones })
    }

    /// No authored pronunciations: text passes through (minus any brackets).
    public static let none = SpokenPronunciations(phones: [:])

    private let phonesByWord: [String: [Phone]]

    /// `text` with authored words as `[[...]]` phoneme input.
    public func apply(to text: String) -> String {
        apply(to: text, writing: { $0 })
    }

    /// `text` with authored words as `[[...]]` phoneme input, each written by `writing`
    /// from its espeak-ng mnemonics (Piper takes IPA there: ``PiperPronunciations``).
    public func apply(to text: String, writing: (_ mnemonics: String) -> String) -> String {
        let safe = text.replacingOccurrences(of: "[[", with: "[ [").replacingOccurrences(of: "]]", with: "] ]")
        guard !phonemes.isEmpty else { return safe }
        var output = ""
        var word = ""
        for character in safe {
            if character.isLetter || (Self.apostrophes.contains(character) && !word.isEmpty) {
                word.append(character)
            } else {
                output += spoken(word, writing)
                word = ""
                output.append(character)
            }
        }
        output += spoken(word, writing)
        return output
    }

    private static let apostrophes: Set<Character> = ["'", "’"]

    /// One token: replaced when authored, kept otherwise (with trailing apostrophes kept
    /// outside, as in "the prophets' words").
    private func spoken(_ token: String, _ writing: (String) -> String) -> String {
        guard !token.isEmpty else { return "" }
        var core = Substring(token)
        var trailing = ""
        while let last = core.last, Self.apostrophes.contains(last) {
            trailing = String(last) + trailing
            core = core.dropLast()
        }
        let lower = core.lowercased()
        if let mnemonics = phonemes[lower] {
            return "[[\(writing(mnemonics))]]" + trailing
        }
        for apostrophe in Self.apostrophes {
            let suffix = "\(apostrophe)s"
            let base = String(lower.dropLast(2))
            if lower.hasSuffix(suffix), let phones = phonesByWord[base], let mnemonics = phonemes[base] {
                return "[[\(writing(mnemonics + Self.possessiveEnding(after: phones)))]]" + trailing
            }
        }
        return token
    }

    /// The -'s ending after `phones`: Iz after a sibilant, s after another voiceless
    /// consonant, z otherwise.
    static func possessiveEnding(after phones: [Phone]) -> String {
        switch phones.last?.symbol {
        case "S", "Z", "SH", "ZH", "CH", "JH": return "Iz"
        case "P", "T", "K", "F", "TH": return "s"
        default: return "z"
        }
    }
}
