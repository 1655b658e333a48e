import Foundation

/// Which verses a stretch of heard words quotes: an index of every verse's word trigrams
/// (spelt as the recogniser spells them, ``SpokenWords``), each weighted by how rare it is
/// in the Bible (inverse document frequency), so that "the word of the lord" counts for
/// little and "the righteous will live by faith" for much.
///
/// A verse is quoted when the heard words cover enough of its weight: a reader who
/// misses one word in ten still covers most of a verse's trigrams, while ordinary speech
/// shares only common ones ("and it was", "in the house"), which weigh little. Less of a
/// verse will do when no other verse comes near it (a noisy room, where only a few words
/// are heard right). The thresholds were set on Piper-read verses and real people's speech
/// (`scripts/bench-listen.sh`).
public struct QuotationIndex: Sendable {
    /// A verse the words quote, and how much of it they cover.
    public struct Quotation: Hashable, Sendable {
        public let reference: ScriptureReference
        /// The share of the verse's trigram weight heard, 0-1.
        public let coverage: Double
        /// Trigrams of the heard words found in the verse.
        public let matchedTrigrams: Int
    }

    /// A quotation needs this share of its verse's weight ...
    public static let defaultMinimumCoverage = 0.25
    /// ... or this smaller share when no other verse comes near: the words heard weigh at
    /// most ``distinctScoreShare`` as much in any other verse. In a noisy room the
    /// recogniser hears a few of a verse's words right; when those are the verse's own they
    /// name it, while a common phrase ("the righteous will live by faith", four verses)
    /// weighs as much in several. Measured (`scripts/bench-listen.sh`'s verses, Piper's voice
    /// at 10 dB of real room noise): identified 35 -> 45 of 200, 21 -> 29 of 100 held out;
    /// real people's recordings taken for a quotation unchanged (Common Voice 1 of 100, AN4
    /// 0 of 1078).
    public static let defaultMinimumDistinctCoverage = 0.12
    /// See ``defaultMinimumDistinctCoverage``.
    public static let distinctScoreShare = 0.5
    /// ... and at least this many of its trigrams heard.
    public static let defaultMinimumTrigrams = 3

    public var minimumCoverage = QuotationIndex.defaultMinimumCoverage
    public var minimumDistinctCoverage = QuotationIndex.defaultMinimumDistinctCoverage
    public var minimumTrigrams = QuotationIndex.defaultMinimumTrigrams

    /// Word numbers of the verses' vocabulary.
    private let wordNumbers: [String: UInt64]
    /// Every (trigram, verse) pair, sorted by trigram; a trigram is three 21-bit word numbers.
    private let trigrams: [UInt64]
    private let postings: [UInt32]
    /// Each verse's book, chapter and verse, and the sum of its trigrams' weights.
    private let places: [(book: Int, chapter: Int, verse: Int)]
    private let weights: [Double]

    /// Indexes `verses`; superscriptions (verse 0) are left out, being titles rather than
    /// text people quote.
    public init(verses: [(book: Book, verse: Verse)]) {
        var numbers: [String: UInt64] = [:]
        var pairs: [(trigram: UInt64, verse: UInt32)] = []
        var places: [(book: Int, chapter: Int, verse: Int)] = []
        for (book, verse) in verses where verse.verse > 0 {
            let words = SpokenWords.words(verse.text).map { word -> UInt64 in
                if let number = numbers[word] { return number }
                let number = UInt64(numbers.count + 1)
                numbers[word] = number
                return number
            }
            let index = UInt32(places.count)
            places.append((book.id, verse.chapter, verse.verse))
            for trigram in Set(Self.trigrams(of: words)) { pairs.append((trigram, index)) }
        }
        pairs.sort { $0.trigram != $1.trigram ? $0.trigram < $1.trigram : $0.verse < $1.verse }
        wordNumbers = numbers
        trigrams = pairs.map(\.trigram)
        postings = pairs.map(\.verse)
        self.places = places

        var weights = [Double](repeating: 0, count: places.count)
        var start = 0
        let count = Double(places.count)
        while start < pairs.count {
            var end = start + 1
            while end < pairs.count && pairs[end].trigram == pairs[start].trigram { end += 1 }
            let weight = log(count / Double(end - start))
            for position in start..<end { weights[Int(pairs[position].verse)] += weight }
            start = end
        }
        self.weights = weights
    }

    /// The number of verses indexed.
    public var verseCount: Int { places.count }

    /// The verses `text` quotes, best first: the best-covered verse if it passes the
    /// thresholds, then the best of what its trigrams leave, and so on (a reader may read
    /// on into the next verse), at most `limit`.
    public func quotations(in text: String, limit: Int = 3) -> [Quotation] {
        let words = SpokenWords.words(text).map { wordNumbers[$0] ?? 0 }
        var heard = Set(Self.trigrams(of: words).filter { $0 != 0 })
        var found: [Quotation] = []
        while found.count < limit, let best = bestVerse(for: heard) {
            let distinct = best.coverage >= minimumDistinctCoverage
                && best.runnerUp <= Self.distinctScoreShare * best.score
            guard best.coverage >= minimumCoverage || distinct, best.matched.count >= minimumTrigrams,
                  let book = BookCatalog.book(id: places[best.verse].book),
                  let reference = try? ScriptureReference(book: book, chapter: places[best.verse].chapter,
                                                          verse: places[best.verse].verse)
            else { break }
            found.append(Quotation(reference: reference, coverage: min(1, best.coverage),
                                   matchedTrigrams: best.matched.count))
            heard.subtract(best.matched)
        }
        return found
    }

    /// The verse whose trigrams in `heard` weigh the most; ties go to the better-covered
    /// verse, then the earlier one (identical verses, as in Kings and Chronicles, are
    /// told apart by nothing the reader says). With it, its score and the best score of
    /// any other verse.
    private func bestVerse(for heard: Set<UInt64>) -> (verse: Int, coverage: Double, matched: [UInt64], score: Double, runnerUp: Double)? {
        var scores: [UInt32: Double] = [:]
        let count = Double(places.count)
        var range: [UInt64: Range<Int>] = [:]
        for trigram in heard {
            let found = postingRange(of: trigram)
            guard !found.isEmpty else { continue }
            range[trigram] = found
            let weight = log(count / Double(found.count))
            for position in found { scores[postings[position], default: 0] += weight }
        }
        let best = scores.max { left, right in
            if left.value != right.value { return left.value < right.value }
            let leftCoverage = left.value / weights[Int(left.key)], rightCoverage = right.value / weights[Int(right.key)]
            if leftCoverage != rightCoverage { return leftCoverage < rightCoverage }
            return left.key > right.key
        }
        guard let best, weights[Int(best.key)] > 0 else { return nil }
        let matched = range.filter { $0.value.contains { postings[$0] == best.key } }.map(\.key)
        let runnerUp = scores.lazy.filter { $0.key != best.key }.map(\.value).max() ?? 0
        return (Int(best.key), best.value / weights[Int(best.key)], matched, best.value, runnerUp)
    }

    /// Where `trigram`'s postings lie in the sorted index.
    private func postingRange(of trigram: UInt64) -> Range<Int> {
        var low = 0, high = trigrams.count
        while low < high {
            let middle = (low + high) / 2
            if trigrams[middle] < trigram { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < trigrams.count && trigrams[end] == trigram { end += 1 }
        return low..<end
    }

    /// The trigrams of a run of word numbers; a trigram holding an unknown word (0) is 0.
    private static func trigrams(of words: [UInt64]) -> [UInt64] {
        guard words.count >= 3 else { return [] }
        return (0...(words.count - 3)).map { start in
            let (a, b, c) = (words[start], words[start + 1], words[start + 2])
            return a == 0 || b == 0 || c == 0 ? 0 : a << 42 | b << 21 | c
        }
    }
}
