import Foundation

/// A backoff n-gram language model of order 1 to 3, as an ARPA file holds it: each
/// n-gram's log10 probability and (below the highest order) its log10 backoff weight.
/// What ``LanguageModelMix`` reads IRSTLM's estimate into and writes the mixture from;
/// words are numbered so that a million bigrams fit in compact key-sorted tables
/// (``NGramTable``).
public struct BackoffLanguageModel: Sendable {
    /// The words, by number.
    public private(set) var words: [String] = []
    private var numbers: [String: Int] = [:]
    /// Per word number: log10 probability and backoff of the unigram; nil where the word
    /// has no unigram entry.
    var unigrams: [(probability: Double, backoff: Double)?] = []
    var bigrams = NGramTable<(probability: Double, backoff: Double)>()
    var trigrams = NGramTable<Double>()

    public init() {}

    public var order: Int { trigrams.isEmpty ? (bigrams.isEmpty ? 1 : 2) : 3 }
    /// How many n-grams of each order: unigrams, bigrams, trigrams.
    public var counts: [Int] { [unigrams.compactMap { $0 }.count, bigrams.count, trigrams.count] }

    /// The number of `word`, added if new.
    mutating func number(_ word: String) -> Int {
        if let number = numbers[word] { return number }
        numbers[word] = words.count
        words.append(word)
        unigrams.append(nil)
        return words.count - 1
    }

    /// The number of `word`, nil when the model does not know it.
    func existingNumber(_ word: String) -> Int? { numbers[word] }

    static func key(_ a: Int, _ b: Int) -> UInt64 { UInt64(a) << 32 | UInt64(b) }
    static func key(_ a: Int, _ b: Int, _ c: Int) -> UInt64 { UInt64(a) << 42 | UInt64(b) << 21 | UInt64(c) }
    /// Trigram keys pack three word numbers in 21 bits each.
    static let maximumWords = 1 << 21
    /// The word numbers a bigram or trigram key packs, oldest first.
    static func numbers(ofBigram key: UInt64) -> (Int, Int) { (Int(key >> 32), Int(key & 0xFFFF_FFFF)) }
    static func numbers(ofTrigram key: UInt64) -> (Int, Int, Int) {
        let mask = UInt64(maximumWords - 1)
        return (Int(key >> 42), Int((key >> 21) & mask), Int(key & mask))
    }

    /// log10 P(`word` | `history`) by backing off (the history's last one or two word
    /// numbers, oldest first); nil when the word has no unigram.
    func log10Probability(_ word: Int, after history: [Int]) -> Double? {
        if history.count >= 2 {
            let a = history[history.count - 2], b = history[history.count - 1]
            if let p = trigrams[Self.key(a, b, word)] { return p }
            let backoff = bigrams[Self.key(a, b)]?.backoff ?? 0
            return log10Probability(word, after: [b]).map { $0 + backoff }
        }
        if let b = history.last {
            if let entry = bigrams[Self.key(b, word)] { return entry.probability }
            let backoff = unigrams[b]?.backoff ?? 0
            return log10Probability(word, after: []).map { $0 + backoff }
        }
        return unigrams[word]?.probability
    }

    /// Sets every backoff weight so that each history's probabilities sum to one: the mass
    /// its explicit successors leave, over the mass the lower order gives those successors
    /// (a history without successors backs off at weight 1). Bigram histories first, as the
    /// trigrams' lower order is the bigram model. The tables' key order keeps each
    /// history's successors together, so each history's sums are made in one pass.
    mutating func recomputeBackoffs() {
        func weight(_ sums: (left: Double, lower: Double)) -> Double {
            // Rounding can leave nothing: keep the weight finite.
            log10(max(sums.left, 1e-9) / max(sums.lower, 1e-9))
        }
        var explicit = [(left: Double, lower: Double)?](repeating: nil, count: words.count)
        for index in bigrams.indices {
            let (a, b) = Self.numbers(ofBigram: bigrams.keys[index])
            var sums = explicit[a] ?? (1, 1)
            sums.left -= pow(10, bigrams[at: index].probability)
            sums.lower -= pow(10, unigrams[b]?.probability ?? -99)
            explicit[a] = sums
        }
        for id in unigrams.indices where unigrams[id] != nil {
            unigrams[id]!.backoff = explicit[id].map(weight) ?? 0
        }
        for index in bigrams.indices { bigrams[at: index].backoff = 0 }
        var history: UInt64?
        var sums = (left: 1.0, lower: 1.0)
        func settle(_ history: UInt64?, _ sums: (left: Double, lower: Double)) {
            guard let history, let index = bigrams.index(of: history) else { return }
            bigrams[at: index].backoff = weight(sums)
        }
        for index in trigrams.indices {
            let (a, b, c) = Self.numbers(ofTrigram: trigrams.keys[index])
            let pair = Self.key(a, b)
            if pair != history {
                settle(history, sums)
                (history, sums) = (pair, (1, 1))
            }
            sums.left -= pow(10, trigrams[at: index])
            sums.lower -= pow(10, log10Probability(c, after: [b]) ?? -99)
        }
        settle(history, sums)
    }

    /// Reads ARPA text (as IRSTLM and sphinx_lm_convert write it); `path` names the file in
    /// errors.
    public static func read(arpa text: String, path: String) throws(VocabularyError) -> BackoffLanguageModel {
        var reader = ARPAReader(path: path)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { try reader.take(line) }
        return try reader.finish()
    }

    /// Reads an ARPA file line by line: the model's tables are all it holds, never the text.
    public static func read(arpaFile url: URL) throws(VocabularyError) -> BackoffLanguageModel {
        guard let file = fopen(url.path, "r") else {
            throw .missingFile(what: "ARPA language model", path: url.path)
        }
        defer { fclose(file) }
        var reader = ARPAReader(path: url.path)
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while true {
            let length = getline(&buffer, &capacity, file)
            guard length >= 0, let buffer else { break }
            var line = String(cString: buffer)[...]
            if line.hasSuffix("\n") { line = line.dropLast() }
            try reader.take(line)
        }
        return try reader.finish()
    }

    /// The model as ARPA text, n-grams in word-number order.
    public func arpa() -> String {
        var text = ""
        writeARPA { text += $0 }
        return text
    }

    /// Writes the model as an ARPA file, a megabyte at a time (the text of a mixture is tens
    /// of megabytes: it is never held whole).
    public func write(arpaTo url: URL) throws(VocabularyError) {
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: url) else {
            throw .cannotWrite(path: url.path, reason: "cannot create the file")
        }
        defer { try? handle.close() }
        var pending = ""
        var failure: (any Error)?
        writeARPA { piece in
            pending += piece
            guard pending.utf8.count >= 1 << 20, failure == nil else { return }
            do { try handle.write(contentsOf: Data(pending.utf8)) } catch { failure = error }
            pending = ""
        }
        do {
            if let failure { throw failure }
            try handle.write(contentsOf: Data(pending.utf8))
        } catch {
            throw .cannotWrite(path: url.path, reason: error.localizedDescription)
        }
    }

    /// The model's ARPA text, in pieces of a line or so, n-grams in word-number order.
    private func writeARPA(_ emit: (String) -> Void) {
        func number(_ value: Double) -> String { String(format: "%.6f", max(value, -99)) }
        emit("\\data\\\n")
        let counts = counts
        for n in 1...order { emit("ngram \(n)=\(counts[n - 1])\n") }
        emit("\n\\1-grams:\n")
        for (id, entry) in unigrams.enumerated() {
            guard let entry else { continue }
            emit(number(entry.probability) + "\t" + words[id] + (order > 1 ? "\t" + number(entry.backoff) : "") + "\n")
        }
        if order >= 2 {
            emit("\n\\2-grams:\n")
            for index in bigrams.indices {
                let entry = bigrams[at: index], (a, b) = Self.numbers(ofBigram: bigrams.keys[index])
                emit(number(entry.probability) + "\t" + words[a] + " " + words[b]
                    + (order > 2 ? "\t" + number(entry.backoff) : "") + "\n")
            }
        }
        if order >= 3 {
            emit("\n\\3-grams:\n")
            for index in trigrams.indices {
                let (a, b, c) = Self.numbers(ofTrigram: trigrams.keys[index])
                emit(number(trigrams[at: index]) + "\t" + words[a] + " " + words[b] + " " + words[c] + "\n")
            }
        }
        emit("\n\\end\\\n")
    }

    /// Reads ARPA text a line at a time into a model; the bigrams and trigrams are
    /// gathered as read and made tables at the end (taken as they are when the file lists
    /// them in key order, as IRSTLM's does).
    private struct ARPAReader {
        let path: String
        var model = BackoffLanguageModel()
        var bigramKeys: [UInt64] = []
        var bigrams: [(probability: Double, backoff: Double)] = []
        var trigramKeys: [UInt64] = []
        var trigrams: [Double] = []
        var section = 0
        var lineNumber = 0

        init(path: String) { self.path = path }

        mutating func take(_ line: Substring) throws(VocabularyError) {
            lineNumber += 1
            if line.hasPrefix("\\") {
                if line.hasSuffix("-grams:"), let n = Int(line.dropFirst().prefix(1)) {
                    guard (1...3).contains(n) else {
                        throw .unreadable(path: path, reason: "line \(lineNumber): \(n)-grams; only orders 1 to 3 are read")
                    }
                    section = n
                } else {
                    section = 0
                }
                return
            }
            guard section > 0 else { return }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard !fields.isEmpty else { return }
            guard fields.count == section + 1 || fields.count == section + 2,
                  let probability = Double(fields[0]) else {
                throw .unreadable(path: path, reason: "line \(lineNumber): not a \(section)-gram entry: \(line.prefix(80))")
            }
            let backoff = fields.count == section + 2 ? Double(fields[section + 1]) : 0
            guard let backoff else {
                throw .unreadable(path: path, reason: "line \(lineNumber): backoff weight \(fields[section + 1]) is not a number")
            }
            let ids = fields[1...section].map { model.number(String($0)) }
            guard model.words.count <= BackoffLanguageModel.maximumWords else {
                throw .unreadable(path: path, reason: "more than \(BackoffLanguageModel.maximumWords) words")
            }
            switch section {
            case 1: model.unigrams[ids[0]] = (probability, backoff)
            case 2:
                bigramKeys.append(BackoffLanguageModel.key(ids[0], ids[1]))
                bigrams.append((probability, backoff))
            default:
                trigramKeys.append(BackoffLanguageModel.key(ids[0], ids[1], ids[2]))
                trigrams.append(probability)
            }
        }

        /// The model read; of an n-gram listed more than once, the last entry.
        mutating func finish() throws(VocabularyError) -> BackoffLanguageModel {
            guard model.unigrams.contains(where: { $0 != nil }) else {
                throw .unreadable(path: path, reason: "no unigrams: not an ARPA language model")
            }
            model.bigrams = NGramTable(keys: bigramKeys, values: bigrams)
            model.trigrams = NGramTable(keys: trigramKeys, values: trigrams)
            return model
        }
    }
}
