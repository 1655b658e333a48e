import CPocketSphinx  // malloc_trim
import Foundation
import Scripture
import Support
import Phonetics

/// What the Bible-domain language model is built from (``DomainCorpus``), and where the
/// tools are.
public struct DomainModelInputs {
    public var verses: [(book: Book, verse: Verse)]
    public var lessonScripts: [String]
    public var terms: [String]
    public var pronunciationsFile: URL
    public var cmudictPath: String
    /// IRSTLM's estimator (Debian's `irstlm`).
    public var estimatorPath: String
    /// PocketSphinx's converter to its binary format (Debian's `sphinxbase-utils`).
    public var converterPath: String
    /// The stock en-us language model, whose everyday English (``EverydayEnglishModel``)
    /// is mixed in; nil for the Bible's words alone.
    public var stockLanguageModelPath: String?

    public init(verses: [(book: Book, verse: Verse)], lessonScripts: [String], terms: [String], pronunciationsFile: URL,
                cmudictPath: String = CMUDictionary.defaultPath,
                estimatorPath: String = DomainModelCompiler.defaultEstimator,
                converterPath: String = DomainModelCompiler.defaultConverter,
                stockLanguageModelPath: String? = StockUnigrams.defaultPath) {
        self.verses = verses
        self.lessonScripts = lessonScripts
        self.terms = terms
        self.pronunciationsFile = pronunciationsFile
        self.cmudictPath = cmudictPath
        self.estimatorPath = estimatorPath
        self.converterPath = converterPath
        self.stockLanguageModelPath = stockLanguageModelPath
    }

    /// Digest of the inputs' content, the compiler's format and the tools', cmudict's and
    /// the stock model's size and date.
    public func digest() throws(VocabularyError) -> String {
        var hash = ContentHash()
        hash.add("domain format \(DomainModelCompiler.format)")
        for (book, verse) in verses { hash.add("\(book.id) \(verse.chapter) \(verse.verse) \(verse.text)") }
        for text in ["--"] + lessonScripts + ["--"] + terms { hash.add(text) }
        hash.add(try ModelInputs.read(pronunciationsFile))
        hash.add("everyday English \(stockLanguageModelPath.map { _ in DomainModelCompiler.everydayEnglishWeight } ?? 0)")
        for path in [cmudictPath, estimatorPath, converterPath] + (stockLanguageModelPath.map { [$0] } ?? []) {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            hash.add("\(path) \(attributes?[.size] ?? 0) \(attributes?[.modificationDate] ?? "")")
        }
        return hash.hex
    }
}
