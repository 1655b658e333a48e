import Support
import Foundation

/// A compiled model in the state directory: the command and answer grammars
/// (``ModelGrammars``), the language model drawn from the command grammar, and a dictionary
/// holding the grammars' words and the language model's everyday words.
public struct CompiledModel: Sendable {
    public static let grammarsName = "grammars.json"
    public static let commandsLanguageModelName = "commands.lm"
    public static let dictionaryName = "bible.dict"
    public static let manifestName = "manifest.json"

    public let directory: URL
    public let manifest: ModelManifest

    public var grammarsFile: URL { directory.appendingPathComponent(Self.grammarsName) }
    /// The command language model (``CommandLanguageModel``), an ARPA file.
    public var commandsLanguageModel: URL { directory.appendingPathComponent(Self.commandsLanguageModelName) }
    public var dictionary: URL { directory.appendingPathComponent(Self.dictionaryName) }

    /// Why a model on disk cannot be used as it is.
    public enum Staleness: Error, Equatable, Sendable, CustomStringConvertible {
        case missing
        case unreadableManifest
        case olderFormat
        case inputsChanged
        case corrupt(file: String)

        public var description: String {
            switch self {
            case .missing: return "no compiled model yet"
            case .unreadableManifest: return "its manifest is unreadable"
            case .olderFormat: return "it was built by an older compiler"
            case .inputsChanged: return "the vocabulary, the curriculum, the grammars or the program changed"
            case .corrupt(let file): return "\(file) is missing, truncated or changed"
            }
        }
    }

    /// The files of the grammar's model, each checked against the manifest.
    public static let outputNames = [grammarsName, commandsLanguageModelName, dictionaryName]

    /// Opens the model in `directory` if it was built from inputs with `digest` and each
    /// of `files` is as the manifest says; otherwise says why not. The domain model of
    /// `listen` is checked the same way with its own files.
    public static func open(_ directory: URL, inputsDigest digest: String,
                            files: [String] = outputNames) -> Result<CompiledModel, Staleness> {
        let manifestURL = directory.appendingPathComponent(manifestName)
        guard let data = FileManager.default.contents(atPath: manifestURL.path) else { return .failure(.missing) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let manifest = try? decoder.decode(ModelManifest.self, from: data) else {
            return .failure(.unreadableManifest)
        }
        guard manifest.format == ModelManifest.currentFormat else { return .failure(.olderFormat) }
        guard manifest.inputsDigest == digest else { return .failure(.inputsChanged) }
        for name in files {
            guard let content = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path),
                  manifest.outputs[name] == ContentHash.of(content) else {
                return .failure(.corrupt(file: name))
            }
        }
        return .success(CompiledModel(directory: directory, manifest: manifest))
    }

    /// The model's grammars.
    public func grammars() throws(VocabularyError) -> ModelGrammars {
        try ModelGrammars.read(grammarsFile)
    }

    /// Reads the model's manifest without checking inputs (for `model show`).
    public static func manifest(in directory: URL) -> ModelManifest? {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(manifestName).path) else {
            return nil
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(ModelManifest.self, from: data)
    }
}
