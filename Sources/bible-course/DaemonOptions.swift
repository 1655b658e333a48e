import ArgumentParser
import Assistant
import Foundation
import Hearing
import Listening
import Logging

/// The daemon's settings as flags, each named like its config key
/// (`capture_device` = `--capture-device`), plus `--config FILE`; the settings of hearing
/// are the shared ``RecognitionOptions``. Flags win over the file, the file over the
/// defaults, and every value is checked where the file's are
/// (``DaemonConfiguration/set(_:_:source:)``).
struct DaemonOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The config file (TOML subset, see README).", valueName: "file"))
    var config: String?

    @Option(help: "ALSA capture device (\"default\", \"plughw:1,0\").")
    var captureDevice: String?

    @Option(help: "ALSA playback device.")
    var playbackDevice: String?

    @Option(help: "The daemon's voice: an espeak-ng voice (en-us, en-gb+f3, ...) or a Piper model (piper:en_US-joe-medium).")
    var voice: String?

    @Option(help: "Speaking rate as a factor of normal (0.9).")
    var rate: Double?

    @Option(help: "Voice pitch, 0-100.")
    var pitch: Int?

    @OptionGroup var recognition: RecognitionOptions

    @Option(name: .customLong(HearingTuning.echoTail.long), help: ArgumentHelp(HearingTuning.echoTail.help))
    var echoTail: Int?

    @Option(help: ArgumentHelp("Hear the person while the daemon speaks (\"stop\", \"pause\", \"no\"), its own voice cancelled from the microphone: true (default) or false (deaf while it speaks).", valueName: "true|false"))
    var hearWhileSpeaking: Bool?

    @Option(help: "The course to take (default: the first).")
    var course: String?

    @Option(help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String?

    @Option(help: "course (the spoken course) or listen (no course: print the passages heard named or quoted, as `listen` does).")
    var mode: String?

    @Option(help: ArgumentHelp("Listen mode: append the passages found, with the words that named them, to this file (relative: to the state directory).", valueName: "file"))
    var listenOutput: String?

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
            // A file's `hearing_tuning` is checked whole here, listen's part too, even when a
            // flag names another file after it.
            _ = try configuration.listenTuning()
            let flags: [(DaemonConfiguration.Key, ConfigurationValue?)] = [
                (.captureDevice, captureDevice.map(ConfigurationValue.string)),
                (.playbackDevice, playbackDevice.map(ConfigurationValue.string)),
                (.voice, voice.map(ConfigurationValue.string)), (.rate, rate.map(ConfigurationValue.float)),
                (.pitch, pitch.map(ConfigurationValue.integer)),
                (.hearWhileSpeaking, hearWhileSpeaking.map(ConfigurationValue.boolean)),
                (.course, course.map(ConfigurationValue.string)), (.logLevel, logLevel.map(ConfigurationValue.string)),
                (.mode, mode.map(ConfigurationValue.string)),
                (.listenOutput, listenOutput.map(ConfigurationValue.string)),
                (.bible, paths.biblePath.map(ConfigurationValue.string)),
                (.curriculum, paths.curriculumPath.map(ConfigurationValue.string)),
                (.stateDirectory, paths.stateDirectoryPath.map(ConfigurationValue.string)),
                (.grammars, paths.grammarsPath.map(ConfigurationValue.string)),
                (.pronunciations, paths.pronunciationsPath.map(ConfigurationValue.string)),
                (.vocabulary, paths.vocabularyPath.map(ConfigurationValue.string)),
            ]
            for (key, value) in flags {
                if let value { try configuration.set(key, value, source: key.flag) }
            }
            if let echoTail { try configuration.set(HearingTuning.echoTail, .integer(echoTail), source: HearingTuning.echoTail.flag ?? HearingTuning.echoTail.path) }
            try recognition.apply(to: &configuration)
        } catch {
            throw CommandFailure(error.description)
        }
        paths.fill(from: configuration)
        try paths.checkDefaultStateDirectory()
        return configuration
    }
}

extension PathOptions {
    /// The path keys of `configuration` for the paths no flag gave.
    mutating func fill(from configuration: DaemonConfiguration) {
        biblePath = biblePath ?? configuration.bible
        curriculumPath = curriculumPath ?? configuration.curriculum
        stateDirectoryPath = stateDirectoryPath ?? configuration.stateDirectory
        grammarsPath = grammarsPath ?? configuration.grammars
        pronunciationsPath = pronunciationsPath ?? configuration.pronunciations
        vocabularyPath = vocabularyPath ?? configuration.vocabulary
    }

    /// The resolved locations for the runtime.
    var dataPaths: DataPaths {
        DataPaths(bible: bibleURL, curriculum: curriculumURL, stateDirectory: stateDirectoryURL,
                  vocabulary: vocabularyLocations,
                  piper: PiperInstall.located(base: DataLocations.readOnlyDataFile("piper", checkoutFolder: "Models"),
                                              script: DataLocations.readOnlyDataFile("piper-voice.py", checkoutFolder: "libexec")))
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
