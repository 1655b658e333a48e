import CPocketSphinx
import Foundation

/// Everyday English as a bigram model, cut from the stock en-us language model (Debian's
/// `pocketsphinx-en-us`, the model `listen --stock` decodes with): its most probable words
/// and the bigrams it holds among the most probable of those. ``LanguageModelMix`` mixes
/// it into the Bible-domain model so that ordinary speech ("the weather is nice today") is
/// not forced onto the Bible's phrases.
///
/// The stock model's own file cannot be written out as ARPA here (`sphinx_lm_convert`
/// stops on an assertion after its unigrams), so the bigrams are found by asking the model:
/// for each pair of words, whether it scores them as a bigram of its own (``pairs``²
/// lookups).
public enum EverydayEnglishModel {
    /// How many of the stock model's most probable words the model holds.
    public static let defaultVocabularySize = 10_000
    /// Among how many of them (the most probable) bigrams are looked up.
    public static let defaultPairedWords = 3_000

    /// The model: the `vocabularySize` most probable words `keep` accepts (sentence ends
    /// among them), their probabilities renormalised, and the stock bigrams among the first
    /// `pairedWords` of them (and after `<s>`), with backoff weights computed anew for the
    /// words kept.
    public static func read(_ path: String = StockUnigrams.defaultPath, vocabularySize: Int = defaultVocabularySize,
                            pairedWords: Int = defaultPairedWords,
                            keep: (String) -> Bool) throws(VocabularyError) -> BackoffLanguageModel {
        try StockUnigrams.reading(path) { stock, logMath throws(VocabularyError) in
            try model(of: stock, logMath: logMath, path: path, vocabularySize: vocabularySize, pairedWords: pairedWords, keep: keep)
        }
    }

    private static func model(of stock: OpaquePointer, logMath: OpaquePointer, path: String, vocabularySize: Int,
                              pairedWords: Int, keep: (String) -> Bool) throws(VocabularyError) -> BackoffLanguageModel {
        let start = "<s>", end = "</s>"
        let ranked = StockUnigrams.ranked(vocabularySize, of: stock, logMath: logMath) {
            !$0.hasPrefix("<") && !$0.hasPrefix("[") && keep($0)
        }
        let startID = ngram_wid(stock, start), endID = ngram_wid(stock, end)
        let unknown = ngram_unknown_wid(stock)
        guard startID != unknown, endID != unknown, !ranked.isEmpty else {
            throw .unreadable(path: path, reason: "no sentence ends or no words: not a stock en-us model")
        }
        var used: Int32 = 0
        let endEntry = (id: endID, log10Probability: logmath_log_to_log10(logMath, ngram_ng_prob(stock, endID, nil, 0, &used)))

        var model = BackoffLanguageModel()
        let total = ranked.reduce(pow(10, endEntry.log10Probability)) { $0 + pow(10, $1.log10Probability) }
        let startNumber = model.number(start)
        model.unigrams[startNumber] = (-99, 0)
        let endNumber = model.number(end)
        model.unigrams[endNumber] = (endEntry.log10Probability - log10(total), 0)
        var numbers: [Int] = []
        for entry in ranked {
            let number = model.number(entry.word)
            model.unigrams[number] = (entry.log10Probability - log10(total), 0)
            numbers.append(number)
        }

        // Bigrams the stock model holds itself (not by backing off) among the paired words,
        // found in the order of the model's numbers (<s>, </s>, then the words by rank),
        // the order its table keeps them in. Gathered as the stock model's own log scores
        // (4 bytes against a table value's 16) while the arrays grow to a size not known
        // beforehand.
        let paired = Array(zip(ranked.prefix(pairedWords).map(\.id), numbers.prefix(pairedWords)))
        let histories = [(startID, startNumber)] + paired
        let targets = [(endEntry.id, endNumber)] + paired
        var keys: [UInt64] = []
        var scores: [Int32] = []
        for (historyID, historyNumber) in histories {
            var history = historyID
            for (targetID, targetNumber) in targets {
                var used: Int32 = 0
                let score = ngram_ng_prob(stock, targetID, &history, 1, &used)
                guard used == 2 else { continue }
                keys.append(BackoffLanguageModel.key(historyNumber, targetNumber))
                scores.append(score)
            }
        }
        model.bigrams = NGramTable(keys: keys, values: scores.map { (logmath_log_to_log10(logMath, $0), 0) })
        model.recomputeBackoffs()
        return model
    }
}
