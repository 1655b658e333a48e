import Foundation
import Phonetics

/// What words sound like, for the transcript normaliser: each word's first pronunciation
/// as compact phone codes, read from pronunciation dictionaries (the recogniser's own
/// `bible.dict`, and cmudict for typed text), with a guess (espeak-ng) for a word none of
/// them has: a course term ("qeshet") or a misspelling ("habbakuk").
public struct TranscriptLexicon: Sendable {
    /// Each word's phone codes, where they lie in ``storage``: the offset shifted left by
    /// 8 bits, the count in the low 8. One buffer for all the words instead of an array
    /// each, which held several times the memory (docs/measurements/2026-11-27-listen-time-and-memory.md).
    private var known: [String: UInt32]
    private var storage: [UInt8] = []
    private let names: Set<String>
    private let guess: (@Sendable (String) -> [UInt8]?)?

    /// `dictionaries` in order of preference (a word's entry in an earlier one wins), each
    /// word → its pronunciations as space-separated ARPAbet phones; `names`: words that
    /// are right as written though no dictionary says them (the Bible's names).
    public init(dictionaries: [[String: [String]]], names: Set<String> = [], guess: (@Sendable (String) -> [Phone]?)? = nil) {
        self.names = names
        if let guess {
            self.guess = { @Sendable (word: String) -> [UInt8]? in
                guard let phones = guess(word) else { return nil }
                return Self.codes(phones.map(\.symbol))
            }
        } else {
            self.guess = nil
        }
        known = [:]
        for dictionary in dictionaries.reversed() {
            for (word, pronunciations) in dictionary {
                guard let first = pronunciations.first, let codes = Self.codes(first.split(separator: " ")) else { continue }
                if let place = store(codes) { known[word] = place }
            }
        }
    }

    /// `codes` appended to ``storage``; where they lie, as ``known`` keeps it. A word of
    /// more than 255 phones keeps its first 255; nil once the buffer holds 16 MB (far more
    /// than every dictionary here), where an offset no longer fits.
    private mutating func store(_ codes: [UInt8]) -> UInt32? {
        guard storage.count < 1 << 24 else { return nil }
        let count = min(codes.count, 255)
        let place = UInt32(storage.count) << 8 | UInt32(count)
        storage.append(contentsOf: codes.prefix(count))
        return place
    }

    /// Reads dictionary files in the pronunciation dictionary format (`word PH ON ES`,
    /// alternatives as `word(2)`), preferred in order after the dictionaries `after` (the
    /// authored pronunciations); espeak-ng guesses the rest.
    public static func read(_ paths: [String], after preferred: [[String: [String]]] = [], names: Set<String> = [],
                            guess: (@Sendable (String) -> [Phone]?)? = { EspeakPhonemizer.phones($0) }) throws(NormalisationError) -> TranscriptLexicon {
        var lexicon = TranscriptLexicon(dictionaries: preferred, names: names, guess: guess)
        let authored = Set(lexicon.known.keys)
        lexicon.known.reserveCapacity(140_000)
        lexicon.storage.reserveCapacity(1_200_000)
        // The last file first, so that an earlier file's entry replaces a later one's.
        for path in paths.reversed() {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .missingFile(what: "pronunciation dictionary", path: path)
            }
            PronunciationDictionary.forEachPronunciation([UInt8](data)) { word, alternative, phones in
                guard !alternative, !authored.contains(word), let codes = Self.codes(bytes: phones) else { return }
                if let place = lexicon.store(codes) { lexicon.known[word] = place }
            }
        }
        return lexicon
    }

    /// True when a dictionary has `word` (a word of English or of the course, not a
    /// misspelling).
    public func isKnown(_ word: String) -> Bool { known[word] != nil || names.contains(word) }

    /// The phone codes of `word` (lowercase): a dictionary's, else the guess (when
    /// `guessing`; espeak-ng takes far longer than a look-up), else nil. A possessive "'s"
    /// is read as the word and a final Z.
    func phones(_ word: String, guessing: Bool = true) -> [UInt8]? {
        if let codes = stored(word) { return codes }
        if word.hasSuffix("'s"), let base = stored(String(word.dropLast(2))) { return base + [Self.z] }
        return guessing ? guess?(word) : nil
    }

    private func stored(_ word: String) -> [UInt8]? {
        guard let place = known[word] else { return nil }
        let start = Int(place >> 8)
        return Array(storage[start..<(start + Int(place & 0xFF))])
    }

    // MARK: - Phone codes

    private static let symbols = [
        "AA", "AE", "AH", "AO", "AW", "AY", "EH", "ER", "EY", "IH", "IY", "OW", "OY", "UH", "UW",
        "B", "CH", "D", "DH", "F", "G", "HH", "JH", "K", "L", "M", "N", "NG", "P", "R", "S", "SH",
        "T", "TH", "V", "W", "Y", "Z", "ZH",
    ]
    private static let table: [String: UInt8] = Dictionary(uniqueKeysWithValues: symbols.enumerated().map { ($1, UInt8($0)) })
    static let z = table["Z"]!
    /// Codes below this are vowels (the first 15 symbols).
    static let vowelCount: UInt8 = 15

    private static let byteTable: [UInt16: UInt8] = Dictionary(uniqueKeysWithValues: symbols.enumerated().map { index, symbol in
        let bytes = Array(symbol.utf8)
        return (UInt16(bytes[0]) << 8 | UInt16(bytes.count > 1 ? bytes[1] : 0), UInt8(index))
    })

    /// Space-separated ARPAbet phones as bytes ("HH AE1 B"), read without making strings.
    static func codes(bytes: ArraySlice<UInt8>) -> [UInt8]? {
        var codes: [UInt8] = []
        codes.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            while index < bytes.endIndex, bytes[index] == UInt8(ascii: " ") { index += 1 }
            guard index < bytes.endIndex else { break }
            var key = UInt16(bytes[index]) << 8
            index += 1
            if index < bytes.endIndex, bytes[index] >= UInt8(ascii: "A"), bytes[index] <= UInt8(ascii: "Z") {
                key |= UInt16(bytes[index])
                index += 1
            }
            while index < bytes.endIndex, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            guard index == bytes.endIndex || bytes[index] == UInt8(ascii: " "), let code = byteTable[key] else { return nil }
            codes.append(code)
        }
        return codes.isEmpty ? nil : codes
    }

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
