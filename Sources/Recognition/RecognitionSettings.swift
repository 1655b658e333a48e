/// The knobs of recognition and rejection, from the config file or flags.
public struct RecognitionSettings: Sendable, Hashable {
    /// Per-phone weight of the garbage path: higher rejects more (commands included).
    public var garbageWeight: Double = 0.01
    /// A pause longer than this between words means speech was swallowed as silence.
    public var maximumPauseMilliseconds = 800
    /// Hypotheses below this confidence are rejected.
    public var minimumConfidence: Double = 0.0
    /// Start each utterance from the same feature normalisation (files, tests), rather
    /// than adapting across utterances (the live daemon).
    public var independentUtterances = false
    /// Normalise each utterance's features over the whole utterance (decoding when it
    /// ends) rather than with a running estimate while it arrives. The running estimate
    /// starts far from a new voice or microphone and misses the first words; measured on
    /// the espeak-ng test set, whole-utterance normalisation is what makes the commands
    /// heard (see scripts/bench-recognition.sh).
    public var normaliseWholeUtterance = true
    /// A speaker adaptation transform (an MLLR matrix made by `scripts/adapt.sh` from
    /// recordings of the person, or of a voice, reading known text): it moves the acoustic
    /// model towards that voice and microphone. Nil: the model as shipped.
    public var adaptation: String?
    /// Extra PocketSphinx flags (`-cmn`: `batch`), for experiments and tuning.
    public var decoderOptions: [String: String] = [:]
    /// PocketSphinx's log file (its own messages); /dev/null silences it.
    public var decoderLog = "/dev/null"

    public init() {}
}

/// What the recogniser listens for, chosen by the session state.
public enum Listening: Hashable, Sendable {
    /// Commands and Scripture look-ups.
    case commands
    /// The review question's answers (correct answer and variants).
    case answer([String])
}
