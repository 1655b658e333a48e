import Foundation

/// The n-gram language model the recogniser hears commands and look-ups with: the command
/// grammar's sentences as a trigram model, over a background of everyday English words
/// (``StockUnigrams``), written as an ARPA file PocketSphinx loads.
///
/// Why not the grammar alone: a grammar can only say "one of my sentences", so speech that
/// is not a command ("begin the dishes", "read the message", a television) is forced onto
/// the nearest command, and a phone loop beside it, cheap enough to run, out-scores real
/// people's words as readily as it catches conversation. Here the alternative to a
/// command is real words: "begin the dishes" is heard as those words, which are not a
/// sentence of the grammar (``Grammar/accepts(_:)``), so nothing is done. Measured
/// on real recordings and the Piper voice, against the grammar with and without its phone
/// loop, by `scripts/bench-recognition.sh`.
public enum CommandLanguageModel {
    /// How likely speech is to leave the commands' word sequences at each word: the
    /// probability mass every grammar context gives to backing off to single words.
    public static let defaultEscape = 0.05
    /// The everyday words' share of the single-word probabilities (the grammar's words
    /// have the rest).
    public static let defaultBackgroundWeight = 0.5
    /// How many of the stock model's most frequent words make the background.
    public static let backgroundSize = 3000
    /// How many grammar sentences are drawn to count the grammar's word sequences.
    public static let sampleSize = 20_000

    /// The model as ARPA text. `sentences`: the grammar's sentences, as drawn by
    /// ``Grammar/sample(_:seed:)`` (their frequencies are the grammar's weights);
    /// `background`: everyday words with their log10 probabilities.
    public static func arpa(
        sentences: [[String]], background: [(word: String, log10Probability: Double)],
        escape: Double = defaultEscape, backgroundWeight: Double = defaultBackgroundWeight
    ) -> String {
        let start = "<s>", end = "</s>"
        var unigramCounts: [String: Double] = [:]
        var bigramCounts: [[String]: Double] = [:]
        var trigramCounts: [[String]: Double] = [:]
        for sentence in sentences where !sentence.isEmpty {
            let words = [start] + sentence + [end]
            for i in words.indices {
                if i > 0 { unigramCounts[words[i], default: 0] += 1 }
                if i >= 1 { bigramCounts[Array(words[(i - 1)...i]), default: 0] += 1 }
                if i >= 2 { trigramCounts[Array(words[(i - 2)...i]), default: 0] += 1 }
            }
        }

        // Single words: the grammar's frequencies mixed with the background's.
        let grammarTotal = unigramCounts.values.reduce(0, +)
        let backgroundTotal = background.reduce(0) { $0 + pow(10, $1.log10Probability) }
        var unigrams: [String: Double] = [:]
        for (word, count) in unigramCounts where grammarTotal > 0 {
            unigrams[word, default: 0] += (1 - backgroundWeight) * count / grammarTotal
        }
        for entry in background where backgroundTotal > 0 && entry.word != start && entry.word != end {
            unigrams[entry.word, default: 0] += backgroundWeight * pow(10, entry.log10Probability) / backgroundTotal
        }
        // Everyday speech ends too: one word in about twelve.
        unigrams[end, default: 0] += backgroundWeight / 12
        let unigramTotal = unigrams.values.reduce(0, +)
        for word in unigrams.keys { unigrams[word]! /= unigramTotal }

        // Longer sequences: the grammar's, with `escape` of each context left to back off.
        func conditional(_ counts: [[String]: Double]) -> [[String]: Double] {
            var contexts: [ArraySlice<String>: Double] = [:]
            for (gram, count) in counts { contexts[gram.dropLast(), default: 0] += count }
            return counts.reduce(into: [:]) { result, item in
                result[item.key] = (1 - escape) * item.value / contexts[item.key.dropLast()]!
            }
        }
        let bigrams = conditional(bigramCounts)
        let trigrams = conditional(trigramCounts)

        // Backoff weights: what a context leaves, spread over what it did not see.
        func backoffs(_ grams: [[String]: Double], lower: ([String]) -> Double) -> [[String]: Double] {
            var seen: [[String]: (left: Double, lowerSeen: Double)] = [:]
            for (gram, probability) in grams {
                let context = Array(gram.dropLast())
                let lowerProbability = lower(Array(gram.dropFirst()))
                let sums = seen[context] ?? (1, 1)
                seen[context] = (sums.left - probability, sums.lowerSeen - lowerProbability)
            }
            return seen.mapValues { $0.left / max($0.lowerSeen, 1e-9) }
        }
        let unigramBackoffs = backoffs(bigrams) { unigrams[$0[0]] ?? 0 }
        func bigram(_ gram: [String]) -> Double {
            bigrams[gram] ?? (unigramBackoffs[[gram[0]]] ?? 1) * (unigrams[gram[1]] ?? 0)
        }
        let bigramBackoffs = backoffs(trigrams, lower: bigram)

        // A back-off weight of 1 sums to a hair either side of it in hash order: written as
        // 0.0000 either way, so the same inputs give the same file.
        func log10(_ value: Double) -> String {
            let text = String(format: "%.4f", Foundation.log10(max(value, 1e-99)))
            return text == "-0.0000" ? "0.0000" : text
        }
        var text = "\\data\\\n"
        text += "ngram 1=\(unigrams.count + 1)\nngram 2=\(bigrams.count)\nngram 3=\(trigrams.count)\n\n"
        text += "\\1-grams:\n"
        text += "-99\t\(start)\t\(log10(unigramBackoffs[[start]] ?? 1))\n"
        for word in unigrams.keys.sorted() {
            text += "\(log10(unigrams[word]!))\t\(word)"
            if let backoff = unigramBackoffs[[word]] { text += "\t\(log10(backoff))" }
            text += "\n"
        }
        text += "\n\\2-grams:\n"
        for gram in bigrams.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            text += "\(log10(bigrams[gram]!))\t\(gram.joined(separator: " "))"
            if let backoff = bigramBackoffs[gram] { text += "\t\(log10(backoff))" }
            text += "\n"
        }
        text += "\n\\3-grams:\n"
        for gram in trigrams.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            text += "\(log10(trigrams[gram]!))\t\(gram.joined(separator: " "))\n"
        }
        text += "\n\\end\\\n"
        return text
    }
}
