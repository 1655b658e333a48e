import Foundation
import Scripture

/// Which verses heard words sound like: every verse's phone trigrams (its words' first
/// pronunciations, run together across the words), each weighted by how rare it is in the
/// Bible, so that a verse is found from what the recogniser heard even when it got few of
/// the verse's words right ("the feet were to lay down under balaam" holds most of the
/// phones of "the angel of the lord, she lay down under balaam").
///
/// In a noisy room the words heard for a verse are mostly wrong, but wrong words that
/// sound like the right ones: of `scripts/bench-listen.sh`'s Piper-read verses in real
/// room noise that the trigrams of ``QuotationIndex`` do not quote, the verse read is among
/// the closest by phones more often than by rare words
/// (``QuotationIndex/candidates(in:limit:)``). What a candidate is worth is decided by its
/// sound (`ScriptureListener`). The index holds a 16-bit verse number per (trigram, verse)
/// and each dictionary word's phones; its cost in time and memory is in
/// docs/measurements/2026-11-26-listen.md ("Figures from the code's comments").
public struct VerseSoundIndex: Sendable {
    private let quotations: QuotationIndex
    /// Each word's phones as phone numbers (1...), from its first pronunciation.
    private let wordPhones: [String: [UInt16]]
    private let phoneCount: Int
    /// For each phone trigram code, the verses holding it
    /// (`postings[starts[code]..<starts[code + 1]]`), verse numbers of ``QuotationIndex``.
    private let postings: [UInt16]
    private let starts: [Int32]
    /// Each verse's number of distinct phone trigrams to the power ``lengthExponent``.
    private let lengthNorms: [Float]

    /// How much a long verse's score is discounted: its distinct trigrams to this power.
    static let lengthExponent: Float = 0.4
    /// The most phone symbols a dictionary may use (the en-us set has 39): trigram codes
    /// index arrays of this size cubed.
    public static let maximumPhones = 100

    /// Indexes the verses of `quotations` (the first 65,535; the Bible has about 31,000) by
    /// the phones of `pronunciations` (word → its pronunciations, phones separated by
    /// spaces; the first is used). A word without one breaks the run of phones, as a number
    /// word does. A dictionary of more than ``maximumPhones`` phone symbols (not a
    /// phone set: a malformed file) gives an index that finds nothing.
    public init(quotations: QuotationIndex, pronunciations: [String: [String]]) {
        self.quotations = quotations
        var phoneNumbers: [Substring: UInt16] = [:]
        var wordPhones: [String: [UInt16]] = [:]
        for (word, spellings) in pronunciations {
            guard let first = spellings.first, !NumberWords.isNumberWord(word) else { continue }
            wordPhones[word] = first.split(separator: " ").map { phone in
                if let number = phoneNumbers[phone] { return number }
                let number = UInt16(truncatingIfNeeded: phoneNumbers.count + 1)
                phoneNumbers[phone] = number
                return number
            }
        }
        let sane = phoneNumbers.count <= Self.maximumPhones
        self.wordPhones = sane ? wordPhones : [:]
        let phoneCount = sane ? phoneNumbers.count + 1 : 1
        self.phoneCount = phoneCount
        let verses = sane ? min(quotations.verseCount, Int(UInt16.max)) : 0
        let codes = phoneCount * phoneCount * phoneCount

        // Each word of the verses as phones once, by its number in the quotation index:
        // looked up by spelling for every word of every verse, twice, this was most of the
        // index's build time at `listen`'s start.
        let phonesOfWord: [[UInt16]?] = quotations.vocabularyWords.map { wordPhones[$0] }
        var verseBuffer: [UInt16] = []
        func phones(ofVerse verse: Int) -> [UInt16] {
            verseBuffer.removeAll(keepingCapacity: true)
            for number in quotations.wordNumbers(ofVerse: verse) {
                if let own = phonesOfWord[Int(number) - 1] { verseBuffer += own } else { verseBuffer.append(0) }
            }
            return verseBuffer
        }

        // Counting, then filling: each verse's distinct trigram codes, twice.
        var seen = [Int32](repeating: -1, count: codes)
        var counts = [Int32](repeating: 0, count: codes + 1)
        var norms = [Float](repeating: 1, count: verses)
        func eachDistinctTrigram(_ body: (_ verse: Int, _ code: Int) -> Void) {
            seen.withUnsafeMutableBufferPointer { seen in
                for i in seen.indices { seen[i] = -1 }
            }
            for verse in 0..<verses {
                Self.eachTrigram(of: phones(ofVerse: verse), phoneCount: phoneCount) { code in
                    guard seen[code] != Int32(verse) else { return }
                    seen[code] = Int32(verse)
                    body(verse, code)
                }
            }
        }
        var distinct = [Int](repeating: 0, count: verses)
        eachDistinctTrigram { verse, code in
            counts[code + 1] += 1
            distinct[verse] += 1
        }
        for code in 1..<counts.count { counts[code] += counts[code - 1] }
        var fill = counts
        var postings = [UInt16](repeating: 0, count: Int(counts.last ?? 0))
        eachDistinctTrigram { verse, code in
            postings[Int(fill[code])] = UInt16(verse)
            fill[code] += 1
        }
        for verse in 0..<verses { norms[verse] = pow(Float(max(1, distinct[verse])), Self.lengthExponent) }
        self.postings = postings
        starts = counts
        lengthNorms = norms
    }

    /// The verses whose phones `text`'s words share most, weighed by rarity and over the
    /// verse's length, best first, at most `limit`.
    public func candidates(in text: String, limit: Int) -> [QuotationIndex.Candidate] {
        var heard = Set<Int>()
        Self.eachTrigram(of: Self.phones(of: SpokenWords.words(text), in: wordPhones), phoneCount: phoneCount) { heard.insert($0) }
        var scores = [Float](repeating: 0, count: lengthNorms.count)
        var touched: [Int] = []
        let count = Float(lengthNorms.count)
        for code in heard.sorted() {  // the same sums, and so the same ranking, in every run
            let range = Int(starts[code])..<Int(starts[code + 1])
            let weight = range.isEmpty ? 0 : log(count / Float(range.count))
            guard weight > 0 else { continue }
            for position in range {
                let verse = Int(postings[position])
                if scores[verse] == 0 { touched.append(verse) }
                scores[verse] += weight
            }
        }
        var ranked = touched.map { (verse: $0, score: scores[$0] / lengthNorms[$0]) }
        ranked.sort { $0.score != $1.score ? $0.score > $1.score : $0.verse < $1.verse }
        return ranked.prefix(limit).compactMap { quotations.candidate(ofVerse: $0.verse, score: Double($0.score)) }
    }

    /// The phone numbers of `words` in a row; 0 where a word has no pronunciation (a number
    /// word, an unknown word), which no trigram spans.
    private static func phones(of words: some Sequence<String>, in wordPhones: [String: [UInt16]]) -> [UInt16] {
        var phones: [UInt16] = []
        for word in words {
            if let own = wordPhones[word] { phones += own } else { phones.append(0) }
        }
        return phones
    }

    /// Calls `body` with the code of each trigram of `phones` that holds no 0.
    private static func eachTrigram(of phones: [UInt16], phoneCount: Int, _ body: (Int) -> Void) {
        guard phones.count >= 3 else { return }
        for i in 2..<phones.count {
            let a = Int(phones[i - 2]), b = Int(phones[i - 1]), c = Int(phones[i])
            guard a > 0, b > 0, c > 0 else { continue }
            body((a * phoneCount + b) * phoneCount + c)
        }
    }
}
