/// The knobs of recognition and rejection, from the config file or flags.
public struct RecognitionSettings: Sendable, Hashable {
    /// How commands and look-ups are searched for.
    public var commandSearch: CommandSearch = .languageModel
    /// Per-phone weight of the grammar's garbage path: higher rejects more (commands
    /// included). Commands use it only with ``CommandSearch/grammar``; answers always.
    public var garbageWeight: Double = 0.01
    /// A pause longer than this between words means speech was swallowed as silence.
    public var maximumPauseMilliseconds = 800
    /// Hypotheses whose confidence (``Recognizer/confidence(wordScore:)``) is below this
    /// are rejected. Nil: automatic — ``adaptedMinimumConfidence`` with an adapted acoustic
    /// model, none with the shipped one, whose fit to a voice it was not trained on is too
    /// loose for the score to separate commands from conversation (measured on the
    /// espeak-ng set: commands said well score as low as conversation does).
    public var minimumConfidence: Double?
    /// The automatic threshold with an adapted acoustic model: measured on the espeak-ng
    /// set, it turns away the conversation the better-fitting model lets through
    /// (8 of 84 → 1) and keeps every command.
    public static let adaptedMinimumConfidence = 0.7
    /// Start each utterance from the same feature normalisation (files, tests), rather
    /// than adapting across utterances (the live daemon).
    public var independentUtterances = false
    /// Normalise each utterance's features over the whole utterance (decoding when it
    /// ends) rather than with a running estimate while it arrives. The running estimate
    /// starts far from a new voice or microphone and misses the first words; measured on
    /// the espeak-ng test set, whole-utterance normalisation is what makes the commands
    /// heard (see scripts/bench-recognition.sh).
    public var normaliseWholeUtterance = true
    /// Utterances whose signal-to-noise ratio as heard (dB,
    /// ``NoiseSuppressor/signalToNoise(_:)``) is below this are decoded with the room's
    /// noise taken out: by WebRTC's suppressor (``NoiseSuppressor``), or with
    /// ``removesNoiseWithRNNoise`` by RNNoise, which cleans the whole stream before the
    /// endpointer (``Recognizer/cleansStream``). Above it they are decoded as heard: in a quiet room
    /// suppression costs words. 0: no suppression of either kind; `.infinity`: always. Only
    /// with whole-utterance normalisation, which holds the utterance until it ends.
    public var suppressNoiseBelowDecibels: Double = 20
    /// Take the room's noise out with RNNoise over the whole stream (``Recognizer/cleansStream``)
    /// instead of WebRTC's suppressor per utterance (config `rnnoise`). Off by default until
    /// the command decision is fitted on RNNoise's audio: with it, commands in loud noise
    /// are heard far more often, and a little more speech that is no command is acted on
    /// (docs/measurements/2026-11-26-rnnoise.md).
    public var removesNoiseWithRNNoise = false
    /// With whole-utterance normalisation, decode the utterance once it has been quiet this
    /// long, while the endpointer still waits for the rest of its trailing silence: if no
    /// more speech comes, that result is the answer and the intent is ready as the silence
    /// ends (the decode takes ~0.05 of the utterance's length; the wait is 300 ms more by
    /// default). Speech that resumes discards it. Nil: decode only when the utterance ends.
    public var decodeAfterQuietMilliseconds: Int? = 200
    /// A speaker adaptation made by `scripts/adapt.sh` from recordings of the person, or of
    /// a voice, reading known text (``SpeakerAdaptation``: a MAP-adapted acoustic model
    /// folder or an MLLR transform file): it moves the acoustic model towards that voice and
    /// microphone. Nil: the model as shipped.
    public var adaptation: String?
    /// Decode each utterance a second time with a free phone loop and compare
    /// (``PhoneLoopVerification``).
    public var verifyWithPhoneLoop = false
    /// The command decision's confidence model and threshold (``CommandSearch/languageModel``).
    public var commandConfidence = HearingTuning.shipped.commandConfidence
    /// Extra PocketSphinx flags (`-cmn`: `batch`), for experiments and tuning.
    public var decoderOptions: [String: String] = [:]
    /// PocketSphinx's log file (its own messages); /dev/null silences it.
    public var decoderLog = "/dev/null"

    public init() {}
}

/// What the recogniser expects to hear next, chosen by the session state.
public enum ExpectedSpeech: Hashable, Sendable {
    /// Commands and Scripture look-ups.
    case commands
    /// The review question's answers (correct answer and variants).
    case answer([String])
}
