import Foundation
import Support
import Phonetics

/// Compiles a vocabulary into a grammar and a dictionary for PocketSphinx, and keeps the
/// result in the state directory, reused while its inputs are unchanged.
///
/// Every file is written to a temporary name and renamed into place, the manifest last:
/// a crash leaves either the old model or a model whose manifest does not match, which is
/// rebuilt rather than loaded.
public enum ModelCompiler {
    /// How ``prepare(_:in:)`` got its model.
    public enum Outcome: Sendable, Equatable {
        case reused
        case built(because: CompiledModel.Staleness)
    }

    /// The model for `inputs` in `directory`: the one there if it is current and intact,
    /// else a new one.
    public static func prepare(_ inputs: ModelInputs, in directory: URL) throws(VocabularyError) -> (CompiledModel, Outcome) {
        let digest = try inputs.digest()
        switch CompiledModel.open(directory, inputsDigest: digest) {
        case .success(let model):
            return (model, .reused)
        case .failure(let staleness):
            return (try build(inputs, in: directory, digest: digest), .built(because: staleness))
        }
    }

    /// Compiles `inputs` into `directory`, replacing what is there.
    public static func build(_ inputs: ModelInputs, in directory: URL, digest: String? = nil) throws(VocabularyError) -> CompiledModel {
        let digest: String = if let digest { digest } else { try inputs.digest() }
        let filler = GrammarFiller(definition: inputs.definition)
        func source(_ name: String) throws(VocabularyError) -> String {
            let url = inputs.grammarDirectory.appendingPathComponent(name)
            guard let text = TextFile.text(try ModelInputs.read(url)) else { throw .unreadable(path: url.path, reason: "not UTF-8 text") }
            return text
        }
        let commands = try filler.grammar(try source(GrammarSource.commandsFile), file: GrammarSource.commandsFile,
                                          garbageWeight: inputs.garbageWeight)
        // The answer grammar holds every answer of the curriculum (the dictionary needs
        // their words); the recogniser puts a question's own in their place.
        let answer = try filler.grammar(try source(GrammarSource.answerFile), file: GrammarSource.answerFile,
                                        garbageWeight: inputs.garbageWeight,
                                        placeholders: [ModelGrammars.answerRule: .word(ModelGrammars.answerRule)])
        try check(commands, answer, filledAnswers: filler.alternatives(for: ModelGrammars.answerRule) ?? .word(ModelGrammars.answerRule))
        let garbageWords = Set(GarbageModel.words.map(\.word))
        // "and" joins the items of a list answer said in another order (the recogniser's
        // answer alternatives), so it is a word of every answer grammar.
        let words = commands.words.union(answer.words).union(["and"]).subtracting(garbageWords)

        // A few more candidates than needed: the ones cmudict cannot say are left out.
        let candidates = try StockUnigrams.top(CommandLanguageModel.backgroundSize * 5 / 4, from: inputs.stockLanguageModelPath) {
            $0.allSatisfy { $0.isLetter || $0 == "'" } && !GarbageModel.isGarbage($0)
        }
        let cmudict = try CMUDictionary.load(inputs.cmudictPath, words: words.union(candidates.map(\.word)))
        var background = Array(candidates.filter { cmudict.entries[$0.word] != nil }.prefix(CommandLanguageModel.backgroundSize))
        // The refusals ("no", "cancel") and the controls ("pause", "continue") are heard only
        // in a look-up's correction window and while the daemon speaks or holds a segment,
        // but the language model beside that grammar must be able to say them too: those
        // not among the everyday words join them with the stock model's probability.
        let conversationRules = [BibleVocabulary.refusalRule, BibleVocabulary.controlRule]
        let refusals = Set(inputs.definition.phraseCounts.filter { conversationRules.contains($0.rule) }
            .flatMap { GrammarText.words($0.phrase) }).subtracting(background.map(\.word))
        if !refusals.isEmpty {
            background += try StockUnigrams.top(refusals.count, from: inputs.stockLanguageModelPath) { refusals.contains($0) }
        }
        let languageModel = CommandLanguageModel.arpa(
            sentences: commands.withGarbage(weight: 0).sample(CommandLanguageModel.sampleSize, seed: 1), background: background)

        let authored = try authoredPronunciations(inputs)
        // Everyday words are said as the grammar's are: authored first, then cmudict.
        let allWords = words.union(background.map(\.word))
        let lexicon = try Lexicon.resolve(allWords, authored: authored, cmudict: cmudict)
        let dictionary = PronunciationDictionary.text(lexicon: lexicon, garbage: GarbageModel.words)

        let grammars: Data
        do {
            grammars = try ModelGrammars(commands: commands, answer: answer).encoded()
        } catch {
            throw .cannotWrite(path: directory.appendingPathComponent(CompiledModel.grammarsName).path, reason: "\(error)")
        }
        let outputs = [
            CompiledModel.grammarsName: grammars,
            CompiledModel.commandsLanguageModelName: Data(languageModel.utf8),
            CompiledModel.dictionaryName: Data(dictionary.utf8),
        ]
        let manifest = ModelManifest(
            format: ModelManifest.currentFormat, inputsDigest: digest,
            outputs: outputs.mapValues(ContentHash.of),
            sources: lexicon.entries.mapValues(\.source),
            identifier: inputs.definition.identifier, version: inputs.definition.version, builtAt: Date())
        try ModelManifest.write(manifest, outputs: outputs, to: directory)
        return CompiledModel(directory: directory, manifest: manifest)
    }

    /// Refuses grammars the recogniser could not set up: a rule left referring to nothing
    /// once the garbage path is taken out (as the plain grammar and a garbage weight of 0
    /// take it), or an answer grammar whose answers' placeholder is not a rule of its own the
    /// public rule reaches (a question's answers take that rule's place).
    private static func check(_ commands: Grammar, _ answer: Grammar, filledAnswers: GrammarExpansion) throws(VocabularyError) {
        for (grammar, file) in [(commands, GrammarSource.commandsFile), (answer, GrammarSource.answerFile)] {
            for (variant, when) in [(grammar, ""), (grammar.withGarbage(weight: 0), " once the garbage path is taken out")] {
                if let (rule, missing) = variant.undefinedReference {
                    throw .badGrammar(file: file, reason: "<\(rule)> refers to <\(missing)>, which is not defined\(when)")
                }
            }
        }
        let rule = ModelGrammars.answerRule
        guard answer[rule] == filledAnswers, answer.reaches(rule) else {
            throw .badGrammar(file: GrammarSource.answerFile,
                              reason: "the answers' placeholder must be the whole of a rule <\(rule)> the public rule reaches (<\(rule)> = @\(rule)@;)")
        }
    }

    /// The authored file's pronunciations, with the definition's own custom ones first
    /// (what the compiler uses, and what `bible-course pronounce` shows).
    public static func authoredPronunciations(_ inputs: ModelInputs) throws(VocabularyError) -> [String: [AuthoredPronunciation]] {
        var authored: [String: [AuthoredPronunciation]]
        do {
            authored = try AuthoredLexicon.load(inputs.pronunciationsFile)
        } catch {
            throw .pronunciation(error)
        }
        for custom in inputs.definition.pronunciations.reversed() {
            let word = custom.grapheme.lowercased()
            var mine: [AuthoredPronunciation] = []
            for transcription in custom.phonemes {
                do {
                    let phones = try PhoneticConverter.phones(transcription, notation: custom.notation, word: word)
                    mine.append(AuthoredPronunciation(word: word, notation: custom.notation, transcription: transcription, phones: phones))
                } catch {
                    throw .pronunciation(error)
                }
            }
            authored[word] = mine + (authored[word] ?? []).filter { !mine.contains($0) }
        }
        return authored
    }
}

extension ModelManifest {
    /// Writes `outputs` into `directory` and `manifest` last. Every file is written whole
    /// under a temporary name first; only when all are, the old manifest goes, the files are
    /// renamed into place and the manifest last. A build the disk cannot hold leaves the old
    /// model as it was; one interrupted while renaming is never mistaken for a good one.
    static func write(_ manifest: ModelManifest, outputs: [String: Data], to directory: URL) throws(VocabularyError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        guard let manifestData = try? encoder.encode(manifest) else {
            throw .cannotWrite(path: directory.path, reason: "the manifest cannot be encoded")
        }
        do {
            try AtomicFile.refuseSymbolicLink(directory)
        } catch {
            throw .cannotWrite(path: directory.path, reason: error.reason)
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: directory.path, reason: DiskSpace.explain(error.localizedDescription, writing: directory))
        }
        var staged: [AtomicFile.Staged] = []
        do {
            for (name, data) in outputs.sorted(by: { $0.key < $1.key }) + [(CompiledModel.manifestName, manifestData)] {
                staged.append(try AtomicFile.stage(data, for: directory.appendingPathComponent(name)))
            }
        } catch {
            staged.forEach { $0.discard() }
            throw .cannotWrite(path: error.path, reason: error.reason + "; the model there is as it was")
        }
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(CompiledModel.manifestName))
        for (index, file) in staged.enumerated() {
            do {
                try file.commit()
            } catch {
                staged[(index + 1)...].forEach { $0.discard() }
                throw .cannotWrite(path: error.path, reason: error.reason)
            }
        }
    }
}
