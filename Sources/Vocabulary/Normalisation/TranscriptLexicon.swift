import Foundation

/// What words sound like, for the transcript normaliser: each word's first pronunciation
/// as compact phone codes, read from pronunciation dictionaries (the recogniser's own
/// `bible.dict`, and cmudict for typed text), with a guess (espeak-ng) for a word none of
/// them has: a course term ("qeshet") or a misspelling ("habbakuk").
public struct TranscriptLexicon: Sendable {
    private let known: [String: [UInt8]]
    private let names: Set<String>
    private let guess: (@Sendable (String) -> [UInt8]?)?

    /// `dictionaries` in order of preference (a word's entry in an earlier one wins), each
    /// word → its pronunciations as space-separated ARPAbet phones; `names`: words that
    /// are right as written though no dictionary says them (the Bible's names).
    public init(dictionaries: [[String: [String]]], names: Set<String> = [], guess: (@Sendable (String) -> [Phone]?)? = nil) {
        self.names = names
        var known: [String: [UInt8]] = [:]
        for dictionary in dictionaries.reversed() {
            for (word, pronunciations) in dictionary {
                guard let first = pronunciations.first, let codes = Self.codes(first.split(separator: " ")) else { continue }
                known[word] = codes
            }
        }
        self.known = known
        if let guess {
            self.guess = { @Sendable (word: String) -> [UInt8]? in
                guard let phones = guess(word) else { return nil }
                return Self.codes(phones.map(\.symbol))
            }
        } else {
            self.guess = nil
        }
    }

    /// Reads dictionary files in the pronunciation dictionary format (`word PH ON ES`,
    /// alternatives as `word(2)`), preferred in order after the dictionaries `after` (the
    /// authored pronunciations); espeak-ng guesses the rest.
    public static func read(_ paths: [String], after preferred: [[String: [String]]] = [], names: Set<String> = [],
                            guess: (@Sendable (String) -> [Phone]?)? = { EspeakPhonemizer.phones($0) }) throws(VocabularyError) -> TranscriptLexicon {
        var dictionaries = preferred
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .missingFile(what: "pronunciation dictionary", path: path)
            }
            dictionaries.append(PronunciationDictionary.entries(String(decoding: data, as: UTF8.self)))
        }
        return TranscriptLexicon(dictionaries: dictionaries, names: names, guess: guess)
    }

    /// True when a dictionary has `word` (a word of English or of the course, not a
    /// misspelling).
    public func isKnown(_ word: String) -> Bool { known[word] != nil || names.contains(word) }

    /// The phone codes of `word` (lowercase): a dictionary's, else the guess, else nil.
    /// A possessive "'s" is read as the word and a final Z.
    func phones(_ word: String) -> [UInt8]? {
        if let codes = known[word] { return codes }
        if word.hasSuffix("'s"), let base = known[String(word.dropLast(2))] { return base + [Self.z] }
        return guess?(word)
    }

    // MARK: - Phone codes

    private static let symbols = [
        "AA", "AE", "AH", "AO", "AW", "AY", "EH", "ER", "EY", "IH", "IY", "OW", "OY", "UH", "UW",
        "B", "CH", "D", "DH", "F", "G", "HH", "JH", "K", "L", "M", "N", "NG", "P", "R", "S", "SH",
        "T", "TH", "V", "W", "Y", "Z", "ZH",
    ]
    private static let table: [String: UInt8] = Dictionary(uniqueKeysWithValues: symbols.enumerated().map { ($1, UInt8($0)) })
    private static let z = table["Z"]!

    /// ARPAbet phones (stress digits ignored) as codes, nil when one is not a phone.
    static func codes<S: StringProtocol>(_ phones: [S]) -> [UInt8]? {
        var codes: [UInt8] = []
        codes.reserveCapacity(phones.count)
        for phone in phones {
            let symbol = phone.last?.isNumber == true ? String(phone.dropLast()) : String(phone)
            guard let code = table[symbol] else { return nil }
            codes.append(code)
        }
        return codes
    }
}
