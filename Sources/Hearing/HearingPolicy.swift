import Audio
import Decoding
import Intents
import Vocabulary

/// What to do with one closed utterance, step by step: which version of its audio to
/// decode, which searches to decode it with, and at the end what it meant. Pure: the same
/// facts (``UtteranceFacts``) give the same step, so it is tested as a table of scripted
/// decodes; ``Recognizer`` carries the steps out on real decoders.
///
/// The stages and why each is there are in docs/hearing.md: noise (the audio decoded),
/// the command decision of two decodes (``CommandDecision``), the answer grammar and its
/// recheck by the command language model, and the fallback's confidence of one decode.
public struct HearingPolicy: Sendable {
    /// Which models hearing has.
    public enum Model: Hashable, Sendable {
        /// A compiled model; commands searched as the ``CommandSearch`` says.
        case compiled(CommandSearch)
        /// PocketSphinx's stock en-us language model; commands matched loosely.
        case stock
    }

    public let model: Model
    /// Every number of hearing.
    public let tuning: HearingTuning
    /// One decode's confidence (``WordScoreConfidence``) below which its intent is not
    /// acted on; 0: any.
    public let minimumConfidence: Double
    /// Whether each hypothesis is verified against a free phone loop.
    public let verifiesWithPhoneLoop: Bool
    /// Whether a stream cleaner (RNNoise, DeepFilterNet3) cleans the stream before the
    /// endpointer (else WebRTC's suppressor cleans an utterance).
    public let cleansStream: Bool
    /// Whether words are a sentence of the command grammar.
    public let isSentence: @Sendable ([String]) -> Bool
    private let matcher: IntentMatcher

    public init(model: Model, tuning: HearingTuning = .shipped, minimumConfidence: Double = 0,
                verifiesWithPhoneLoop: Bool = false, cleansStream: Bool = false,
                isSentence: @escaping @Sendable ([String]) -> Bool = { _ in false }) {
        self.model = model
        self.tuning = tuning
        self.minimumConfidence = minimumConfidence
        self.verifiesWithPhoneLoop = verifiesWithPhoneLoop
        self.cleansStream = cleansStream
        self.isSentence = isSentence
        matcher = IntentMatcher(tolerance: model == .stock ? .fuzzy : .exact)
    }

    /// The next step for an utterance of which `facts` are known.
    public func next(_ facts: UtteranceFacts) -> HearingStep {
        guard let prepared = facts.prepared else { return .prepare(audioVersion(signalToNoise: facts.signalToNoise, streamCleaned: facts.streamCleaned)) }
        let decodes = facts.decodes
        switch (model, facts.expected) {
        case (.stock, _):
            guard let heard = decodes[.stock] else { return .decode([.stock]) }
            return .conclude(interpreted(heard, expected: facts.expected))
        case (.compiled(.languageModel), .commands), (.compiled(.languageModel), .lessonCommands),
             (.compiled(.languageModel), .correction), (.compiled(.languageModel), .missingPart):
            // During a lesson the plain grammar need not search for a look-up: one would be
            // conversation, and the look-up is most of the grammar's states. In a look-up's
            // correction window it hears a refusal or another look-up; asked for the part of a
            // look-up it missed, that part too.
            let grammar: HearingSearch = switch facts.expected {
            case .lessonCommands: .lessonGrammar
            case .correction: .correctionGrammar
            case .missingPart: .partGrammar
            default: .plainGrammar
            }
            let correcting = grammar == .correctionGrammar || grammar == .partGrammar
            guard let words = decodes[.commands], let sentence = decodes[grammar] else {
                return .decode([.commands, grammar])
            }
            if let step = verifying(words, decodes) { return step }
            // The decision reads the ratio of the audio decoded, and WebRTC's output as heard.
            let snr = prepared.version == .suppressed ? facts.signalToNoise : prepared.signalToNoise
            let both = CommandDecodes(languageModel: words, grammar: sentence, signalToNoise: snr)
            // A word said alone ("no", "stop", "pause", "continue") has a decision of its own
            // (HearingTuning.Conversation); the language model's words alone never make one
            // (a noise heard as "no").
            let refusal: Bool
            switch correcting && sentence.words.count == 1 ? matcher.correction(words: sentence.words) : nil {
            case .refusal?, .control?: refusal = true
            default: refusal = false
            }
            let decision = CommandDecision(
                both, model: refusal ? tuning.conversation.refusalConfidence : tuning.commandConfidence,
                isSentence: correcting ? { words in
                    switch matcher.meaning(of: words, expected: facts.expected) {
                    case .lookup, .command: true
                    default: false
                    }
                } : isSentence,
                matcher: matcher, expected: facts.expected)
            let replaced = decision.takesGrammar && sentence.text != words.text
            return .conclude(HeardVerdict(
                intent: decision.intent, confidence: decision.confidence, heard: replaced ? sentence : words,
                rechecked: replaced ? words : nil, decodes: both, verification: verification(of: words, decodes)))
        case (.compiled(.grammar), .commands), (.compiled(.grammar), .lessonCommands), (.compiled(.grammar), .correction),
             (.compiled(.grammar), .missingPart):
            guard let heard = decodes[.commands] else { return .decode([.commands]) }
            if let step = verifying(heard, decodes) { return step }
            return .conclude(interpreted(heard, expected: facts.expected, verification: verification(of: heard, decodes)))
        case (.compiled(let search), .answer):
            guard let answer = decodes[.answer] else { return .decode([.answer]) }
            var heard = answer
            var rechecked: Hypothesis?
            if search == .languageModel, answer.words.contains(where: GarbageModel.isGarbage) {
                // The garbage path took it: the command language model's everyday words may
                // hear a question to the course in it.
                guard let question = decodes[.commands] else { return .decode([.commands]) }
                if matcher.isQuestion(words: question.words) {
                    heard = question
                    rechecked = answer
                }
            }
            if let step = verifying(heard, decodes) { return step }
            return .conclude(interpreted(heard, expected: facts.expected, rechecked: rechecked,
                                         verification: verification(of: heard, decodes)))
        }
    }

    /// Noise: an utterance below the gate is decoded cleaned, by the stream cleaner when
    /// one runs and cleaned it, else by WebRTC's suppressor.
    func audioVersion(signalToNoise: Double, streamCleaned: Bool) -> AudioVersion {
        guard signalToNoise < tuning.noise.suppressBelowDecibels else { return .asHeard }
        return cleansStream && streamCleaned ? .streamCleaned : .suppressed
    }

    /// The phone loop's decode, when the hypothesis is to be verified and it has not been made.
    private func verifying(_ heard: Hypothesis, _ decodes: [HearingSearch: Hypothesis]) -> HearingStep? {
        guard verifiesWithPhoneLoop, !heard.words.isEmpty, decodes[.phoneLoop] == nil else { return nil }
        return .decode([.phoneLoop])
    }

    private func verification(of heard: Hypothesis, _ decodes: [HearingSearch: Hypothesis]) -> PhoneLoopVerification? {
        guard verifiesWithPhoneLoop, !heard.words.isEmpty, let loop = decodes[.phoneLoop] else { return nil }
        return PhoneLoopVerification(grammar: heard, loop: loop)
    }

    /// One decode's meaning, where there is no second decode to weigh it against: nothing
    /// heard, the garbage path or a long pause (with a compiled model), a command, look-up
    /// or answer, and its confidence from how well the words fit the sound.
    func interpreted(_ heard: Hypothesis, expected: ExpectedSpeech, rechecked: Hypothesis? = nil,
                     verification: PhoneLoopVerification? = nil) -> HeardVerdict {
        func verdict(_ intent: Intent, _ confidence: Double) -> HeardVerdict {
            HeardVerdict(intent: intent, confidence: confidence, heard: heard, rechecked: rechecked, verification: verification)
        }
        let words = heard.words
        guard !words.isEmpty else { return verdict(.rejected(.nothingHeard), 0) }
        if model != .stock {
            if words.contains(where: GarbageModel.isGarbage) { return verdict(.rejected(.notACommand), 0) }
            let pause = AudioFormat.milliseconds(frames: heard.longestInnerPauseFrames)
            if pause > tuning.decoding.maximumPauseMilliseconds { return verdict(.rejected(.longPause(milliseconds: pause)), 0) }
        }
        let confidence = heard.wordScorePerFrame.map(tuning.wordScoreConfidence.confidence(wordScore:)) ?? 0
        let intent = matcher.meaning(of: words, expected: expected)
        guard intent.isAccepted else { return verdict(intent, 0) }
        if confidence < minimumConfidence {
            return verdict(.rejected(.belowThreshold(confidence)), confidence)
        }
        return verdict(intent, confidence)
    }
}
