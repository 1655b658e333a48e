import Foundation
import Support
import Phonetics

/// Everything a compiled model is built from. Its digest decides whether a model on disk
/// can be reused.
public struct ModelInputs: Sendable {
    /// The built-in vocabulary merged with the user's and the curriculum's.
    public var definition: VocabularyDefinition
    /// Folder of the grammar sources (`commands.jsgf`, `answer.jsgf`).
    public var grammarDirectory: URL
    /// The authored pronunciations (`Models/pronunciations.tsv`).
    public var pronunciationsFile: URL
    public var cmudictPath: String
    /// The stock language model whose most frequent words are the command language
    /// model's everyday English (``StockUnigrams``).
    public var stockLanguageModelPath: String
    public var garbageWeight: Double

    public init(definition: VocabularyDefinition, grammarDirectory: URL, pronunciationsFile: URL,
                cmudictPath: String = CMUDictionary.defaultPath, stockLanguageModelPath: String = StockUnigrams.defaultPath,
                garbageWeight: Double) {
        self.definition = definition
        self.grammarDirectory = grammarDirectory
        self.pronunciationsFile = pronunciationsFile
        self.cmudictPath = cmudictPath
        self.stockLanguageModelPath = stockLanguageModelPath
        self.garbageWeight = garbageWeight
    }

    /// Digest of the inputs' content (not their dates), the compiler's format and the
    /// cmudict file's size and date.
    public func digest() throws(VocabularyError) -> String {
        var hash = ContentHash()
        hash.add("format \(ModelManifest.currentFormat)")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let definitionData = try? encoder.encode(definition) else {
            throw .badDefinition(path: definition.identifier, reason: "cannot be encoded")
        }
        hash.add(definitionData)
        for name in [GrammarSource.commandsFile, GrammarSource.answerFile] {
            hash.add(try Self.read(grammarDirectory.appendingPathComponent(name)))
        }
        hash.add(try Self.read(pronunciationsFile))
        for path in [cmudictPath, stockLanguageModelPath] {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            hash.add("\(path) \(attributes?[.size] ?? 0) \(attributes?[.modificationDate] ?? "")")
        }
        hash.add("garbage \(garbageWeight)")
        return hash.hex
    }

    static func read(_ url: URL) throws(VocabularyError) -> Data {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .missingFile(what: "vocabulary input", path: url.path)
        }
        return data
    }
}
