import ArgumentParser
import Assistant
import Hearing
import Listening
import Support

/// The settings of hearing as flags, each named like its config key
/// (`minimum_confidence` = `--minimum-confidence`): one group for `run`, `simulate`,
/// `demo` (inside ``DaemonOptions``) and `recognize`. Values are checked as the config
/// file's are (``DaemonConfiguration/set(_:_:source:)``); hearing's numbers are named, checked
/// and explained by their declarations (``HearingTuning/configurable``).
struct RecognitionOptions: ParsableArguments {
    @Option(help: "How commands are heard: language-model (the grammar's sentences among everyday words; default) or grammar.")
    var commandSearch: CommandSearch?

    @Option(name: .customLong(HearingTuning.garbageWeight.long), help: ArgumentHelp(HearingTuning.garbageWeight.help))
    var garbageWeight: Double?

    @Option(help: "Do not act on what was heard with less confidence than this, 0-1 (default: 0.7 with an adapted acoustic model, else none).")
    var minimumConfidence: Double?

    @Option(name: .customLong(HearingTuning.suppressNoiseBelow.long), help: ArgumentHelp(HearingTuning.suppressNoiseBelow.help))
    var suppressNoiseBelowDecibels: Double?

    @Option(name: .customLong(HearingTuning.maximumPause.long), help: ArgumentHelp(HearingTuning.maximumPause.help))
    var maxPauseMilliseconds: Int?

    @Option(name: .customLong(HearingTuning.trailingSilence.long), help: ArgumentHelp(HearingTuning.trailingSilence.help))
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
        func set(_ number: HearingTuning.Number, _ value: ConfigurationValue?) throws(ConfigurationError) {
            if let value { try configuration.set(number, value, source: number.flag ?? number.path) }
        }
        try set(.commandSearch, commandSearch.map { .string($0.rawValue) })
        try set(HearingTuning.garbageWeight, garbageWeight.map(ConfigurationValue.float))
        try set(.minimumConfidence, minimumConfidence.map(ConfigurationValue.float))
        try set(HearingTuning.suppressNoiseBelow, suppressNoiseBelowDecibels.map(ConfigurationValue.float))
        try set(HearingTuning.maximumPause, maxPauseMilliseconds.map(ConfigurationValue.integer))
        try set(HearingTuning.trailingSilence, trailingSilenceMilliseconds.map(ConfigurationValue.integer))
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

extension TuningNumber {
    /// Its flag's name without the dashes (`garbage-weight`); its path for a number no flag
    /// sets.
    var long: String { flag.map { String($0.dropFirst(2)) } ?? path }
}
extension Denoiser: ExpressibleByArgument {}
