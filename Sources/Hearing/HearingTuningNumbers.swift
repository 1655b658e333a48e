import Support

/// The numbers of ``HearingTuning``, each declared once with its range (``TuningNumber``);
/// the five a person may set in the config file or with a flag carry their key and what they
/// do. A tuning file is checked against these ranges (``HearingTuning/problem``), the config
/// keys and flags are read and checked through them (`DaemonConfiguration`,
/// `RecognitionOptions`), and the README's table is tested against their shipped values.
extension HearingTuning {
    public typealias Number = TuningNumber<HearingTuning>

    public static let trailingSilence = Number.whole(
        "endpointing.trailingSilenceMilliseconds", \.endpointing.trailingSilenceMilliseconds, 100...5_000, unit: "ms",
        key: "trailing_silence_ms", help: "Silence that ends an utterance (ms).")
    public static let maximumPause = Number.whole(
        "decoding.maximumPauseMilliseconds", \.decoding.maximumPauseMilliseconds, 1...60_000, unit: "ms",
        key: "max_pause_ms", help: "Reject an utterance with a longer pause between words (ms).")
    public static let garbageWeight = Number.real(
        "decoding.garbageWeight", \.decoding.garbageWeight, 0...0.999_999,
        key: "garbage_weight",
        help: "Per-phone weight of the grammar's rejection path (higher rejects more; 0: no rejection path). Commands use it with --command-search grammar; answers always.")
    public static let suppressNoiseBelow = Number.real(
        "noise.suppressBelowDecibels", \.noise.suppressBelowDecibels, 0...100, unit: "dB",
        key: "suppress_noise_below_db",
        help: "Suppress the noise of utterances whose signal-to-noise ratio is below this (dB; 0: never).")
    public static let echoTail = Number.whole(
        "noise.echoTailMilliseconds", \.noise.echoTailMilliseconds, 0...5_000, unit: "ms",
        key: "echo_tail_ms", help: "How long the microphone stays gated after the daemon speaks (ms).")

    /// The numbers a person may set in the config file or with a flag, in the order they
    /// are laid over a tuning.
    public static let configurable: [Number] = [trailingSilence, garbageWeight, suppressNoiseBelow, maximumPause, echoTail]

    /// Every number of the tuning but the confidence models' weights and biases (any finite
    /// number), with its range.
    public static let numbers: [Number] = [
        .real("commandConfidence.threshold", \.commandConfidence.threshold, 0...1),
        .real("conversation.refusalConfidence.threshold", \.conversation.refusalConfidence.threshold, 0...1),
        .real("adaptedMinimumConfidence", \.adaptedMinimumConfidence, 0...1),
        .real("endpointing.thresholdDecibels", \.endpointing.thresholdDecibels, 0...60, unit: "dB"),
        .real("endpointing.absoluteFloorDecibels", \.endpointing.absoluteFloorDecibels, -96...0, unit: "dB"),
        .whole("endpointing.startMilliseconds", \.endpointing.startMilliseconds, 10...2_000, unit: "ms"),
        .whole("endpointing.prerollMilliseconds", \.endpointing.prerollMilliseconds, 0...2_000, unit: "ms"),
        trailingSilence,
        .whole("endpointing.maximumMilliseconds", \.endpointing.maximumMilliseconds, 1_000...60_000, unit: "ms"),
        .whole("endpointing.floorWindowMilliseconds", \.endpointing.floorWindowMilliseconds, 100...60_000, unit: "ms"),
        .real("endpointing.startLoudShare", \.endpointing.startLoudShare, 0.01...1),
        .real("endpointing.initialFloorDecibels", \.endpointing.initialFloorDecibels, -96...0, unit: "dB"),
        .whole("endpointing.runOnPauseMilliseconds", \.endpointing.runOnPauseMilliseconds, 0...60_000, unit: "ms"),
        .real("wordScoreConfidence.scale", \.wordScoreConfidence.scale, 0.01...1_000),
        .real("wordScoreConfidence.midpoint", \.wordScoreConfidence.midpoint, -1_000...0),
        .whole("decoding.maximumAnswerItemsInAnyOrder", \.decoding.maximumAnswerItemsInAnyOrder, 1...6),
        suppressNoiseBelow,
        echoTail,
        .whole("noise.echoFilterMilliseconds", \.noise.echoFilterMilliseconds, 20...2_000, unit: "ms"),
        .real("noise.echoResidueMarginDecibels", \.noise.echoResidueMarginDecibels, 1...60, unit: "dB"),
        .real("noise.quietRoomFloorDecibels", \.noise.quietRoomFloorDecibels, -96...0, unit: "dB"),
        .whole("noise.cleanerRestsAfterMilliseconds", \.noise.cleanerRestsAfterMilliseconds, 0...60_000, unit: "ms"),
        .whole("noise.cleanerGivesWayBehindMilliseconds", \.noise.cleanerGivesWayBehindMilliseconds, 0...60_000, unit: "ms"),
        .whole("conversation.correctionWindowMilliseconds", \.conversation.correctionWindowMilliseconds, 0...10_000, unit: "ms"),
        .whole("conversation.readingGapMilliseconds", \.conversation.readingGapMilliseconds, 0...10_000, unit: "ms"),
        .whole("conversation.longestWhileSpeakingMilliseconds", \.conversation.longestWhileSpeakingMilliseconds, 500...60_000, unit: "ms"),
        .whole("conversation.stopsHearingOverSpeechBehindMilliseconds", \.conversation.stopsHearingOverSpeechBehindMilliseconds,
               0...60_000, unit: "ms"),
        .whole("conversation.fewestWordsAnswered", \.conversation.fewestWordsAnswered, 1...20),
        .optionalWhole("decoding.decodeAfterQuietMilliseconds", \.decoding.decodeAfterQuietMilliseconds, 10...5_000, unit: "ms"),
        maximumPause,
        garbageWeight,
    ]

    /// The configurable number whose config key is `key`.
    public static func configurable(key: String) -> Number? {
        configurable.first { $0.configKey == key }
    }
}
