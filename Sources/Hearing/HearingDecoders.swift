import Intents
import Decoding
import Foundation
import Vocabulary

/// The decoders hearing runs its searches on (``HearingSearch``), set up from a compiled
/// model's files or from PocketSphinx's stock model: one decoder for every search but the
/// plain command grammar (with and without look-ups), which has a decoder of its own on a
/// thread of its own, so that the command decision's two decodes run at the same time. No
/// policy: which searches an utterance is decoded with is ``HearingPolicy``'s.
public final class HearingDecoders {
    private let decoder: any SpeechDecoder
    /// The plain command grammar's decoder (``HearingSearch/plainGrammar``).
    private let beside: BackgroundDecoder?
    /// The answer grammar's template (nil with the stock model).
    private let answers: AnswerGrammar?
    /// The command grammar's sentences, when commands are heard with the command language
    /// model beside the plain grammar.
    public let commandSentences: Grammar?

    /// The searches' names in the decoder.
    public static func name(_ search: HearingSearch) -> String {
        switch search {
        case .commands: "commands"
        case .plainGrammar: "commands-grammar"
        case .lessonGrammar: "commands-grammar-lesson"
        case .correctionGrammar: "commands-grammar-correction"
        case .partGrammar: "commands-grammar-part"
        case .answer: "answer"
        case .phoneLoop: "phone-loop"
        case .stock: "fallback"
        }
    }

    /// Decoders already set up: `decoder` with the searches other than the plain grammar,
    /// the command search active; `plainGrammar` with that one active; the answer grammar's
    /// template (nil: the stock model, no answer search).
    public init(decoder: any SpeechDecoder, plainGrammar: (any SpeechDecoder)?, answers: AnswerGrammar?,
                commandSentences: Grammar?) {
        self.decoder = decoder
        beside = plainGrammar.map { BackgroundDecoder(decoder: $0, label: "grammar") }
        self.answers = answers
        self.commandSentences = commandSentences
    }

    /// The decoders of `model` (nil: the stock model) for `settings`.
    public init(model: CompiledModel?, settings: RecognitionSettings, adaptation: SpeakerAdaptation?) throws {
        func makeDecoder(dictionary: String) throws -> PocketSphinxDecoder {
            try PocketSphinxDecoder(
                acousticModel: adaptation?.acousticModel ?? PocketSphinxDecoder.defaultAcousticModel,
                dictionary: dictionary, configuration: Self.configuration(settings, adaptation: adaptation),
                logFile: settings.decoderLog)
        }
        guard let model else {
            let decoder = try makeDecoder(dictionary: PocketSphinxDecoder.defaultDictionary)
            try decoder.setLanguageModel(Self.name(.stock), path: PocketSphinxDecoder.defaultLanguageModel)
            try decoder.activate(Self.name(.stock))
            (self.decoder, beside, answers, commandSentences) = (decoder, nil, nil, nil)
            return
        }
        let decoder = try makeDecoder(dictionary: model.dictionary.path)
        let grammars = try model.grammars()
        let commands = grammars.commands
        switch settings.commandSearch {
        case .languageModel:
            try decoder.setLanguageModel(Self.name(.commands), path: model.commandsLanguageModel.path)
            let plain = commands.withGarbage(weight: 0)
            let grammar = try makeDecoder(dictionary: model.dictionary.path)
            try grammar.setGrammar(Self.name(.plainGrammar), jsgf: plain.jsgf)
            try grammar.setGrammar(Self.name(.lessonGrammar), jsgf: (LookupGrammar.withoutLookups(plain) ?? plain).jsgf)
            try grammar.setGrammar(Self.name(.correctionGrammar), jsgf: (LookupGrammar.correction(plain) ?? plain).jsgf)
            try grammar.setGrammar(Self.name(.partGrammar), jsgf: (LookupGrammar.missingPart(plain) ?? plain).jsgf)
            try grammar.activate(Self.name(.plainGrammar))
            beside = BackgroundDecoder(decoder: grammar, label: "grammar")
            commandSentences = plain
        case .grammar:
            try decoder.setGrammar(Self.name(.commands), jsgf: commands.withGarbage(weight: settings.tuning.decoding.garbageWeight).jsgf)
            beside = nil
            commandSentences = nil
        }
        answers = AnswerGrammar(template: grammars.answer,
                                garbageWeight: settings.tuning.decoding.garbageWeight,
                                maximumItemsInAnyOrder: settings.tuning.decoding.maximumAnswerItemsInAnyOrder)
        if settings.verifyWithPhoneLoop {
            try decoder.setPhoneLoop(Self.name(.phoneLoop), path: PocketSphinxDecoder.defaultPhoneLanguageModel)
        }
        try decoder.activate(Self.name(.commands))
        self.decoder = decoder
    }

    /// The decoders' settings for `settings`: the whole utterance's features normalised, no
    /// spectral noise subtraction, and where two decodes of one utterance are compared frame
    /// by frame no lattice pass for the command language model and no silence removal
    /// (docs/hearing.md, "Two decodes"); then the settings' experimental flags.
    static func configuration(_ settings: RecognitionSettings, adaptation: SpeakerAdaptation?) -> DecoderConfiguration {
        var configuration = DecoderConfiguration()
        configuration.removesNoise = false
        configuration.normalisation = .batch
        if settings.commandSearch == .languageModel { configuration.latticePass = false }
        if case .transform(let file) = adaptation { configuration.transform = file }
        if settings.verifyWithPhoneLoop { PhoneLoopVerification.configure(&configuration) }
        if settings.commandSearch == .languageModel || settings.verifyWithPhoneLoop {
            configuration.removesSilence = false
        }
        configuration.experimental = settings.decoderOptions
        return configuration
    }

    /// Makes `expected` what the command or answer search hears. A refused grammar leaves
    /// the search as it was.
    func expect(_ expected: ExpectedSpeech) throws {
        guard let answers else { return }
        switch expected {
        case .commands, .lessonCommands, .correction, .missingPart:
            try decoder.activate(Self.name(.commands))
        case .answer(let list):
            try decoder.setGrammar(Self.name(.answer), jsgf: answers.grammar(for: list).jsgf)
            try decoder.activate(Self.name(.answer))
        }
    }

    /// Starts each utterance from the model's own feature normalisation.
    func resetAdaptation() throws {
        try decoder.resetAdaptation()
    }

    /// The searches on the plain grammar's decoder.
    private static let besideSearches: Set<HearingSearch> = [.plainGrammar, .lessonGrammar, .correctionGrammar, .partGrammar]

    /// `audio` decoded by each of `searches`: the plain grammar (with or without look-ups) on
    /// its own thread while the others are decoded here in turn, each with its search made
    /// active for the decode. Also the processor time the decode beside took.
    func decode(_ audio: [Int16], with searches: [HearingSearch], independent: Bool) throws
        -> (hypotheses: [HearingSearch: Hypothesis], besideMilliseconds: Double) {
        let besideName = searches.first(where: Self.besideSearches.contains)
        if let besideName, beside == nil {
            throw DecoderError.search(name: Self.name(besideName), reason: "no such search")
        }
        let besideSearch = besideName == nil ? nil : beside
        if let besideName { besideSearch?.start(audio, search: Self.name(besideName), independent: independent) }
        var hypotheses: [HearingSearch: Hypothesis] = [:]
        do {
            for search in searches where !Self.besideSearches.contains(search) {
                let name = Self.name(search)
                let previous = decoder.activeSearch
                try decoder.activate(name)
                defer { if let previous { try? decoder.activate(previous) } }
                hypotheses[search] = try decoder.decode(audio)
            }
        } catch {
            _ = try? besideSearch?.outcome()
            throw error
        }
        guard let besideName, let besideSearch else { return (hypotheses, 0) }
        let outcome = try besideSearch.outcome()
        hypotheses[besideName] = outcome.hypothesis
        return (hypotheses, outcome.milliseconds)
    }
}
