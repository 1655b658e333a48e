import Foundation
import Scripture

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

    /// When the words heard quote a verse. The values are `listen`'s
    /// (``ListenTuning/quotation``).
    public struct Thresholds: Hashable, Sendable, Codable {
        /// A quotation needs this share of its verse's trigram weight heard ...
        public var minimumCoverage: Double
        /// ... or this smaller share when no other verse comes near (the words heard weigh
        /// at most ``distinctScoreShare`` as much in any other): a noisy room's few right
        /// words name a verse when they are its own, not a common phrase's.
        public var minimumDistinctCoverage: Double
        /// See ``minimumDistinctCoverage``.
        public var distinctScoreShare: Double
        /// ... and at least this many of its trigrams heard.
        public var minimumTrigrams: Int
        /// A verse is a candidate for the sound check (``candidates(in:limit:)``) when the
        /// words heard score at least this in it.
        public var minimumCandidateScore: Double
        /// The most verses one utterance is taken to quote: a preacher quotes a verse or two
        /// at a time, and each more is a chance of a false one.
        public var mostQuotedPerUtterance: Int
        /// How many verses the sound check reads when there is no index by sound, found by
        /// their rare words alone.
        public var candidatesByWords: Int

        public init(minimumCoverage: Double, minimumDistinctCoverage: Double, distinctScoreShare: Double,
                    minimumTrigrams: Int, minimumCandidateScore: Double, mostQuotedPerUtterance: Int,
                    candidatesByWords: Int) {
            (self.minimumCoverage, self.minimumDistinctCoverage, self.distinctScoreShare) =
                (minimumCoverage, minimumDistinctCoverage, distinctScoreShare)
            (self.minimumTrigrams, self.minimumCandidateScore) = (minimumTrigrams, minimumCandidateScore)
            (self.mostQuotedPerUtterance, self.candidatesByWords) = (mostQuotedPerUtterance, candidatesByWords)
        }
    }

    public var thresholds: Thresholds

    /// Word numbers of the verses' vocabulary.
    private let wordNumbers: [String: UInt64]
    /// Every (trigram, verse) pair, sorted by trigram; a trigram is three 21-bit word numbers.
    private let trigrams: [UInt64]
    private let postings: [UInt32]
    /// Each verse's book, chapter and verse, and the sum of its trigrams' weights.
    private let places: [(book: Int, chapter: Int, verse: Int)]
    private let weights: [Double]
    /// The words by number (`vocabulary[n - 1]`), and each verse's words in order
    /// (`verseWords[verseStarts[v]..<verseStarts[v + 1]]`): what ``candidates(in:limit:)``
    /// hands back to be checked against the sound.
    private let vocabulary: [String]
    private let verseWords: [UInt32]
    private let verseStarts: [Int]
    /// For each word number, the verses holding it (`wordVerses[wordStarts[n]..<wordStarts[n + 1]]`).
    private let wordVerses: [UInt32]
    private let wordStarts: [Int]
    /// Each verse's number of distinct words to the power 0.3.
    private let lengthNorms: [Double]

    /// Indexes `verses`; superscriptions (verse 0) are left out, being titles rather than
    /// text people quote.
    public init(verses: [(book: Book, verse: Verse)], thresholds: Thresholds) {
        self.thresholds = thresholds
        var numbers: [String: UInt64] = [:]
        var pairs: [(trigram: UInt64, verse: UInt32)] = []
        var places: [(book: Int, chapter: Int, verse: Int)] = []
        var vocabulary: [String] = []
        var verseWords: [UInt32] = [], verseStarts = [0]
        var lengthNorms: [Double] = []
        for (book, verse) in verses where verse.verse > 0 {
            let words = SpokenWords.words(verse.text).map { word -> UInt64 in
                if let number = numbers[word] { return number }
                let number = UInt64(numbers.count + 1)
                numbers[word] = number
                vocabulary.append(word)
                return number
            }
            let index = UInt32(places.count)
            places.append((book.id, verse.chapter, verse.verse))
            for trigram in Set(Self.trigrams(of: words)) { pairs.append((trigram, index)) }
            verseWords += words.map { UInt32($0) }
            verseStarts.append(verseWords.count)
            lengthNorms.append(pow(Double(max(1, Set(words).count)), 0.3))
        }
        // Each word's verses, by counting then filling: `eachDistinctWord` visits every
        // (verse, word) pair once, a word repeated in a verse counted once.
        func eachDistinctWord(_ body: (_ verse: Int, _ word: Int) -> Void) {
            var seen = [Int](repeating: -1, count: vocabulary.count + 1)
            for verse in 0..<places.count {
                for word in verseWords[verseStarts[verse]..<verseStarts[verse + 1]] where seen[Int(word)] != verse {
                    seen[Int(word)] = verse
                    body(verse, Int(word))
                }
            }
        }
        var wordStarts = [Int](repeating: 0, count: vocabulary.count + 2)
        eachDistinctWord { _, word in wordStarts[word + 1] += 1 }
        for word in 1..<wordStarts.count { wordStarts[word] += wordStarts[word - 1] }
        var fill = wordStarts
        var wordVerses = [UInt32](repeating: 0, count: wordStarts.last ?? 0)
        eachDistinctWord { verse, word in
            wordVerses[fill[word]] = UInt32(verse)
            fill[word] += 1
        }
        self.vocabulary = vocabulary
        self.verseWords = verseWords
        self.verseStarts = verseStarts
        self.wordVerses = wordVerses
        self.wordStarts = wordStarts
        self.lengthNorms = lengthNorms
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
    public func quotations(in text: String, limit: Int? = nil) -> [Quotation] {
        let limit = limit ?? thresholds.mostQuotedPerUtterance
        let words = SpokenWords.words(text).map { wordNumbers[$0] ?? 0 }
        var heard = Set(Self.trigrams(of: words).filter { $0 != 0 })
        var found: [Quotation] = []
        while found.count < limit, let best = bestVerse(for: heard) {
            let distinct = best.coverage >= thresholds.minimumDistinctCoverage
                && best.runnerUp <= thresholds.distinctScoreShare * best.score
            guard best.coverage >= thresholds.minimumCoverage || distinct, best.matched.count >= thresholds.minimumTrigrams,
                  let reference = reference(ofVerse: best.verse)
            else { break }
            found.append(Quotation(reference: reference, coverage: min(1, best.coverage),
                                   matchedTrigrams: best.matched.count))
            heard.subtract(best.matched)
        }
        return found
    }

    /// A verse that `text` may be a noisy reading of, with its words (spelt as the
    /// recogniser spells them), for checking against the sound itself
    /// (``ScriptureListener``): in a noisy room the recogniser gets a few of a verse's
    /// words right but rarely three in a row, which the trigrams need.
    public struct Candidate: Hashable, Sendable {
        public let reference: ScriptureReference
        public let words: [String]
        /// The heard words' weight in the verse (inverse document frequency), over its
        /// number of distinct words to the power 0.3 (long verses share more by chance).
        public let score: Double
    }

    /// The verses whose words `text` shares most (each distinct word other than a number's
    /// weighted by how rare it is in the Bible) with a score of at least
    /// ``Thresholds/minimumCandidateScore``, best first, at most `limit`.
    public func candidates(in text: String, limit: Int? = nil) -> [Candidate] {
        let limit = limit ?? thresholds.candidatesByWords
        // Spoken numbers weigh nothing: the counts of the census verses ("the descendants
        // of Zattu, 945") are said in everyday talk too (AN4's recordings took six of them).
        let heard = Set(SpokenWords.words(text).filter { !NumberWords.isNumberWord($0) && $0 != "thousand" }
            .compactMap { wordNumbers[$0] })
        var scores = [Double](repeating: -1, count: places.count)
        var touched: [Int] = []
        let count = Double(places.count)
        for word in heard.sorted() {  // the same sums, and so the same ranking, in every run
            let verses = wordVerses[wordStarts[Int(word)]..<wordStarts[Int(word) + 1]]
            let weight = log(count / Double(verses.count))
            for verse in verses {
                if scores[Int(verse)] < 0 {
                    touched.append(Int(verse))
                    scores[Int(verse)] = 0
                }
                scores[Int(verse)] += weight
            }
        }
        var ranked: [(verse: UInt32, score: Double)] = []
        for verse in touched {
            let score = scores[verse] / lengthNorms[verse]
            if score >= thresholds.minimumCandidateScore { ranked.append((UInt32(verse), score)) }
        }
        ranked.sort { $0.score != $1.score ? $0.score > $1.score : $0.verse < $1.verse }
        return ranked.prefix(limit).compactMap { candidate(ofVerse: Int($0.verse), score: $0.score) }
    }

    /// The verse indexed `verse` as a candidate with `score`.
    func candidate(ofVerse verse: Int, score: Double) -> Candidate? {
        guard let reference = reference(ofVerse: verse) else { return nil }
        return Candidate(reference: reference, words: words(ofVerse: verse), score: score)
    }

    /// The words of the verse indexed `verse`, in order.
    func words(ofVerse verse: Int) -> [String] {
        verseWords[verseStarts[verse]..<verseStarts[verse + 1]].map { vocabulary[Int($0) - 1] }
    }

    /// The same as word numbers (1 ... ``vocabulary``'s count), without making strings.
    func wordNumbers(ofVerse verse: Int) -> ArraySlice<UInt32> {
        verseWords[verseStarts[verse]..<verseStarts[verse + 1]]
    }

    /// The verses' words by number (`vocabularyWords[n - 1]`).
    var vocabularyWords: [String] { vocabulary }

    /// The reference of the verse indexed `verse`.
    private func reference(ofVerse verse: Int) -> ScriptureReference? {
        let place = places[verse]
        guard let book = BookCatalog.book(id: place.book) else { return nil }
        return try? ScriptureReference(book: book, chapter: place.chapter, verse: place.verse)
    }

    /// The verse whose trigrams in `heard` weigh the most; ties go to the better-covered
    /// verse, then the earlier one (identical verses, as in Kings and Chronicles, are
    /// told apart by nothing the reader says). With it, its score and the best score of
    /// any other verse.
    private func bestVerse(for heard: Set<UInt64>) -> (verse: Int, coverage: Double, matched: [UInt64], score: Double, runnerUp: Double)? {
        var scores: [UInt32: Double] = [:]
        let count = Double(places.count)
        var range: [UInt64: Range<Int>] = [:]
        // In the index's own order, so that a verse's score adds up exactly as its weight
        // did (a verse heard whole covers exactly 1) and the same words score the same in
        // every run: a Set's order changes from process to process.
        for trigram in heard.sorted() {
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
