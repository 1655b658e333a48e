import Intents
import Audio
import Decoding
import Vocabulary

/// Turns utterances into intents: carries out ``HearingPolicy``'s steps on real decoders
/// (``HearingDecoders``) and keeps each utterance's life and timing.
///
/// An utterance is held while it arrives (``begin()``, ``feed(_:asHeard:)``), decoded whole
/// once it has been quiet for ``HearingTuning/Decode/decodeAfterQuietMilliseconds`` so
/// that the intent is ready when the trailing silence ends (``heardQuiet(milliseconds:)``),
/// and concluded by ``finish(quietMilliseconds:)``. How it is heard is docs/hearing.md's.
/// Not thread-safe: one caller at a time.
public final class Recognizer {
    public let settings: RecognitionSettings
    /// What is done with each utterance.
    public let policy: HearingPolicy
    private let decoders: HearingDecoders
    private(set) public var expected: ExpectedSpeech = .commands
    /// Samples of the open utterance so far.
    public private(set) var utteranceSamples = 0
    /// The utterance so far: cleaned, with a cleaner over the stream (``cleansStream``), and
    /// as it was heard.
    private var held: [Int16] = []
    private var heldAsHeard: [Int16] = []
    /// Whether the stream cleaner cleaned the open utterance (it may give way).
    private var utteranceStreamCleaned = true
    /// Processor time spent on the open utterance.
    private var decodeClock = 0.0

    /// One decode of the held utterance: its verdict, its noise, and the processor time of
    /// what was decoded beside on the other thread.
    private struct HeldDecode {
        let verdict: HeardVerdict
        let signalToNoise: Double
        let suppressed: Bool
        let besideMilliseconds: Double
    }

    /// A decode made during the trailing silence: how long the utterance had been quiet
    /// then, and what it cost.
    private struct EarlyDecode {
        let decode: HeldDecode
        let quietMilliseconds: Int
        let milliseconds: Double
    }
    private var early: EarlyDecode?

    /// A recogniser on PocketSphinx with the `compiled` model, or PocketSphinx's stock model
    /// when nil (standard recognition), `settings`' searches and numbers.
    public convenience init(compiled: CompiledModel?, settings: RecognitionSettings = RecognitionSettings()) throws {
        let adaptation = try settings.adaptation.map(SpeakerAdaptation.init(path:))
        try self.init(model: compiled == nil ? .stock : .compiled(settings.commandSearch), settings: settings,
                      decoders: HearingDecoders(model: compiled, settings: settings, adaptation: adaptation),
                      adapted: adaptation?.acousticModel != nil)
    }

    /// A recogniser on `decoders`, set up for `model`; `adapted`: the acoustic model is a
    /// speaker's adaptation.
    public init(model: HearingPolicy.Model, settings: RecognitionSettings, decoders: HearingDecoders, adapted: Bool = false) {
        self.settings = settings
        self.decoders = decoders
        let sentences = decoders.commandSentences
        let compiled = model != .stock
        policy = HearingPolicy(
            model: model, tuning: settings.tuning,
            minimumConfidence: settings.minimumConfidence ?? (adapted ? settings.tuning.adaptedMinimumConfidence : 0),
            verifiesWithPhoneLoop: settings.verifyWithPhoneLoop && compiled,
            cleansStream: Self.cleansStream(settings),
            isSentence: { sentences?.accepts($0) ?? false })
    }

    /// True when a stream cleaner (``RecognitionSettings/denoiser``, asked for and installed)
    /// takes the room's noise out of everything heard, before the endpointer
    /// (``UtteranceListener``). Never when suppression is off.
    public var cleansStream: Bool { policy.cleansStream }

    private static func cleansStream(_ settings: RecognitionSettings) -> Bool {
        settings.tuning.noise.suppressBelowDecibels > 0 && settings.denoiser.cleansStream
    }

    /// Chooses what the next utterances are heard as. Between utterances only.
    public func expect(_ expected: ExpectedSpeech) throws {
        try decoders.expect(expected)
        // Only once the search has changed: a refused grammar leaves the old one in force.
        self.expected = expected
    }

    /// Opens an utterance. `streamCleaned`: false when the stream cleaner gave way for it
    /// (``QuietRoomCleaner/isGivingWay``), so that its audio is the audio as heard and a
    /// noisy one is cleaned by WebRTC's suppressor instead.
    public func begin(streamCleaned: Bool = true) throws {
        utteranceStreamCleaned = streamCleaned
        if settings.independentUtterances { try decoders.resetAdaptation() }
        utteranceSamples = 0
        decodeClock = 0
        held = []
        heldAsHeard = []
        early = nil
    }

    /// More of the utterance. `asHeard`: the same stretch before the stream was cleaned, when it
    /// did (``UtteranceListener``).
    public func feed(_ samples: [Int16], asHeard: [Int16]? = nil) throws {
        utteranceSamples += samples.count
        held += samples
        if cleansStream { heldAsHeard += asHeard ?? samples }
    }

    /// Tells how long the open utterance has been quiet (``Endpointer/quietMilliseconds``).
    /// Past ``HearingTuning/Decode/decodeAfterQuietMilliseconds`` the utterance is decoded
    /// now, so that ``finish(quietMilliseconds:)`` has its answer ready; speech resuming (a
    /// shorter quiet) throws that decode away.
    public func heardQuiet(milliseconds quiet: Int) throws {
        guard let after = settings.tuning.decoding.decodeAfterQuietMilliseconds else { return }
        if let made = early, quiet < made.quietMilliseconds { early = nil }
        guard early == nil, quiet >= after, !held.isEmpty else { return }
        let start = ThreadClock.milliseconds()
        let decode = try decodeHeld()
        let spent = ThreadClock.milliseconds() - start
        decodeClock += spent + decode.besideMilliseconds
        // The decode beside ran on the other core meanwhile: the slower of the two counts.
        early = EarlyDecode(decode: decode, quietMilliseconds: quiet, milliseconds: max(spent, decode.besideMilliseconds))
    }

    /// Closes the utterance and says what it meant. `quietMilliseconds`: the trailing silence
    /// that closed it (nil when it was cut), which tells how much of a decode made during
    /// the silence was still running when it ended.
    public func finish(quietMilliseconds: Int? = nil) throws -> RecognizedUtterance {
        let start = ThreadClock.milliseconds()
        var overrun = 0.0
        var beside = 0.0
        let decode: HeldDecode
        if let made = early, let quiet = quietMilliseconds, quiet >= made.quietMilliseconds {
            // Nothing but silence since the early decode: it is the answer. What it took
            // beyond the silence since still delays.
            decode = made.decode
            overrun = max(0, made.milliseconds - Double(quiet - made.quietMilliseconds))
        } else {
            decode = try decodeHeld()
            beside = decode.besideMilliseconds
        }
        held = []
        heldAsHeard = []
        early = nil
        let finish = ThreadClock.milliseconds() - start
        let verdict = decode.verdict
        return RecognizedUtterance(
            hypothesis: verdict.heard, intent: verdict.intent, confidence: verdict.confidence,
            decodeMilliseconds: decodeClock + finish + beside, finishMilliseconds: max(finish, beside) + overrun,
            audioMilliseconds: AudioFormat.milliseconds(samples: utteranceSamples),
            signalToNoise: decode.signalToNoise, noiseSuppressed: decode.suppressed,
            verification: verdict.verification, rechecked: verdict.rechecked, decodes: verdict.decodes)
    }

    /// Recognises a whole utterance at once.
    public func recognize(_ samples: [Int16]) throws -> RecognizedUtterance {
        try begin()
        try feed(samples)
        return try finish()
    }

    /// The held utterance through the policy's steps.
    private func decodeHeld() throws -> HeldDecode {
        let heard = cleansStream ? heldAsHeard : held
        var facts = UtteranceFacts(expected: expected, signalToNoise: NoiseSuppressor.signalToNoise(heard),
                                   streamCleaned: utteranceStreamCleaned)
        var audio = heard
        var beside = 0.0
        // Each step adds a fact; the policy concludes once it has what it needs.
        for _ in 0...HearingSearch.allCases.count + 1 {
            switch policy.next(facts) {
            case .prepare(let version):
                var made = AudioVersion.asHeard
                if version == .streamCleaned {
                    (audio, made) = (held, .streamCleaned)
                } else if version == .suppressed, let quieter = NoiseSuppressor.suppressed(heard, method: .webRTC(settings.tuning.noise.suppressionStrength)) {
                    (audio, made) = (quieter, .suppressed)
                }
                facts.prepared = PreparedAudio(
                    version: made, signalToNoise: made == .asHeard ? facts.signalToNoise : NoiseSuppressor.signalToNoise(audio))
            case .decode(let searches):
                let decoded = try decoders.decode(audio, with: searches, independent: settings.independentUtterances)
                facts.decodes.merge(decoded.hypotheses) { _, new in new }
                beside += decoded.besideMilliseconds
            case .conclude(let verdict):
                return HeldDecode(verdict: verdict, signalToNoise: facts.signalToNoise,
                                  suppressed: facts.prepared.map { $0.version != .asHeard } ?? false,
                                  besideMilliseconds: beside)
            }
        }
        throw DecoderError.decoding("hearing's policy asked for more steps than it has searches")
    }
}
