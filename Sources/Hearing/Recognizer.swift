import Audio
import Decoding
import Foundation
import Vocabulary
import Intents

/// The result of recognising one utterance.
public struct RecognizedUtterance: Sendable {
    public let hypothesis: Hypothesis
    public let intent: Intent
    /// 0...1: how sure the recogniser is that the intent is what was said.
    public let confidence: Double
    /// Processor time spent decoding the utterance.
    public let decodeMilliseconds: Double
    /// Processor time between the end of the trailing silence and the intent (what delays
    /// the reply): the decode when it is made then, or what a decode made during the
    /// silence still needed when the silence ended.
    public let finishMilliseconds: Double
    public let audioMilliseconds: Double
    /// The utterance's signal-to-noise ratio in dB (nil when it was not measured: live
    /// normalisation decodes as audio arrives).
    public var signalToNoise: Double? = nil
    /// Whether the noise was suppressed before decoding.
    public var noiseSuppressed = false
    /// The free phone loop's view of the hypothesis (nil when not verified).
    public var verification: PhoneLoopVerification? = nil
    /// The first hypothesis, when a second decode took its place: what the command
    /// language model heard when the command decision (``CommandDecision``) took the
    /// grammar's sentence for it, or what the answer grammar rejected when the command
    /// language model heard a question to the course in it.
    public var rechecked: Hypothesis? = nil
    /// The command decision's two decodes (nil outside it): what `recognize --features`
    /// prints for fitting the decision.
    public var decodes: CommandDecodes? = nil
}

/// The command decision's two decodes of one utterance (``CommandSearch/languageModel``):
/// the command language model's and the plain grammar's, of the same audio.
public struct CommandDecodes: Sendable {
    public let languageModel: Hypothesis
    public let grammar: Hypothesis
    /// The signal-to-noise ratio (dB) of the audio decoded: as heard, or after RNNoise.
    public let signalToNoise: Double?

    public var features: CommandFeatures? {
        CommandFeatures(grammar: grammar, languageModel: languageModel, signalToNoise: signalToNoise)
    }
}

/// Turns utterances into intents with PocketSphinx.
///
/// With a compiled model it hears commands with the command language model and the plain
/// grammar (each on a decoder of its own, at the same time on two threads), and acts on
/// the grammar's sentence when one fitted confidence of the two says so
/// (``CommandDecision``; or with the grammar alone, ``CommandSearch``), and the current
/// question's answers with a grammar whose garbage path rejects other speech (speech it
/// rejects is heard again by the command language model, which hears a question to the
/// course by its opening; a pause check turns away words strung together from separate
/// speech). Without one it falls back to the stock en-us language model and fuzzy command
/// matching.
/// Decoding is incremental: ``begin()``, ``feed(_:)`` while the person speaks,
/// ``finish()`` when the endpointer closes the utterance.
public final class Recognizer {
    public enum Mode: Sendable {
        case grammar(CompiledModel)
        case fallback
    }

    public let mode: Mode
    public let settings: RecognitionSettings
    private let decoder: PocketSphinxDecoder
    /// The plain command grammar's decoder (``CommandSearch/languageModel``), on a thread of
    /// its own: it decodes each command beside ``decoder``'s command language model.
    private let grammarDecoder: BackgroundDecoder?
    private let answerTemplate: String?
    private let matcher: IntentMatcher
    /// The command grammar's sentences, when commands are heard with the command language
    /// model and the plain grammar (``CommandSearch/languageModel``, ``CommandDecision``).
    private let commandSentences: GrammarNetwork?
    private var decidesByConfidence: Bool { commandSentences != nil }
    private(set) public var expected: ExpectedSpeech = .commands
    private var utteranceSamples = 0
    /// With batch normalisation the utterance is held until it ends; with RNNoise over the
    /// stream (``cleansStream``), cleaned, and as it was heard (`heldAsHeard`).
    private var held: [Int16] = []
    private var heldAsHeard: [Int16] = []
    private var batch: Bool { settings.normaliseWholeUtterance }
    private var decodeClock: Double = 0
    /// Confidence below which an accepted-looking hypothesis is rejected.
    public let minimumConfidence: Double

    public init(mode: Mode, settings: RecognitionSettings = RecognitionSettings()) throws {
        let adaptation = try settings.adaptation.map(SpeakerAdaptation.init(path:))
        self.mode = mode
        minimumConfidence = settings.minimumConfidence
            ?? (adaptation?.acousticModel != nil ? settings.tuning.adaptedMinimumConfidence : 0)
        self.settings = settings
        func makeDecoder(dictionary: String) throws -> PocketSphinxDecoder {
            try PocketSphinxDecoder(
                acousticModel: adaptation?.acousticModel ?? PocketSphinxDecoder.defaultAcousticModel,
                dictionary: dictionary, configuration: Self.decoderConfiguration(settings, adaptation: adaptation),
                logFile: settings.decoderLog)
        }
        switch mode {
        case .grammar(let model):
            decoder = try makeDecoder(dictionary: model.dictionary.path)
            let commands = try String(contentsOf: model.commandsGrammar, encoding: .utf8)
            switch settings.commandSearch {
            case .languageModel:
                try decoder.setLanguageModel("commands", path: model.commandsLanguageModel.path)
                let plain = GarbageModel.reweighted(commands, weight: 0)
                let grammar = try makeDecoder(dictionary: model.dictionary.path)
                try grammar.setGrammar(Self.grammarSearch, jsgf: plain)
                try grammar.activate(Self.grammarSearch)
                grammarDecoder = BackgroundDecoder(decoder: grammar, label: "grammar")
                commandSentences = try GrammarNetwork(jsgf: plain)
            case .grammar:
                try decoder.setGrammar("commands", jsgf: GarbageModel.reweighted(commands, weight: settings.garbageWeight))
                grammarDecoder = nil
                commandSentences = nil
            }
            answerTemplate = GarbageModel.reweighted(try String(contentsOf: model.answerGrammarSource, encoding: .utf8),
                                                     weight: settings.garbageWeight)
            if settings.verifyWithPhoneLoop {
                try decoder.setPhoneLoop(Self.phoneLoopSearch, path: PocketSphinxDecoder.defaultPhoneLanguageModel)
            }
            try decoder.activate("commands")
            matcher = IntentMatcher(tolerance: .exact)
        case .fallback:
            decoder = try makeDecoder(dictionary: PocketSphinxDecoder.defaultDictionary)
            try decoder.setLanguageModel("fallback", path: PocketSphinxDecoder.defaultLanguageModel)
            try decoder.activate("fallback")
            answerTemplate = nil
            grammarDecoder = nil
            commandSentences = nil
            matcher = IntentMatcher(tolerance: .fuzzy)
        }
    }

    /// The decoder for `settings`: batch normalisation when the whole utterance is
    /// normalised, no spectral noise subtraction (measured: it cost a fifth of the
    /// commands on clean speech), no lattice pass for the command language model and no
    /// silence removal where two decodes of one utterance are compared frame by frame;
    /// then the settings' experimental flags.
    static func decoderConfiguration(_ settings: RecognitionSettings, adaptation: SpeakerAdaptation?) -> DecoderConfiguration {
        var configuration = DecoderConfiguration()
        configuration.removesNoise = false
        if settings.normaliseWholeUtterance { configuration.normalisation = .batch }
        if settings.commandSearch == .languageModel {
            // The lattice pass reports word scores on another scale than the grammar's,
            // which the confidence is calibrated on; without it the command language model
            // heard as well on the benchmark's sets (scripts/bench-recognition.sh). The flat
            // pass stays: without it the decision kept fewer commands in noise
            // (docs/measurements/2026-11-27-decode-cost.md).
            configuration.latticePass = false
        }
        if case .transform(let file) = adaptation { configuration.transform = file }
        if settings.verifyWithPhoneLoop { PhoneLoopVerification.configure(&configuration) }
        if settings.commandSearch == .languageModel || settings.verifyWithPhoneLoop {
            // PocketSphinx's own silence removal keeps state from one decode to the next:
            // the second decode of the same audio began 0.2 s later than the first, so its
            // frames were not the first's. The endpointer has already cut the utterance.
            configuration.removesSilence = false
        }
        configuration.experimental = settings.decoderOptions
        return configuration
    }

    /// Chooses what the next utterances are heard as. Between utterances only.
    public func expect(_ expected: ExpectedSpeech) throws {
        guard case .grammar = mode else {
            self.expected = expected
            return
        }
        switch expected {
        case .commands:
            try decoder.activate("commands")
        case .answer(let answers):
            guard let answerTemplate else { return }
            let alternatives = Self.answerAlternatives(answers)
            let grammar = answerTemplate.replacingOccurrences(of: "@answer@", with: alternatives)
            try decoder.setGrammar("answer", jsgf: grammar)
            try decoder.activate("answer")
        }
        // Only once the search has changed: a refused grammar leaves the old one in force.
        self.expected = expected
    }

    /// The answers as grammar alternatives; a list answer ("land, descendants, and
    /// blessing") may be said in any order.
    static func answerAlternatives(_ answers: [String]) -> String {
        var phrases: [String] = []
        for answer in answers {
            let items = answer.split(whereSeparator: { $0 == "," || $0 == ";" })
                .map { GrammarText.words(String($0)).filter { $0 != "and" } }
                .filter { !$0.isEmpty }
            let plain = GrammarText.words(answer).joined(separator: " ")
            if !plain.isEmpty, !phrases.contains(plain) { phrases.append(plain) }
            guard items.count > 1, items.count <= 4 else { continue }
            for order in permutations(items) {
                let joined = order.dropLast().map { $0.joined(separator: " ") }.joined(separator: " ")
                    + " and " + (order.last ?? []).joined(separator: " ")
                if !phrases.contains(joined) { phrases.append(joined) }
                let bare = order.map { $0.joined(separator: " ") }.joined(separator: " ")
                if !phrases.contains(bare) { phrases.append(bare) }
            }
        }
        return phrases.joined(separator: " | ")
    }

    private static func permutations<T>(_ items: [T]) -> [[T]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { i -> [[T]] in
            var rest = items
            let head = rest.remove(at: i)
            return permutations(rest).map { [head] + $0 }
        }
    }

    // MARK: - Decoding

    /// One decode of the held utterance.
    private struct HeldDecode {
        let hypothesis: Hypothesis
        let signalToNoise: Double
        let suppressed: Bool
        let verification: PhoneLoopVerification?
        /// What the answer grammar heard, when the command language model's hearing of a
        /// question to the course replaced it.
        let rechecked: Hypothesis?
        var decodes: CommandDecodes? = nil
        /// Processor time of the plain grammar's decode, made on its own thread beside the
        /// caller's.
        var besideMilliseconds = 0.0
    }

    /// The free phone loop's search name.
    static let phoneLoopSearch = "phone-loop"
    /// The plain command grammar's search name (``CommandDecodes``).
    static let grammarSearch = "commands-grammar"

    /// A decode of the utterance made during its trailing silence.
    private struct EarlyDecode {
        let decode: HeldDecode
        /// How long the utterance had been quiet when it was made, and what it cost.
        let quietMilliseconds: Int
        let milliseconds: Double
    }
    private var early: EarlyDecode?

    /// Opens an utterance.
    public func begin() throws {
        if settings.independentUtterances { try decoder.resetAdaptation() }
        utteranceSamples = 0
        decodeClock = 0
        held = []
        heldAsHeard = []
        early = nil
        // Whole-utterance decoding opens the decoder's utterance when it decodes.
        if !batch { try decoder.startUtterance() }
    }

    /// Decodes more of the utterance as it arrives.
    /// `asHeard`: the same stretch before RNNoise cleaned it, when it did
    /// (``UtteranceListener``).
    public func feed(_ samples: [Int16], asHeard: [Int16]? = nil) throws {
        utteranceSamples += samples.count
        if batch {
            held += samples
            if cleansStream { heldAsHeard += asHeard ?? samples }
            return
        }
        let start = ThreadClock.milliseconds()
        try decoder.process(samples)
        decodeClock += ThreadClock.milliseconds() - start
    }

    /// Tells how long the open utterance has been quiet (``Endpointer/quietMilliseconds``).
    /// Past ``RecognitionSettings/decodeAfterQuietMilliseconds`` the utterance is decoded
    /// now, so that ``finish(quietMilliseconds:)`` has its answer ready; speech resuming
    /// (a shorter quiet) throws that decode away.
    public func heardQuiet(milliseconds quiet: Int) throws {
        guard batch, let after = settings.decodeAfterQuietMilliseconds else { return }
        if let made = early, quiet < made.quietMilliseconds { early = nil }
        guard early == nil, quiet >= after, !held.isEmpty else { return }
        let start = ThreadClock.milliseconds()
        let decode = try decodeHeld()
        let spent = ThreadClock.milliseconds() - start
        decodeClock += spent + decode.besideMilliseconds
        // The grammar's decode ran on the other core meanwhile: the slower of the two counts.
        early = EarlyDecode(decode: decode, quietMilliseconds: quiet, milliseconds: max(spent, decode.besideMilliseconds))
    }

    /// Closes the utterance and decides what it meant. `quietMilliseconds`: the trailing
    /// silence that closed it (nil when it was cut), which tells how much of a decode made
    /// during the silence was still running when it ended.
    public func finish(quietMilliseconds: Int? = nil) throws -> RecognizedUtterance {
        let start = ThreadClock.milliseconds()
        var overrun = 0.0
        var beside = 0.0
        let decode: HeldDecode?
        let hypothesis: Hypothesis
        if let made = early, let quiet = quietMilliseconds, quiet >= made.quietMilliseconds {
            // Nothing but silence since the early decode: it is the answer. It ran on the
            // spare core while the silence went on; what it took beyond that still delays.
            decode = made.decode
            hypothesis = made.decode.hypothesis
            overrun = max(0, made.milliseconds - Double(quiet - made.quietMilliseconds))
        } else if batch {
            let decoded = try decodeHeld()
            decode = decoded
            hypothesis = decoded.hypothesis
            beside = decoded.besideMilliseconds
        } else {
            decode = nil
            do { hypothesis = try decoder.endUtterance() } catch {
                // Close the utterance so the next one can start.
                _ = try? decoder.endUtterance()
                throw error
            }
        }
        held = []
        heldAsHeard = []
        early = nil
        let intent: Intent, confidence: Double
        var heard = hypothesis
        var rechecked = decode?.rechecked
        if let decodes = decode?.decodes {
            let decision = CommandDecision(decodes, model: settings.commandConfidence,
                                           isSentence: { self.commandSentences?.accepts($0) ?? false }, matcher: matcher)
            (intent, confidence) = (decision.intent, decision.confidence)
            if decision.takesGrammar, decodes.grammar.text != hypothesis.text {
                heard = decodes.grammar
                rechecked = hypothesis
            }
        } else {
            (intent, confidence) = interpret(hypothesis)
        }
        let finish = ThreadClock.milliseconds() - start
        return RecognizedUtterance(
            hypothesis: heard, intent: intent, confidence: confidence,
            decodeMilliseconds: decodeClock + finish + beside, finishMilliseconds: max(finish, beside) + overrun,
            audioMilliseconds: AudioFormat.milliseconds(samples: utteranceSamples),
            signalToNoise: decode?.signalToNoise, noiseSuppressed: decode?.suppressed ?? false,
            verification: decode?.verification, rechecked: rechecked, decodes: decode?.decodes)
    }

    /// Decodes the held utterance as one (whole-utterance normalisation), with its noise
    /// suppressed when its signal-to-noise ratio is low.
    private func decodeHeld() throws -> HeldDecode {
        var audio = cleansStream ? heldAsHeard : held
        let snr = NoiseSuppressor.signalToNoise(audio)
        var decidedSNR = snr
        var suppressed = false
        if cleansStream {
            // A clean utterance is decoded as it was heard: RNNoise costs synthetic and
            // some real voices words in a quiet room, as WebRTC's suppressor did. The
            // decision reads the ratio of what it decodes.
            if snr < settings.suppressNoiseBelowDecibels {
                audio = held
                suppressed = true
                decidedSNR = NoiseSuppressor.signalToNoise(audio)
            }
        } else if snr < settings.suppressNoiseBelowDecibels, let quieter = NoiseSuppressor.suppressed(audio, method: .commands) {
            audio = quieter
            suppressed = true
        }
        // The plain grammar's hearing of the same audio, for the decision, on the other
        // core while the command language model decodes it here.
        let grammar = expected == .commands && decidesByConfidence ? grammarDecoder : nil
        grammar?.start(audio, independent: settings.independentUtterances)
        var hypothesis: Hypothesis
        do { hypothesis = try decoder.decode(audio) } catch {
            _ = try? grammar?.outcome()
            throw error
        }
        var decodes: CommandDecodes?
        var beside = 0.0
        if let grammar {
            let heard = try grammar.outcome()
            decodes = CommandDecodes(languageModel: hypothesis, grammar: heard.hypothesis, signalToNoise: decidedSNR)
            beside = heard.milliseconds
        }
        var rechecked: Hypothesis?
        if case .answer = expected, decidesByConfidence, hypothesis.words.contains(where: GarbageModel.isGarbage) {
            // The answer grammar's garbage path took it: on real voices it out-scores a
            // question's opening followed by free phones, where the command language model's
            // everyday words hear the question ("what should i do about my job").
            try decoder.activate("commands")
            defer { try? decoder.activate("answer") }
            let heard = try decoder.decode(audio)
            if matcher.isQuestion(words: heard.words) {
                rechecked = hypothesis
                hypothesis = heard
            }
        }
        var verification: PhoneLoopVerification?
        if settings.verifyWithPhoneLoop, case .grammar = mode, !hypothesis.words.isEmpty,
           let grammar = decoder.activeSearch {
            try decoder.activate(Self.phoneLoopSearch)
            defer { try? decoder.activate(grammar) }
            verification = PhoneLoopVerification(grammar: hypothesis, loop: try decoder.decode(audio))
        }
        return HeldDecode(hypothesis: hypothesis, signalToNoise: snr, suppressed: suppressed, verification: verification,
                          rechecked: rechecked, decodes: decodes, besideMilliseconds: beside)
    }

    /// True when RNNoise (asked for, and installed) takes the room's noise out of everything heard, before the
    /// endpointer (``UtteranceListener``); an utterance below the signal-to-noise gate is
    /// then decoded cleaned, one above it as heard. Else WebRTC's suppressor cleans each
    /// utterance below the gate. Never when suppression is off (`suppress_noise_below_db = 0`).
    public var cleansStream: Bool {
        settings.removesNoiseWithRNNoise && settings.suppressNoiseBelowDecibels > 0 && RNNoise.shared != nil
    }

    /// Recognises a whole utterance at once.
    public func recognize(_ samples: [Int16]) throws -> RecognizedUtterance {
        try begin()
        try feed(samples)
        return try finish()
    }

    // MARK: - Deciding

    private func interpret(_ hypothesis: Hypothesis) -> (Intent, Double) {
        let words = hypothesis.words
        guard !words.isEmpty else { return (.rejected(.nothingHeard), 0) }
        if case .grammar = mode {
            if words.contains(where: GarbageModel.isGarbage) { return (.rejected(.notACommand), 0) }
            let pause = Self.longestInnerPause(hypothesis) * 10
            if pause > settings.maximumPauseMilliseconds { return (.rejected(.longPause(milliseconds: pause)), 0) }
        }
        let confidence = hypothesis.wordScorePerFrame.map(Self.confidence(wordScore:)) ?? 0
        let intent: Intent
        switch expected {
        case .commands: intent = matcher.command(words: words)
        case .answer: intent = matcher.answer(words: words)
        }
        guard intent.isAccepted else { return (intent, 0) }
        if confidence < minimumConfidence {
            return (.rejected(.lowConfidence((confidence * 1000).rounded() / 1000)), confidence)
        }
        return (intent, confidence)
    }

    /// 0...1 from the words' mean acoustic score per frame (``Hypothesis/wordScorePerFrame``):
    /// a logistic curve through 0.5 at -35 (where conversation forced onto the grammar
    /// lies) that passes 0.9 at -24 (commands heard well by an adapted model) and 0.1 at -46.
    public static func confidence(wordScore: Double) -> Double {
        1 / (1 + exp(-(wordScore + 35) / 5))
    }

    /// The longest silence or noise between two words, in frames (leading and trailing
    /// silence do not count).
    static func longestInnerPause(_ hypothesis: Hypothesis) -> Int {
        let segments = hypothesis.segments
        guard let first = segments.firstIndex(where: { !$0.isFiller }),
              let last = segments.lastIndex(where: { !$0.isFiller }), first < last else { return 0 }
        return segments[first...last].filter(\.isFiller).map(\.frames).max() ?? 0
    }
}
