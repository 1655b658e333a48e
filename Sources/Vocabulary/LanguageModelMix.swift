import Foundation

/// Two backoff language models made one, by linear interpolation: every n-gram either
/// holds gets `weight` × the first's probability + (1 − `weight`) × the second's (each by
/// backing off where it lacks the n-gram), and the backoff weights are computed anew so
/// that each history's probabilities sum to one. The static mixture PocketSphinx can load
/// as one model, at the cost of a bigger file; mixing at decode time measured too slow.
///
/// What it is for: the Bible-domain model (``DomainModelCompiler``) knows only the Bible's
/// phrases, so everyday speech decoded with it comes out as Scripture-like nonsense;
/// mixed with ``EverydayEnglishModel`` it hears ordinary sentences as ordinary words.
public enum LanguageModelMix {
    /// The mixture of `first` (weight `weight`, 0-1) and `second`. Its words are both
    /// models' words; the sentence start (`<s>`) keeps its -99.
    public static func mix(_ first: BackoffLanguageModel, _ second: BackoffLanguageModel, weight: Double) -> BackoffLanguageModel {
        var mixed = BackoffLanguageModel()
        for word in first.words + second.words { _ = mixed.number(word) }
        // Word numbers of each model for a word of the mixture (nil: it lacks the word).
        let inFirst = mixed.words.map { first.existingNumber($0) }
        let inSecond = mixed.words.map { second.existingNumber($0) }
        // A model's probability of a word of the mixture after a history of the mixture's
        // words: 0 for a word it lacks, and a history word it lacks ends the history there.
        func share(of model: BackoffLanguageModel, numbers: [Int?], _ word: Int, after history: [Int]) -> Double {
            guard let own = numbers[word] else { return 0 }
            let known = history.reversed().prefix { numbers[$0] != nil }.reversed().map { numbers[$0]! }
            return model.log10Probability(own, after: known).map { pow(10, $0) } ?? 0
        }
        func probability(_ word: Int, after history: [Int]) -> Double {
            weight * share(of: first, numbers: inFirst, word, after: history)
                + (1 - weight) * share(of: second, numbers: inSecond, word, after: history)
        }
        let start = mixed.existingNumber("<s>")
        var total = 0.0
        var unigramProbabilities = [Double](repeating: 0, count: mixed.words.count)
        for word in mixed.words.indices where word != start {
            unigramProbabilities[word] = probability(word, after: [])
            total += unigramProbabilities[word]
        }
        for word in mixed.words.indices {
            mixed.unigrams[word] = word == start ? (-99, 0) : (log10(max(unigramProbabilities[word] / total, 1e-99)), 0)
        }
        // Each model's word numbers in the mixture.
        let models = [first, second]
        let renumbered = models.map { model in model.words.map { mixed.existingNumber($0)! } }
        // The n-grams either model holds, in the mixture's word numbers (the table keeps each once).
        func bigramKeys() -> [UInt64] {
            var keys: [UInt64] = []
            keys.reserveCapacity(first.bigrams.count + second.bigrams.count)
            for (model, numbers) in zip(models, renumbered) {
                for key in model.bigrams.keys {
                    let (x, y) = BackoffLanguageModel.numbers(ofBigram: key)
                    keys.append(BackoffLanguageModel.key(numbers[x], numbers[y]))
                }
            }
            return keys
        }
        func trigramKeys() -> [UInt64] {
            var keys: [UInt64] = []
            keys.reserveCapacity(first.trigrams.count + second.trigrams.count)
            for (model, numbers) in zip(models, renumbered) {
                for key in model.trigrams.keys {
                    let (x, y, z) = BackoffLanguageModel.numbers(ofTrigram: key)
                    keys.append(BackoffLanguageModel.key(numbers[x], numbers[y], numbers[z]))
                }
            }
            return keys
        }
        mixed.bigrams = NGramTable(keys: bigramKeys()) { key in
            let (a, b) = BackoffLanguageModel.numbers(ofBigram: key)
            return (log10(max(probability(b, after: [a]), 1e-99)), 0)
        }
        mixed.trigrams = NGramTable(keys: trigramKeys()) { key in
            let (a, b, c) = BackoffLanguageModel.numbers(ofTrigram: key)
            return log10(max(probability(c, after: [a, b]), 1e-99))
        }
        mixed.recomputeBackoffs()
        return mixed
    }
}
