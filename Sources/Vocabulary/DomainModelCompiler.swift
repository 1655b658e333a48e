import CPocketSphinx  // malloc_trim
import Foundation
import Scripture
import Support
import Phonetics

/// Builds the Bible-domain language model that `bible-course listen` transcribes with: a
/// trigram model estimated by IRSTLM (`tlm`, modified shift-beta smoothing) from the
/// ``DomainCorpus``, converted to PocketSphinx's binary format (`sphinx_lm_convert`); beside
/// it the same model mixed with the stock model's everyday English (``EverydayEnglishModel``,
/// ``LanguageModelMix``), for speech that is not Scripture; and one dictionary from the same
/// lexicon as the grammar's (authored, then cmudict, then espeak-ng; the everyday words from
/// cmudict). Kept in the state directory with a manifest and reused while the inputs are
/// unchanged, checked as the grammar's model is (``CompiledModel/open(_:inputsDigest:)``).
public enum DomainModelCompiler {
    public static let defaultEstimator = "/usr/lib/irstlm/bin/tlm"
    public static let defaultConverter = "/usr/bin/sphinx_lm_convert"
    public static let languageModelName = "domain.lm.bin"
    public static let dictionaryName = "domain.dict"
    /// The Bible's model mixed with everyday English, for what is not Scripture.
    public static let everydayModelName = "everyday.lm.bin"
    /// Raised whenever what is built from the same inputs changes (the corpus, the estimator's
    /// options), so models built before are rebuilt.
    static let format = 3
    /// The everyday English model's share of the mixture (the Bible's has the rest).
    /// Measured with `scripts/bench-listen.sh` (docs/measurements/2026-11-26-listen.md).
    public static let everydayEnglishWeight = 0.7

    /// The model's files.
    public struct Model: Sendable {
        public let directory: URL
        public let manifest: ModelManifest
        public var languageModel: URL { directory.appendingPathComponent(DomainModelCompiler.languageModelName) }
        public var dictionary: URL { directory.appendingPathComponent(DomainModelCompiler.dictionaryName) }
        /// The mixture with everyday English; nil when it was built without (no stock model).
        public var everydayModel: URL? {
            manifest.outputs[DomainModelCompiler.everydayModelName] == nil
                ? nil : directory.appendingPathComponent(DomainModelCompiler.everydayModelName)
        }
    }

    /// The model for `inputs` in `directory`: the one there if current and intact, else a
    /// new one.
    public static func prepare(_ inputs: DomainModelInputs, in directory: URL) throws(VocabularyError) -> (Model, ModelCompiler.Outcome) {
        let digest = try inputs.digest()
        let files = [languageModelName, dictionaryName] + (inputs.stockLanguageModelPath == nil ? [] : [everydayModelName])
        switch CompiledModel.open(directory, inputsDigest: digest, files: files) {
        case .success(let model):
            return (Model(directory: directory, manifest: model.manifest), .reused)
        case .failure(let staleness):
            return (try build(inputs, in: directory, digest: digest), .built(because: staleness))
        }
    }

    /// Builds the model into `directory`, replacing what is there.
    ///
    /// Its steps are ordered for the least memory at once, as the service's memory cap
    /// counts the tools' memory with this process's: everyday English is read first (while
    /// it is read, the whole stock model is in memory), the corpus's sentences live only
    /// until the corpus is written, the everyday model is let go once mixed, and what the
    /// build freed is given back to the system before each tool runs.
    public static func build(_ inputs: DomainModelInputs, in directory: URL, digest: String) throws(VocabularyError) -> Model {
        for (what, path) in [("IRSTLM's tlm (apt-get install irstlm)", inputs.estimatorPath),
                             ("sphinx_lm_convert (apt-get install sphinxbase-utils)", inputs.converterPath)]
        where !FileManager.default.isExecutableFile(atPath: path) {
            throw .missingFile(what: "\(what), an executable", path: path)
        }
        // Words nobody can say are left out of the model and its dictionary alike.
        let authored: [String: [AuthoredPronunciation]]
        do {
            authored = try AuthoredLexicon.load(inputs.pronunciationsFile)
        } catch {
            throw .pronunciation(error)
        }
        // Everyday English, in words cmudict can say.
        var everyday: BackoffLanguageModel?
        if let stock = inputs.stockLanguageModelPath {
            let known = try CMUDictionary.words(inputs.cmudictPath)
            everyday = try EverydayEnglishModel.read(stock) { known.contains($0) && $0.allSatisfy { $0.isLetter || $0 == "'" } }
        }
        let everydayWords = Set(everyday?.words.filter { !$0.hasPrefix("<") } ?? [])

        let parent = directory.deletingLastPathComponent()
        let work: URL
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
            AtomicFile.removeLeftovers(beside: directory)
            work = try AtomicFile.temporaryFolder(prefix: ".\(directory.lastPathComponent)-build-", in: parent)
        } catch {
            throw .cannotWrite(path: parent.path, reason: "\(error)")
        }
        defer { try? FileManager.default.removeItem(at: work) }
        let corpusFile = work.appendingPathComponent("corpus.txt")
        let arpa = work.appendingPathComponent("domain.arpa")
        let binary = work.appendingPathComponent(languageModelName)
        let everydayArpa = work.appendingPathComponent("everyday.arpa")
        let everydayBinary = work.appendingPathComponent(everydayModelName)
        let lexicon = try writeCorpus(inputs, authored: authored, everydayWords: everydayWords, to: corpusFile)
        try run(inputs.estimatorPath, ["-tr=\(corpusFile.path)", "-n=3", "-lm=msb", "-o=\(arpa.path)"])
        var outputs = [
            languageModelName: try convert(arpa, to: binary, with: inputs.converterPath),
            dictionaryName: Data(PronunciationDictionary.text(lexicon: lexicon, garbage: []).utf8),
        ]
        if let model = everyday {
            // Read and written a line at a time: the mixture's text is never held whole.
            let bible = try BackoffLanguageModel.read(arpaFile: arpa)
            try LanguageModelMix.mix(bible, model, weight: 1 - everydayEnglishWeight).write(arpaTo: everydayArpa)
        }
        if everyday != nil {
            // Converted once the models are let go: the converter's memory comes on top of this process's.
            everyday = nil
            outputs[everydayModelName] = try convert(everydayArpa, to: everydayBinary, with: inputs.converterPath)
        }
        let manifest = ModelManifest(
            format: ModelManifest.currentFormat, inputsDigest: digest,
            outputs: outputs.mapValues(ContentHash.of), sources: lexicon.entries.mapValues(\.source),
            identifier: "bible-domain", version: "\(format)", builtAt: Date())
        try ModelManifest.write(manifest, outputs: outputs, to: directory)
        return Model(directory: directory, manifest: manifest)
    }

    /// Writes the corpus (``DomainCorpus``, in the words someone can say: authored,
    /// cmudict's, espeak-ng's and `everydayWords`) to `corpusFile`, one sentence a line
    /// between `<s>` and `</s>`, and returns the lexicon of those words.
    private static func writeCorpus(_ inputs: DomainModelInputs, authored: [String: [AuthoredPronunciation]],
                                    everydayWords: Set<String>, to corpusFile: URL) throws(VocabularyError) -> Lexicon {
        let sentences = DomainCorpus.sentences(verses: inputs.verses, lessonScripts: inputs.lessonScripts, terms: inputs.terms)
        var words = Set<String>()
        for sentence in sentences { words.formUnion(sentence.split(separator: " ").map(String.init)) }
        let cmudict = try CMUDictionary.load(inputs.cmudictPath, words: words.union(everydayWords))
        var guessed: [String: [Phone]] = [:]
        for word in words where authored[word] == nil && cmudict.entries[word] == nil {
            if let phones = EspeakPhonemizer.phones(word), !phones.isEmpty { guessed[word] = phones }
        }
        let sayable = words.filter { authored[$0] != nil || cmudict.entries[$0] != nil || guessed[$0] != nil }
            .union(everydayWords)
        let lexicon = try Lexicon.resolve(sayable, authored: authored, cmudict: cmudict, graphemeToPhoneme: { guessed[$0] })
        let corpus = sentences.compactMap { sentence -> String? in
            let kept = sentence.split(separator: " ").filter { sayable.contains(String($0)) }
            return kept.isEmpty ? nil : "<s> " + kept.joined(separator: " ") + " </s>"
        }.joined(separator: "\n") + "\n"
        do {
            try Data(corpus.utf8).write(to: corpusFile)
        } catch {
            throw .cannotWrite(path: corpusFile.path, reason: error.localizedDescription)
        }
        return lexicon
    }

    /// `arpa` in PocketSphinx's binary format, written to `binary` by `converter`.
    private static func convert(_ arpa: URL, to binary: URL, with converter: String) throws(VocabularyError) -> Data {
        try run(converter, ["-i", arpa.path, "-o", binary.path])
        guard let model = FileManager.default.contents(atPath: binary.path) else {
            throw .toolFailed(tool: converter, reason: "it wrote nothing to \(binary.path)")
        }
        return model
    }

    /// Runs a tool; its output goes nowhere unless it fails, when it is the error's reason.
    /// The memory this process freed is given back to the system first (`malloc_trim`):
    /// glibc keeps it for reuse otherwise, and the tool's own memory comes on top of it.
    private static func run(_ tool: String, _ arguments: [String]) throws(VocabularyError) {
        _ = malloc_trim(0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            throw .toolFailed(tool: tool, reason: "cannot run: \(error.localizedDescription)")
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw .toolFailed(tool: tool, reason: "exit \(process.terminationStatus): \(text.suffix(400))")
        }
    }
}
