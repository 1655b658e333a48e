import Foundation
import Scripture
import Testing
import Phonetics
@testable import Vocabulary

/// The compiled model's cache: reused while its inputs and files are as the manifest
/// says, rebuilt otherwise, and never built from a vocabulary that does not compile.
@Suite("Model compiler: cache")
struct ModelCompilerCacheTests {
    @Test("a first start builds, a second start reuses")
    func secondPrepareReuses() throws {
        let fixture = try ModelFixture()
        #expect(try fixture.prepare() == .built(because: .missing))
        #expect(try fixture.prepare() == .reused)
        #expect(try fixture.prepare() == .reused)
    }

    @Test("a phrase added to the definition rebuilds, and the new words are in the dictionary")
    func changedDefinitionRebuilds() throws {
        let fixture = try ModelFixture()
        #expect(try fixture.startBuilt() == .reused)
        fixture.definition.phraseCounts.append(.init("Zerubbabel", count: 1, rule: "answer"))
        #expect(try fixture.prepare() == .built(because: .inputsChanged))
        #expect(ModelFixture.dictionaryWords(try fixture.read(fixture.url(CompiledModel.dictionaryName))).contains("zerubbabel"))
        #expect(try fixture.prepare() == .reused)
    }

    @Test("an edited grammar source rebuilds")
    func changedGrammarRebuilds() throws {
        let fixture = try ModelFixture()
        #expect(try fixture.startBuilt() == .reused)
        try fixture.append("\n// edited\n", to: fixture.grammarDirectory.appendingPathComponent("commands.jsgf"))
        #expect(try fixture.prepare() == .built(because: .inputsChanged))
        try fixture.append("\n// edited\n", to: fixture.grammarDirectory.appendingPathComponent("answer.jsgf"))
        #expect(try fixture.prepare() == .built(because: .inputsChanged))
        #expect(try fixture.prepare() == .reused)
    }

    @Test("grammar sources saved with CRLF line ends and a byte-order mark compile to the same grammars")
    func windowsGrammarSources() throws {
        let fixture = try ModelFixture()
        try fixture.startBuilt()
        let built = try fixture.read(fixture.url(CompiledModel.grammarsName))
        for name in [GrammarSource.commandsFile, GrammarSource.answerFile] {
            let source = fixture.grammarDirectory.appendingPathComponent(name)
            let text = try String(contentsOf: source, encoding: .utf8)
            try (Data([0xEF, 0xBB, 0xBF]) + Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)).write(to: source)
        }
        #expect(try fixture.prepare() == .built(because: .inputsChanged))
        #expect(try fixture.read(fixture.url(CompiledModel.grammarsName)) == built)
    }

    @Test("an edited pronunciations file rebuilds, and the new pronunciation is used")
    func changedPronunciationsRebuild() throws {
        let fixture = try ModelFixture()
        #expect(try fixture.startBuilt() == .reused)
        try fixture.append("\nhabakkuk\tarpabet\tHH AH0 B AE1 K UH0 K\n", to: fixture.pronunciationsFile)
        #expect(try fixture.prepare() == .built(because: .inputsChanged))
        #expect(try fixture.read(fixture.url(CompiledModel.dictionaryName)).contains("HH AH B AE K UH K"))
    }

    @Test("a truncated output is detected and rebuilt, never loaded", arguments: [
        CompiledModel.dictionaryName, CompiledModel.grammarsName, CompiledModel.commandsLanguageModelName,
    ])
    func truncatedOutputRebuilds(name: String) throws {
        let fixture = try ModelFixture()
        #expect(try fixture.startBuilt() == .reused)
        let intact = try fixture.read(fixture.url(name))
        try fixture.truncate(fixture.url(name))
        #expect(try fixture.prepare() == .built(because: .corrupt(file: name)))
        #expect(try fixture.read(fixture.url(name)) == intact)
        #expect(try fixture.prepare() == .reused)
    }

    @Test("a deleted output is rebuilt")
    func deletedOutputRebuilds() throws {
        let fixture = try ModelFixture()
        #expect(try fixture.startBuilt() == .reused)
        try FileManager.default.removeItem(at: fixture.url(CompiledModel.dictionaryName))
        #expect(try fixture.prepare() == .built(because: .corrupt(file: CompiledModel.dictionaryName)))
    }

    @Test("a missing manifest (an interrupted build) rebuilds")
    func missingManifestRebuilds() throws {
        let fixture = try ModelFixture()
        #expect(try fixture.startBuilt() == .reused)
        try FileManager.default.removeItem(at: fixture.url(CompiledModel.manifestName))
        #expect(try fixture.prepare() == .built(because: .missing))
        #expect(try fixture.prepare() == .reused)
    }

    @Test("a manifest from an older compiler rebuilds")
    func olderFormatRebuilds() throws {
        let fixture = try ModelFixture()
        #expect(try fixture.startBuilt() == .reused)
        let manifestURL = fixture.url(CompiledModel.manifestName)
        let old = try fixture.read(manifestURL)
            .replacingOccurrences(of: "\"format\" : \(ModelManifest.currentFormat)", with: "\"format\" : 0")
        #expect(old != (try fixture.read(manifestURL)))
        try old.write(to: manifestURL, atomically: true, encoding: .utf8)
        #expect(try fixture.prepare() == .built(because: .olderFormat))
        #expect(CompiledModel.manifest(in: fixture.modelDirectory)?.format == ModelManifest.currentFormat)
    }

    @Test("an unreadable manifest rebuilds")
    func unreadableManifestRebuilds() throws {
        let fixture = try ModelFixture()
        #expect(try fixture.startBuilt() == .reused)
        try fixture.truncate(fixture.url(CompiledModel.manifestName))
        #expect(try fixture.prepare() == .built(because: .unreadableManifest))
    }

    @Test("the manifest records the definition, the outputs and every word's source")
    func manifestContents() throws {
        let fixture = try ModelFixture()
        let (model, _) = try ModelCompiler.prepare(fixture.inputs, in: fixture.modelDirectory)
        #expect(model.manifest.identifier == BibleVocabulary.identifier)
        #expect(model.manifest.version == BibleVocabulary.version)
        #expect(model.manifest.inputsDigest == (try fixture.inputs.digest()))
        #expect(Set(model.manifest.outputs.keys) == [
            CompiledModel.dictionaryName, CompiledModel.grammarsName, CompiledModel.commandsLanguageModelName,
        ])
        let words = ModelFixture.dictionaryWords(try fixture.read(model.dictionary)).filter { !GarbageModel.isGarbage($0) }
        #expect(Set(model.manifest.sources.keys) == words)
        // No temporary file is left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.modelDirectory.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }
}

/// Vocabularies that cannot be compiled: the error names what to fix, and nothing is
/// written over the model on disk.
@Suite("Model compiler: unbuildable vocabularies")
struct ModelCompilerErrorTests {
    @Test("a custom pronunciation with an unknown X-SAMPA symbol names the word and the symbol")
    func unknownSymbolInDefinition() throws {
        let fixture = try ModelFixture()
        fixture.definition.phraseCounts.append(.init("zerubbabel", count: 1, rule: "term"))
        fixture.definition.pronunciations.append(.init(grapheme: "Zerubbabel", phonemes: ["z@\"rVb@bC"]))
        let error = #expect(throws: VocabularyError.self) { try fixture.prepare() }
        #expect(error == .pronunciation(.unknownSymbol(word: "zerubbabel", symbol: "C", notation: .xsampa)))
        let message = error?.description ?? ""
        #expect(message.contains("zerubbabel") && message.contains("`C`") && message.contains("X-SAMPA"))
    }

    @Test("an unknown X-SAMPA symbol in the pronunciations file names the file, the line, the word and the symbol")
    func unknownSymbolInFile() throws {
        let fixture = try ModelFixture()
        let lines = try fixture.read(fixture.pronunciationsFile).split(separator: "\n", omittingEmptySubsequences: false).count
        try fixture.append("zerubbabel\txsampa\tz@\"rVb@bC\n", to: fixture.pronunciationsFile)
        let error = #expect(throws: VocabularyError.self) { try fixture.prepare() }
        let message = error?.description ?? ""
        #expect(message.contains(fixture.pronunciationsFile.path + ":\(lines)"), "\(message)")
        #expect(message.contains("zerubbabel") && message.contains("`C`"), "\(message)")
    }

    @Test("a grammar placeholder naming no rule names the grammar and the placeholder")
    func unknownPlaceholder() throws {
        let fixture = try ModelFixture()
        try fixture.append("\n<extra> = @psalmody@;\n", to: fixture.grammarDirectory.appendingPathComponent("commands.jsgf"))
        let error = #expect(throws: VocabularyError.self) { try fixture.prepare() }
        #expect(error == .unknownRule(grammar: "commands.jsgf", rule: "psalmody"))
        #expect(error?.description.contains("psalmody") == true)
    }

    @Test("a grammar source the recogniser could not set up is refused at compile time, naming the file and the rule", arguments: [
        ("commands.jsgf", "\n<extra> = amen <noise>;\n<noise> = <garbage>;\n", "<extra> refers to <noise>, which is not defined once the garbage path is taken out"),
        ("answer.jsgf", "\n<spoken> = [it is] @answer@;\n", "the answers' placeholder must be the whole of a rule <answer>"),
    ])
    func unusableGrammar(file: String, appended: String, says: String) throws {
        let fixture = try ModelFixture()
        let source = fixture.grammarDirectory.appendingPathComponent(file)
        var text = try fixture.read(source)
        if file == "answer.jsgf" { text = text.replacingOccurrences(of: "<answer> = @answer@;", with: "<answer> = <spoken>;") }
        try (text + appended).write(to: source, atomically: true, encoding: .utf8)
        let error = #expect(throws: VocabularyError.self) { try fixture.prepare() }
        #expect(error?.description.contains("grammar \(file): ") == true && error?.description.contains(says) == true, "\(error.map(String.init(describing:)) ?? "")")
    }

    @Test("a failed build leaves the previous model's files untouched")
    func failedBuildKeepsOldFiles() throws {
        let fixture = try ModelFixture()
        #expect(try fixture.startBuilt() == .reused)
        let names = [CompiledModel.manifestName, CompiledModel.dictionaryName, CompiledModel.grammarsName]
        let before = try names.map { try fixture.read(fixture.url($0)) }
        try fixture.append("\n<extra> = @psalmody@;\n", to: fixture.grammarDirectory.appendingPathComponent("commands.jsgf"))
        #expect(throws: VocabularyError.self) { try fixture.prepare() }
        #expect(try names.map { try fixture.read(fixture.url($0)) } == before)
    }

    @Test("a missing grammar source names the file")
    func missingGrammar() throws {
        let fixture = try ModelFixture()
        try FileManager.default.removeItem(at: fixture.grammarDirectory.appendingPathComponent("answer.jsgf"))
        let error = #expect(throws: VocabularyError.self) { try fixture.prepare() }
        #expect(error?.description.contains("answer.jsgf") == true)
    }
}

/// What the compiler writes: grammars and a dictionary that match word for word.
@Suite("Model compiler: grammar and dictionary")
struct ModelCompilerOutputTests {
    struct Built {
        let fixture: ModelFixture
        let model: CompiledModel
        let dictionary: String
        let dictionaryWords: Set<String>
        let grammarWords: Set<String>

        init() throws {
            fixture = try ModelFixture()
            model = try ModelCompiler.prepare(fixture.inputs, in: fixture.modelDirectory).0
            dictionary = try fixture.read(model.dictionary)
            dictionaryWords = ModelFixture.dictionaryWords(dictionary)
            // The words read from the JSGF PocketSphinx is given, not from the grammar values.
            let grammars = try model.grammars()
            grammarWords = ModelFixture.grammarWords(grammars.commands.jsgf).union(ModelFixture.grammarWords(grammars.answer.jsgf))
            for answer in ModelFixture.answers {
                #expect(grammars.answer.withGarbage(weight: 0).accepts(GrammarText.words(answer)), "\(answer)")
            }
        }
    }

    @Test("every word the grammars can produce is in the dictionary, and besides them only the garbage phones and the language model's everyday words")
    func dictionaryMatchesGrammars() throws {
        let built = try Built()
        #expect(built.grammarWords.subtracting(built.dictionaryWords).isEmpty)
        let extra = built.dictionaryWords.subtracting(built.grammarWords).filter { !GarbageModel.isGarbage($0) }
        let languageModel = try built.fixture.read(built.model.commandsLanguageModel)
        let unigrams = Set(languageModel.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: "\t")
            return fields.count >= 2 && !fields[1].contains(" ") ? String(fields[1]) : nil
        })
        #expect(extra.count <= CommandLanguageModel.backgroundSize)
        #expect(extra.isSubset(of: unigrams), "\(extra.subtracting(unigrams).sorted().prefix(10))")
        #expect(extra.allSatisfy { built.model.manifest.sources[$0] != .espeak })
        let garbage = built.dictionaryWords.filter(GarbageModel.isGarbage)
        #expect(garbage == Set(GarbageModel.words.map(\.word)))
        #expect(garbage.count == PhoneticConverter.arpabetPhones.count)
    }

    @Test("every book's spoken names are in the dictionary and the command grammar")
    func everyBookIsSayable() throws {
        let built = try Built()
        let commands = try built.model.grammars().commands
        for book in BookCatalog.books {
            for name in book.spokenNames {
                let words = GrammarText.words(name)
                #expect(Set(words).isSubset(of: built.dictionaryWords), "\(book.name): \(name)")
                #expect(commands.accepts(["read"] + words + ["one"]), "\(book.name): \(name)")
            }
        }
    }

    @Test("every number word of a chapter or verse is in the dictionary")
    func everyNumberIsSayable() throws {
        let built = try Built()
        for number in 1...BibleVocabulary.highestNumber {
            let words = Set(GrammarText.words(NumberWords.spoken(number)))
            #expect(words.isSubset(of: built.dictionaryWords), "\(number)")
        }
    }

    @Test("authored words carry source .authored and their authored phones, first alternative first")
    func authoredWordsAreAuthored() throws {
        let built = try Built()
        let authored = try AuthoredLexicon.load(built.fixture.pronunciationsFile)
        let used = authored.keys.filter(built.dictionaryWords.contains)
        #expect(used.count > 30)
        for word in ["habakkuk", "zephaniah", "ecclesiastes", "philemon", "thessalonians", "melchizedek"] {
            #expect(built.model.manifest.sources[word] == .authored, "\(word)")
        }
        for word in used {
            #expect(built.model.manifest.sources[word] == .authored, "\(word)")
            let first = try #require(authored[word]?.first)
            #expect(("\n" + built.dictionary).contains("\n\(word) \(PhoneticConverter.dictionaryEntry(first.phones))\n"), "\(word)")
        }
    }

    @Test("\"i\" sounds as the pronoun that opens questions (\"should i\"), and as \"first\" before a book")
    func pronounI() throws {
        let built = try Built()
        let dictionary = "\n" + built.dictionary
        #expect(dictionary.contains("\ni AY\n"))
        #expect(dictionary.contains("\ni(2) F ER S T\n"))
        #expect(try built.model.grammars().commands.accepts(["read", "i", "corinthians", "one"]))
    }

    @Test("the other words come from cmudict, then espeak-ng")
    func otherSources() throws {
        let built = try Built()
        #expect(built.model.manifest.sources["chapter"] == .cmudict)
        #expect(built.model.manifest.sources["the"] == .cmudict)
        let espeak = built.model.manifest.sources.filter { $0.value == .espeak }.map(\.key)
        let cmudict = try CMUDictionary.load(words: Set(espeak))
        #expect(cmudict.entries.isEmpty, "espeak-ng words that cmudict has: \(cmudict.entries.keys.sorted())")
    }
}
