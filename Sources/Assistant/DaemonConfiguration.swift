import Hearing
import Foundation
import Logging
import Support
import Voice

/// The daemon's settings: built-in defaults, then the config file, then flags (each
/// flag is named like its key: `capture_device` is `--capture-device`).
///
/// Every key is checked where it is set: an unknown key or a bad value is a
/// ``ConfigurationError`` naming the key and where it came from.
public struct DaemonConfiguration: Hashable, Sendable {
    /// The keys of the config file, but those of hearing's numbers
    /// (``HearingTuning/configurable``), which their declarations name.
    public enum Key: String, CaseIterable, Sendable {
        case captureDevice = "capture_device"
        case playbackDevice = "playback_device"
        case voice
        case rate
        case pitch
        case commandSearch = "command_search"
        case minimumConfidence = "minimum_confidence"
        case hearWhileSpeaking = "hear_while_speaking"
        case course
        case standardRecognition = "standard_recognition"
        case logLevel = "log_level"
        case bible
        case curriculum
        case stateDirectory = "state_dir"
        case grammars
        case pronunciations
        case vocabulary
        case adaptation
        case hearingTuning = "hearing_tuning"
        case rnnoise
        case denoiser
        case mode
        case listenOutput = "listen_output"

        /// The flag that sets the key.
        public var flag: String { "--" + rawValue.replacingOccurrences(of: "_", with: "-") }

        /// Whether the key names a file or folder that a config file may give relative to
        /// its own folder (`listen_output` is relative to the state directory instead).
        public var isPath: Bool {
            switch self {
            case .bible, .curriculum, .stateDirectory, .grammars, .pronunciations, .vocabulary, .adaptation, .hearingTuning: true
            default: false
            }
        }
    }

    /// The ALSA capture device ("default", "plughw:1,0").
    public var captureDevice = "default"
    /// The ALSA playback device.
    public var playbackDevice = "default"
    /// The espeak-ng voice of the daemon.
    public var voice = "en-us"
    /// Speaking rate as a factor of espeak-ng's normal (the seed's 0.9).
    public var rate = 0.9
    /// Voice pitch, 0-100.
    public var pitch = 50
    /// How commands and look-ups are heard: `language-model` or `grammar`.
    public var commandSearch = RecognitionSettings().commandSearch
    /// Hypotheses less sure than this are not acted on; nil: automatic (see
    /// `RecognitionSettings.minimumConfidence`).
    public var minimumConfidence: Double?
    /// The numbers of hearing set by their config keys or flags
    /// (``HearingTuning/configurable``), by key; laid over the tuning (``hearing``).
    private(set) var hearingKeys: [String: Double] = [:]
    /// Whether the daemon hears the person while it speaks ("stop", "pause", "no" over a
    /// passage), its own voice cancelled from the microphone with the samples it played;
    /// false: deaf while it speaks and for `echo_tail_ms` after (half-duplex), listening
    /// only between the verses of a passage.
    public var hearWhileSpeaking = true
    /// The course to take; nil: the first course of the curriculum.
    public var course: String?
    /// Use PocketSphinx's stock language model instead of the compiled grammar.
    public var standardRecognition = false
    /// The numbers of hearing from a JSON file (``readHearingTuning(_:)``), for
    /// experiments; nil: the shipped ones. The keys above override it (``hearing``).
    public var hearingTuning: HearingTuning?
    /// `listen`'s part of that file (``listenTuningKey``), read where `listen` is (its
    /// numbers are not the course's: `ListenTuning`, in the Listening module); nil: none.
    public var listenTuningFile: TuningFile?
    /// Where `hearing_tuning` was set (a file's line, a flag), for the errors of
    /// ``listenTuningFile``.
    public var hearingTuningSource: String?
    /// What takes the room's noise out (`denoiser`): DeepFilterNet3 (``Denoiser/shipped``) or
    /// RNNoise over the whole stream when its library loads, else WebRTC's suppressor. The
    /// older key `rnnoise = true` is `denoiser = "rnnoise"`; `rnnoise = false` turns RNNoise
    /// off (WebRTC's suppressor) and leaves another denoiser as it is.
    public var denoiser = Denoiser.shipped
    /// trace, debug, info, notice, warning, error or critical.
    public var logLevel: Logger.Level = .info
    /// A speaker adaptation from scripts/adapt.sh (an adapted acoustic model folder or an
    /// MLLR transform file); nil: none.
    public var adaptation: String?
    public var bible: String?
    public var curriculum: String?
    public var stateDirectory: String?
    public var grammars: String?
    public var pronunciations: String?
    public var vocabulary: String?
    /// What the daemon does with what it hears: deliver the course, or listen for passages.
    public var mode = DaemonMode.course
    /// Listen mode: the file the passages found are appended to, with the words that named
    /// them (relative: to the state directory); nil: standard output, without the words when
    /// that is the journal (`ListenReport`).
    public var listenOutput: String?

    public init() {}

    /// The default config file of the system service.
    public static let systemPath = "/etc/bible-course/config.toml"

    /// Applies every entry of the config file at `path`. A relative path in it is the
    /// config file's folder's (``Key/isPath``), not whatever folder the daemon was started
    /// in (`/` under systemd).
    public mutating func apply(file path: String) throws(ConfigurationError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        for entry in try ConfigurationFile.read(path) {
            var value = entry.value
            if Key(rawValue: entry.key)?.isPath == true, case .string(let text) = value, !text.isEmpty, !text.hasPrefix("/") {
                value = .string(folder.appendingPathComponent(text).standardizedFileURL.path)
            }
            try set(named: entry.key, value, source: "\(path), line \(entry.line)")
        }
    }

    /// Sets one key, checking its type and range.
    public mutating func set(_ key: Key, _ value: ConfigurationValue, source: String) throws(ConfigurationError) {
        func bad(_ expected: String) -> ConfigurationError {
            .badValue(key: key.rawValue, source: source, value: value.description, expected: expected)
        }
        func string(nonEmpty: Bool = true) throws(ConfigurationError) -> String {
            guard case .string(let text) = value, !nonEmpty || !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw bad("a non-empty string in quotes")
            }
            return text
        }
        func integer(_ range: ClosedRange<Int>, unit: String) throws(ConfigurationError) -> Int {
            guard case .integer(let number) = value, range.contains(number) else {
                throw bad("a whole number of \(unit) from \(range.lowerBound) to \(range.upperBound)")
            }
            return number
        }
        func number(_ check: (Double) -> Bool, _ expected: String) throws(ConfigurationError) -> Double {
            let result: Double
            switch value {
            case .float(let x): result = x
            case .integer(let n): result = Double(n)
            default: throw bad(expected)
            }
            guard result.isFinite, check(result) else { throw bad(expected) }
            return result
        }
        switch key {
        case .captureDevice: captureDevice = try string()
        case .playbackDevice: playbackDevice = try string()
        case .voice:
            let name = try string()
            if let problem = VoiceChoice(name).problem { throw bad(problem) }
            if let problem = SpeechConfiguration(voice: VoiceChoice(name).espeakVoice).problem {
                throw bad("an espeak-ng voice name or piper:<model>; \(problem)")
            }
            voice = name
        case .rate:
            let factor = try number({ _ in true }, "a number like 0.9")
            if let problem = SpeechConfiguration(rateFactor: factor).problem { throw bad(problem) }
            rate = factor
        case .pitch: pitch = try integer(0...100, unit: "pitch steps")
        case .commandSearch:
            guard let search = CommandSearch(rawValue: try string()) else {
                throw bad(CommandSearch.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or "))
            }
            commandSearch = search
        case .minimumConfidence: minimumConfidence = try number({ (0...1).contains($0) }, "a number from 0 to 1")
        case .hearWhileSpeaking:
            guard case .boolean(let flag) = value else { throw bad("true or false") }
            hearWhileSpeaking = flag
        case .course: course = try string()
        case .standardRecognition:
            guard case .boolean(let flag) = value else { throw bad("true or false") }
            standardRecognition = flag
        case .logLevel:
            let name = try string()
            guard let level = Logger.Level(rawValue: name.lowercased()) else {
                throw bad(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))
            }
            logLevel = level
        case .bible: bible = try string()
        case .curriculum: curriculum = try string()
        case .stateDirectory: stateDirectory = try string()
        case .grammars: grammars = try string()
        case .pronunciations: pronunciations = try string()
        case .vocabulary: vocabulary = try string()
        case .adaptation: adaptation = try string()
        case .hearingTuning:
            let path = try string()
            do { (hearingTuning, listenTuningFile) = try Self.readHearingTuning(path) } catch {
                throw bad("a hearing tuning file: \(error)")
            }
            hearingTuningSource = source
        case .rnnoise:
            guard case .boolean(let flag) = value else { throw bad("true or false") }
            if flag { denoiser = .rnnoise } else if denoiser == .rnnoise { denoiser = .webrtc }
        case .denoiser:
            guard let chosen = Denoiser(rawValue: try string()) else {
                throw bad(Denoiser.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or "))
            }
            denoiser = chosen
        case .mode:
            guard let chosen = DaemonMode(rawValue: try string()) else {
                throw bad(DaemonMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or "))
            }
            mode = chosen
        case .listenOutput: listenOutput = try string()
        }
    }

    /// Sets the key named `key`, one of ``Key`` or of hearing's numbers; an unknown key is an
    /// error naming it.
    public mutating func set(named key: String, _ value: ConfigurationValue, source: String) throws(ConfigurationError) {
        if let number = HearingTuning.configurable(key: key) {
            try set(number, value, source: source)
        } else if let key = Key(rawValue: key) {
            try set(key, value, source: source)
        } else {
            throw .unknownKey(key: key, source: source)
        }
    }

    /// Sets one of hearing's numbers by its config key or flag, checked against its
    /// declaration (a whole number where one is needed, in its range).
    public mutating func set(_ number: HearingTuning.Number, _ value: ConfigurationValue, source: String) throws(ConfigurationError) {
        let given: Double? = switch value {
        case .integer(let whole): Double(whole)
        case .float(let real) where !number.isWhole: real
        default: nil
        }
        guard let key = number.configKey, let given, number.accepts(given) else {
            throw .badValue(key: number.configKey ?? number.path, source: source, value: value.description, expected: number.expected)
        }
        hearingKeys[key] = given
    }

    /// Every key of the config file.
    public static var knownKeys: [String] {
        Key.allCases.map(\.rawValue) + HearingTuning.configurable.compactMap(\.configKey)
    }

    /// The recogniser's settings of these keys (the rest are the recogniser's defaults).
    public var recognitionSettings: RecognitionSettings {
        var settings = RecognitionSettings()
        settings.commandSearch = commandSearch
        settings.tuning = hearing
        settings.adaptation = adaptation
        settings.minimumConfidence = minimumConfidence
        settings.denoiser = denoiser
        return settings
    }

    /// The numbers of hearing: the `hearing_tuning` file laid over the shipped tuning, and
    /// the keys of hearing over both.
    public var hearing: HearingTuning {
        var tuning = hearingTuning ?? .shipped
        for number in HearingTuning.configurable {
            if let key = number.configKey, let value = hearingKeys[key] { number.set(value, in: &tuning) }
        }
        return tuning
    }

    /// The key of `listen`'s part of a `hearing_tuning` file.
    public static let listenTuningKey = "freeSpeech"

    /// A `hearing_tuning` file: the numbers of hearing (the file but its `listen` part laid
    /// over the shipped tuning, ``HearingTuning/load(_:)``), and `listen`'s part
    /// (``listenTuningKey``), nil when the file has none.
    public static func readHearingTuning(_ path: String) throws -> (HearingTuning, TuningFile?) {
        let file = try TuningFile(contentsOf: path, kind: "a hearing tuning")
        return (try HearingTuning.load(file.removing(listenTuningKey)), file.part(listenTuningKey))
    }

    /// The endpointer's settings of these keys.
    public var endpointer: Endpointer.Configuration { hearing.endpointing }

    /// The speech settings of the daemon's voice.
    /// espeak-ng's settings: the configured voice, or for a Piper voice the espeak-ng voice
    /// that stands in for it.
    public var speech: SpeechConfiguration {
        SpeechConfiguration(voice: VoiceChoice(voice).espeakVoice, rateFactor: rate, pitch: pitch)
    }
}

/// What `bible-course run` does: `course`, the spoken course; `listen`, no course but
/// every utterance transcribed with the passages it names or quotes, one JSON line each on
/// stdout (``ScriptureListenerRuntime``). A lesson never runs while it listens.
public enum DaemonMode: String, CaseIterable, Sendable {
    case course
    case listen
}
