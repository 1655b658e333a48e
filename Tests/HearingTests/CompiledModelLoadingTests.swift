import Assistant
import Audio
import Decoding
import Foundation
import Hearing
import Testing
import Vocabulary
import Voice

/// The compiled model as the daemon assembles it from the checkout (built-in vocabulary,
/// the bundled curriculum's answers, `Grammars/`, `Models/pronunciations.tsv`), loaded by
/// PocketSphinx; and the fallback when it cannot be built.
@Suite("Compiled model in PocketSphinx")
struct CompiledModelLoadingTests {
    /// The checkout this file is in.
    static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The checkout's inputs with the model (and an optional user vocabulary) in a fresh
    /// temporary directory; `body` runs before the directory is removed.
    static func withLocations<T>(userVocabulary: String? = nil, _ body: (VocabularyLocations) throws -> T) throws -> T {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("model-loading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        var vocabularyURL: URL?
        if let userVocabulary {
            let url = state.appendingPathComponent("vocabulary.json")
            try userVocabulary.write(to: url, atomically: true, encoding: .utf8)
            vocabularyURL = url
        }
        let locations = VocabularyLocations(
            grammarDirectory: checkout.appendingPathComponent("Grammars"),
            pronunciationsFile: checkout.appendingPathComponent("Models/pronunciations.tsv"),
            curriculumDirectory: checkout.appendingPathComponent("curriculum"),
            userVocabulary: vocabularyURL,
            modelDirectory: state.appendingPathComponent("model"))
        return try body(locations)
    }

    /// The answers of the bundled curriculum, as the model compiler saw them.
    static func curriculumAnswers(_ locations: VocabularyLocations) throws -> [String] {
        try RecognitionModel.definition(locations).phraseCounts.filter { $0.rule == "answer" }.map(\.phrase)
    }

    @Test("PocketSphinx loads the generated dictionary, the command grammar and the answer grammar")
    func decoderLoadsModel() throws {
        try Self.withLocations { locations in
            let (model, outcome) = try RecognitionModel.prepare(locations, garbageWeight: HearingTuning.shipped.decoding.garbageWeight).get()
            #expect(outcome == .built(because: .missing))
            let decoder = try PocketSphinxDecoder(dictionary: model.dictionary.path)
            let grammars = try model.grammars()
            try decoder.setGrammar("commands", jsgf: grammars.commands.jsgf)
            let answers = try Self.curriculumAnswers(locations)
            #expect(answers.count >= 6)
            // The compiled answer grammar hears every answer of the curriculum; with its
            // rejection path taken out (`recognize --garbage-weight 0`, the benchmark's plain
            // grammar) it still does.
            let template = AnswerGrammar(template: grammars.answer, garbageWeight: 0.01, maximumItemsInAnyOrder: 3)
            let plain = AnswerGrammar(template: grammars.answer, garbageWeight: 0, maximumItemsInAnyOrder: 3)
            #expect(plain.template[GarbageModel.pathRule] == nil && template.template[GarbageModel.pathRule] != nil)
            try decoder.setGrammar("answer", jsgf: template.grammar(for: answers).jsgf)
            try decoder.setGrammar("answer", jsgf: plain.grammar(for: answers).jsgf)
            for answer in answers {
                #expect(grammars.answer.accepts(GrammarText.words(answer)), "\(answer)")
                try decoder.setGrammar("answer", jsgf: template.grammar(for: [answer]).jsgf)
            }
            try decoder.activate("commands")
            try decoder.activate("answer")
            #expect(try RecognitionModel.prepare(locations, garbageWeight: HearingTuning.shipped.decoding.garbageWeight).get().1 == .reused)
        }
    }

    @Test("a user vocabulary's word is compiled, with its authored pronunciation")
    func userVocabularyMerged() throws {
        let vocabulary = """
            {"identifier": "my-course", "version": "1", "locale": "en-US",
             "phraseCounts": [{"phrase": "Zerubbabel", "count": 1, "rule": "answer"}],
             "templates": [], "classes": {},
             "pronunciations": [{"grapheme": "Zerubbabel", "phonemes": ["z@\\"rVb@b@l"], "notation": "xsampa"}]}
            """
        try Self.withLocations(userVocabulary: vocabulary) { locations in
            let (model, _) = try RecognitionModel.prepare(locations, garbageWeight: HearingTuning.shipped.decoding.garbageWeight).get()
            #expect(model.manifest.sources["zerubbabel"] == .authored)
            let dictionary = try String(contentsOf: model.dictionary, encoding: .utf8)
            #expect(dictionary.contains("\nzerubbabel Z AH R AH B AH B AH L\n"))
            _ = try PocketSphinxDecoder(dictionary: model.dictionary.path)
        }
    }

    @Test("a user vocabulary's written rule is read as JSGF into its rule; one that cannot be read names the file, the rule and the reason")
    func userWrittenRule() throws {
        let vocabulary = #"{"identifier": "mine", "version": "1", "rules": {"refusal": "not (that | this) one"}}"#
        try Self.withLocations(userVocabulary: vocabulary) { locations in
            let (model, _) = try RecognitionModel.prepare(locations, garbageWeight: HearingTuning.shipped.decoding.garbageWeight).get()
            let correction = try #require(LookupGrammar.correction(try model.grammars().commands.withGarbage(weight: 0)))
            #expect(correction.accepts(["not", "this", "one"]) && correction.accepts(["no"]))
            #expect(!correction.accepts(["not", "one"]))
        }
        try Self.withLocations(userVocabulary: #"{"identifier": "mine", "version": "1", "rules": {"refusal": "not (that one"}}"#) { locations in
            let result = RecognitionModel.prepare(locations, garbageWeight: HearingTuning.shipped.decoding.garbageWeight)
            guard case .failure(let error) = result else {
                Issue.record("a rule that cannot be read was compiled")
                return
            }
            #expect(error.description.contains("vocabulary.json") && error.description.contains("refusal")
                    && error.description.contains("missing )") && !error.description.contains("not valid JSON"), "\(error)")
        }
    }

    @Test("an unbuildable vocabulary gives a failure naming the word and symbol, and the fallback still decodes")
    func unbuildableFallsBack() throws {
        let vocabulary = """
            {"identifier": "broken", "version": "1", "locale": "en-US",
             "phraseCounts": [{"phrase": "Zerubbabel", "count": 1, "rule": "answer"}],
             "templates": [], "classes": {},
             "pronunciations": [{"grapheme": "Zerubbabel", "phonemes": ["z@\\"rVb@bC"], "notation": "xsampa"}]}
            """
        try Self.withLocations(userVocabulary: vocabulary) { locations in
            let result = RecognitionModel.prepare(locations, garbageWeight: HearingTuning.shipped.decoding.garbageWeight)
            guard case .failure(let error) = result else {
                Issue.record("an unbuildable vocabulary was compiled")
                return
            }
            #expect(error.description.contains("zerubbabel") && error.description.contains("`C`"), "\(error)")
            #expect(!FileManager.default.fileExists(atPath: locations.modelDirectory.appendingPathComponent(CompiledModel.manifestName).path))

            var settings = RecognitionSettings()
            settings.independentUtterances = true
            let recognizer = try Recognizer(compiled: nil, settings: settings)
            let recognition = try recognizer.recognize(try Self.speech("read the passage"))
            #expect(!recognition.hypothesis.text.isEmpty)
        }
    }

    @Test("a missing user vocabulary file is a failure naming the file")
    func missingUserVocabulary() throws {
        try Self.withLocations { locations in
            var locations = locations
            locations.userVocabulary = locations.modelDirectory.appendingPathComponent("nowhere.json")
            guard case .failure(let error) = RecognitionModel.prepare(locations, garbageWeight: HearingTuning.shipped.decoding.garbageWeight) else {
                Issue.record("a missing vocabulary file was ignored")
                return
            }
            #expect(error.description.contains("nowhere.json"))
        }
    }

    /// `text` spoken by espeak-ng at 16 kHz, with half a second of silence either side.
    static func speech(_ text: String) throws -> [Int16] {
        let (samples, rate) = try PronunciationSpeaker.samples(text)
        let silence = [Int16](repeating: 0, count: AudioFormat.sampleRate / 2)
        return silence + Resampler.resample(samples, from: rate, to: AudioFormat.sampleRate) + silence
    }
}
