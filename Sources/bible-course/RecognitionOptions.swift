import ArgumentParser
import Assistant
import Hearing
import Listening

/// The settings of hearing as flags, each named like its config key
/// (`minimum_confidence` = `--minimum-confidence`): one group for `run`, `simulate`,
/// `demo` (inside ``DaemonOptions``) and `recognize`. Ranges are checked in one place,
/// ``DaemonConfiguration/set(_:_:source:)``, as for the config file.
struct RecognitionOptions: ParsableArguments {
    @Option(help: "How commands are heard: language-model (the grammar's sentences among everyday words; default) or grammar.")
    var commandSearch: CommandSearch?

    @Option(help: "Per-phone weight of the grammar's rejection path (higher rejects more; 0: no rejection path). Commands use it with --command-search grammar; answers always.")
    var garbageWeight: Double?

    @Option(help: "Do not act on what was heard with less confidence than this, 0-1 (default: 0.7 with an adapted acoustic model, else none).")
    var minimumConfidence: Double?

    @Option(name: .customLong("suppress-noise-below-db"), help: "Suppress the noise of utterances whose signal-to-noise ratio is below this (dB; 0: never).")
    var suppressNoiseBelowDecibels: Double?

    @Option(name: .customLong("max-pause-ms"), help: "Reject an utterance with a longer pause between words (ms).")
    var maxPauseMilliseconds: Int?

    @Option(name: .customLong("trailing-silence-ms"), help: "Silence that ends an utterance (ms).")
    var trailingSilenceMilliseconds: Int?

    @Flag(help: "Use the stock en-us language model instead of the compiled grammar.")
    var standardRecognition = false

    @Option(help: "A speaker adaptation from scripts/adapt.sh: an adapted acoustic model folder or an MLLR transform file.")
    var adaptation: String?

    @Flag(inversion: .prefixedNo, help: "Take the room's noise out with RNNoise (librnnoise.so from scripts/setup.sh); --no-rnnoise: the shipped denoiser.")
    var rnnoise: Bool?

    @Option(help: "What takes the room's noise out: deepfilter (DeepFilterNet3, the default), rnnoise (both from scripts/setup.sh; WebRTC's suppressor where the library does not load) or webrtc.")
    var denoiser: Denoiser?

    @Option(help: "The numbers of hearing from a JSON file, for experiments (docs/hearing.md; default: the shipped ones).")
    var hearingTuning: String?

    /// Sets the flags that were given on `configuration`, each checked as its key is in the
    /// config file; an error names the flag as it was spelt.
    func apply(to configuration: inout DaemonConfiguration) throws(ConfigurationError) {
        func set(_ key: DaemonConfiguration.Key, _ value: ConfigurationValue?) throws(ConfigurationError) {
            if let value { try configuration.set(key, value, source: key.flag) }
        }
        try set(.commandSearch, commandSearch.map { .string($0.rawValue) })
        try set(.garbageWeight, garbageWeight.map(ConfigurationValue.float))
        try set(.minimumConfidence, minimumConfidence.map(ConfigurationValue.float))
        try set(.suppressNoiseBelow, suppressNoiseBelowDecibels.map(ConfigurationValue.float))
        try set(.maximumPause, maxPauseMilliseconds.map(ConfigurationValue.integer))
        try set(.trailingSilence, trailingSilenceMilliseconds.map(ConfigurationValue.integer))
        if standardRecognition { try set(.standardRecognition, .boolean(true)) }
        try set(.adaptation, adaptation.map(ConfigurationValue.string))
        try set(.hearingTuning, hearingTuning.map(ConfigurationValue.string))
        try set(.rnnoise, rnnoise.map(ConfigurationValue.boolean))
        try set(.denoiser, denoiser.map { .string($0.rawValue) })
        // The tuning file's `listen` part is read where `listen` is, not by the
        // configuration: checked here, so that every command refuses a bad one at the start.
        _ = try configuration.listenTuning()
    }
}

extension CommandSearch: ExpressibleByArgument {}
extension Denoiser: ExpressibleByArgument {}
