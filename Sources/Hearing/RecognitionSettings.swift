import Scripture

/// The knobs of recognition and rejection, from the config file or flags; the numbers
/// among them are the hearing tuning's (``tuning``).
public struct RecognitionSettings: Sendable, Hashable {
    /// Every number of hearing (``HearingTuning``).
    public var tuning = HearingTuning.shipped
    /// How commands and look-ups are searched for.
    public var commandSearch: CommandSearch = .languageModel
    /// A single decode's intent whose confidence (``WordScoreConfidence``) is below this is
    /// not acted on. Nil: automatic — ``HearingTuning/adaptedMinimumConfidence`` with an
    /// adapted acoustic model, none with the shipped one.
    public var minimumConfidence: Double?
    /// Start each utterance from the same feature normalisation (files, tests), rather
    /// than adapting across utterances (the live daemon).
    public var independentUtterances = false
    /// What takes the room's noise out: a cleaner of the whole stream, DeepFilterNet3 unless
    /// told otherwise (``Recognizer/cleansStream``), or WebRTC's suppressor per utterance,
    /// also where the cleaner's library does not load (config `denoiser`, docs/hearing.md).
    public var denoiser = Denoiser.shipped
    /// A speaker adaptation made by `scripts/adapt.sh` from recordings of the person, or of
    /// a voice, reading known text (``SpeakerAdaptation``: a MAP-adapted acoustic model
    /// folder or an MLLR transform file): it moves the acoustic model towards that voice and
    /// microphone. Nil: the model as shipped.
    public var adaptation: String?
    /// Decode each utterance a second time with a free phone loop and compare
    /// (``PhoneLoopVerification``).
    public var verifyWithPhoneLoop = false
    /// Extra PocketSphinx flags by name (`-topn`: `2`), for experiments: they override the
    /// recogniser's own ``DecoderConfiguration``.
    public var decoderOptions: [String: String] = [:]
    /// PocketSphinx's log file (its own messages); /dev/null silences it.
    public var decoderLog = "/dev/null"

    public init() {}
}
