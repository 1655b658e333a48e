import CPocketSphinx
import Foundation

/// The most frequent words of the stock en-us language model (Debian's
/// `pocketsphinx-en-us`) with their unigram probabilities: the everyday English the
/// command language model (``CommandLanguageModel``) hears speech that is not a command as.
public enum StockUnigrams {
    public static let defaultPath = "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin"

    /// The `count` most probable words of the model at `path` that `keep` accepts, most
    /// probable first, each with its log10 probability.
    public static func top(_ count: Int, from path: String = defaultPath,
                           keep: (String) -> Bool) throws(VocabularyError) -> [(word: String, log10Probability: Double)] {
        try reading(path) { model, logMath throws(VocabularyError) in
            ranked(count, of: model, logMath: logMath, keep: keep).map { ($0.word, $0.log10Probability) }
        }
    }

    /// The stock model at `path`, read (its progress log silenced) for `body` and freed
    /// after: `body` gets the model and its log tables.
    static func reading<Result>(_ path: String, _ body: (_ model: OpaquePointer, _ logMath: OpaquePointer) throws(VocabularyError) -> Result) throws(VocabularyError) -> Result {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .missingFile(what: "stock language model", path: path)
        }
        guard let logMath = logmath_init(1.0001, 0, 0) else {
            throw .unreadable(path: path, reason: "cannot set up PocketSphinx's log tables")
        }
        defer { logmath_free(logMath) }
        // The library logs each step of reading the model to stderr: not for the user.
        let log = err_get_logfp()
        err_set_logfp(nil)
        defer { err_set_logfp(log) }
        guard let model = ngram_model_read(nil, path, NGRAM_AUTO, logMath) else {
            throw .unreadable(path: path, reason: "not a language model PocketSphinx can read")
        }
        defer { ngram_model_free(model) }
        return try body(model, logMath)
    }

    /// The `count` most probable words of `model` that `keep` accepts, most probable first,
    /// each with its word number in the model and its log10 probability.
    static func ranked(_ count: Int, of model: OpaquePointer, logMath: OpaquePointer,
                       keep: (String) -> Bool) -> [(id: Int32, word: String, log10Probability: Double)] {
        var words: [(id: Int32, word: String, log10Probability: Double)] = []
        let vocabularySize = Int32(ngram_model_get_counts(model)?[0] ?? 0)
        for id in 0..<vocabularySize {
            guard let name = ngram_word(model, id) else { continue }
            let word = String(cString: name)
            guard keep(word) else { continue }
            var history: [UnsafePointer<CChar>?] = [name]
            let probability = ngram_prob(model, &history, 1)
            words.append((id, word, logmath_log_to_log10(logMath, probability)))
        }
        return Array(words.sorted { $0.log10Probability > $1.log10Probability || ($0.log10Probability == $1.log10Probability && $0.word < $1.word) }.prefix(count))
    }
}
