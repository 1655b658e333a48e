import ArgumentParser
import Assistant
import Foundation
import Logging

/// The daemon's settings as flags, each named like its config key
/// (`capture_device` = `--capture-device`), plus `--config FILE`. Flags win over the file,
/// the file over the defaults.
struct DaemonOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The config file (TOML subset, see README).", valueName: "file"))
    var config: String?

    @Option(help: "ALSA capture device (\"default\", \"plughw:1,0\").")
    var captureDevice: String?

    @Option(help: "ALSA playback device.")
    var playbackDevice: String?

    @Option(help: "espeak-ng voice of the daemon (en-us, en-gb+f3, ...).")
    var voice: String?

    @Option(help: "Speaking rate as a factor of normal (0.9).")
    var rate: String?

    @Option(help: "Voice pitch, 0-100.")
    var pitch: String?

    @Option(name: .customLong("trailing-silence-ms"), help: "Silence that ends an utterance (ms).")
    var trailingSilence: String?

    @Option(help: "How commands are heard: language-model (the grammar's sentences among everyday words; default) or grammar.")
    var commandSearch: String?

    @Option(help: "Per-phone weight of the grammar's rejection path (higher rejects more).")
    var garbageWeight: String?

    @Option(help: "Do not act on what was heard with less confidence than this, 0-1 (default: 0.7 with an adapted acoustic model, else none).")
    var minimumConfidence: String?

    @Option(name: .customLong("suppress-noise-below-db"), help: "Suppress the noise of utterances whose signal-to-noise ratio is below this (dB; 0: never).")
    var suppressNoiseBelow: String?

    @Option(name: .customLong("max-pause-ms"), help: "Reject an utterance with a longer pause between words (ms).")
    var maxPause: String?

    @Option(name: .customLong("echo-tail-ms"), help: "How long the microphone stays gated after the daemon speaks (ms).")
    var echoTail: String?

    @Option(help: "The course to take (default: the first).")
    var course: String?

    @Flag(name: .customLong("standard-recognition"), help: "Use the stock language model instead of the compiled grammar.")
    var standardRecognition = false

    @Option(help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String?

    @Option(help: "A speaker adaptation from scripts/adapt.sh: an adapted acoustic model folder or an MLLR transform file.")
    var adaptation: String?

    /// The configuration: defaults, then `--config` (or `defaultFile` when it exists), then
    /// the flags; path keys of the file fill the `paths` flags that were not given.
    func resolve(_ paths: inout PathOptions, defaultFile: String?) throws -> DaemonConfiguration {
        var configuration = DaemonConfiguration()
        do {
            if let config {
                try configuration.apply(file: config)
            } else if let defaultFile, FileManager.default.fileExists(atPath: defaultFile) {
                try configuration.apply(file: defaultFile)
            }
            let flags: [(DaemonConfiguration.Key, String?)] = [
                (.captureDevice, captureDevice), (.playbackDevice, playbackDevice), (.voice, voice),
                (.rate, rate), (.pitch, pitch), (.trailingSilence, trailingSilence),
                (.commandSearch, commandSearch), (.garbageWeight, garbageWeight), (.minimumConfidence, minimumConfidence),
                (.suppressNoiseBelow, suppressNoiseBelow), (.maximumPause, maxPause), (.echoTail, echoTail),
                (.course, course), (.logLevel, logLevel), (.adaptation, adaptation),
                (.bible, paths.biblePath), (.curriculum, paths.curriculumPath),
                (.stateDirectory, paths.stateDirectoryPath), (.grammars, paths.grammarsPath),
                (.pronunciations, paths.pronunciationsPath), (.vocabulary, paths.vocabularyPath),
            ]
            for (key, value) in flags {
                if let value { try configuration.apply(flag: key, value) }
            }
            if standardRecognition { configuration.standardRecognition = true }
        } catch {
            throw CommandFailure(error.description)
        }
        paths.biblePath = configuration.bible
        paths.curriculumPath = configuration.curriculum
        paths.stateDirectoryPath = configuration.stateDirectory
        paths.grammarsPath = configuration.grammars
        paths.pronunciationsPath = configuration.pronunciations
        paths.vocabularyPath = configuration.vocabulary
        return configuration
    }
}

extension PathOptions {
    /// The resolved locations for the runtime.
    var dataPaths: DataPaths {
        DataPaths(bible: bibleURL, curriculum: curriculumURL, stateDirectory: stateDirectoryURL,
                  vocabulary: vocabularyLocations)
    }
}

/// Sends log lines to stderr at `level`; once per process, before anything logs.
func bootstrapLogging(_ level: Logger.Level) {
    LoggingSystem.bootstrap { label in
        var handler = StreamLogHandler.standardError(label: label)
        handler.logLevel = level
        return handler
    }
}

/// Opens the session's parts, as a one-line failure when it cannot.
func openEnvironment(_ configuration: DaemonConfiguration, paths: DataPaths, independentUtterances: Bool,
                     logger: Logger) throws -> SessionEnvironment {
    do {
        return try SessionEnvironment(configuration: configuration, paths: paths,
                                      independentUtterances: independentUtterances, logger: logger)
    } catch {
        throw CommandFailure(error.description)
    }
}
