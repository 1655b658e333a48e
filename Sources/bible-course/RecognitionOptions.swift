import ArgumentParser
import Assistant
import Recognition
import Vocabulary

/// Flags shared by the commands that listen: rejection and endpointing settings.
struct RecognitionOptions: ParsableArguments {
    @Option(help: "How commands are heard: language-model (the grammar's sentences among everyday words) or grammar.")
    var commandSearch: CommandSearch = RecognitionSettings().commandSearch

    @Option(help: "Per-phone weight of the grammar's rejection path (higher rejects more; 0: no rejection path). Commands use it with --command-search grammar; answers always.")
    var garbageWeight: Double = RecognitionSettings().garbageWeight

    @Option(help: "Reject an utterance with a pause longer than this between words (ms).")
    var maxPause: Int = RecognitionSettings().maximumPauseMilliseconds

    @Option(help: "Silence that ends an utterance (ms).")
    var trailingSilence: Int = Endpointer.Configuration().trailingSilenceMilliseconds

    @Flag(help: "Use standard recognition (stock en-us language model) instead of the compiled grammar.")
    var fallback = false

    @Option(help: "A speaker adaptation from scripts/adapt.sh: an MLLR transform file or an adapted acoustic model folder.")
    var adaptation: String?

    @Option(help: "Do not accept what was heard with less confidence than this, 0-1 (default: 0.7 with an adapted acoustic model, else none).")
    var minConfidence: Double?

    @Option(help: "Suppress the noise of utterances whose signal-to-noise ratio is below this (dB; 0: never).")
    var suppressNoiseBelow: Double = RecognitionSettings().suppressNoiseBelowDecibels

    @Flag(help: "Verify each hypothesis against a free phone loop decode of the same audio.")
    var verify = false

    @Option(help: "PocketSphinx's own log file.")
    var decoderLog: String = "/dev/null"

    @Option(name: .customLong("decoder-option"), help: ArgumentHelp("A PocketSphinx flag as KEY=VALUE (e.g. -cmn=batch).", visibility: .hidden))
    var decoderOptions: [String] = []

    var settings: RecognitionSettings {
        var settings = RecognitionSettings()
        for option in decoderOptions {
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { settings.decoderOptions[parts[0]] = parts[1] }
        }
        settings.commandSearch = commandSearch
        settings.garbageWeight = garbageWeight
        settings.maximumPauseMilliseconds = maxPause
        settings.decoderLog = decoderLog
        settings.adaptation = adaptation
        settings.suppressNoiseBelowDecibels = suppressNoiseBelow
        settings.minimumConfidence = minConfidence
        settings.verifyWithPhoneLoop = verify
        return settings
    }

    var endpointer: Endpointer.Configuration {
        var configuration = Endpointer.Configuration()
        configuration.trailingSilenceMilliseconds = trailingSilence
        return configuration
    }

    func validate() throws {
        guard garbageWeight >= 0, garbageWeight < 1 else {
            throw ValidationError("--garbage-weight must be from 0 (no rejection path) up to 1, not \(garbageWeight)")
        }
        if let minConfidence, !(0...1).contains(minConfidence) {
            throw ValidationError("--min-confidence must be between 0 and 1, not \(minConfidence)")
        }
        guard (0...100).contains(suppressNoiseBelow) else {
            throw ValidationError("--suppress-noise-below must be a number of dB from 0 (never) to 100, not \(suppressNoiseBelow)")
        }
        guard maxPause > 0 else { throw ValidationError("--max-pause must be positive") }
        guard (100...5000).contains(trailingSilence) else {
            throw ValidationError("--trailing-silence must be between 100 and 5000 ms")
        }
    }

    /// The recogniser: the compiled model when it can be had, else the fallback (and a
    /// warning on stderr saying why).
    func makeRecognizer(_ paths: PathOptions, independentUtterances: Bool) throws -> Recognizer {
        var settings = self.settings
        settings.independentUtterances = independentUtterances
        return try RecognitionModel.recognizer(
            paths.vocabularyLocations, settings: settings, standardRecognition: fallback, warn: { warn("warning: \($0)") })
    }
}

/// One line on stderr.
func warn(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

import Foundation

extension CommandSearch: ExpressibleByArgument {}
