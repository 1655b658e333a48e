import Foundation
import Testing
@testable import Assistant
import Hearing

@Suite("Daemon configuration: the TOML subset, keys, values, flags")
struct ConfigurationTests {
    private func configuration(_ text: String) throws -> DaemonConfiguration {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString).toml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        var configuration = DaemonConfiguration()
        try configuration.apply(file: file.path)
        return configuration
    }

    @Test func readsEveryKindOfValue() throws {
        let configuration = try configuration("""
            # the daemon's settings
            capture_device = "plughw:1,0"   # USB microphone
            playback_device = 'default'
            voice = "en-gb+f3"
            rate = 0.95
            pitch = 40
            trailing_silence_ms = 700
            garbage_weight = 1e-2
            command_search = "grammar"
            echo_tail_ms = 400
            standard_recognition = false
            log_level = "debug"
            state_dir = "/var/lib/bible-course"
            mode = "listen"
            """)
        #expect(configuration.captureDevice == "plughw:1,0")
        #expect(configuration.playbackDevice == "default")
        #expect(configuration.voice == "en-gb+f3")
        #expect(configuration.rate == 0.95)
        #expect(configuration.pitch == 40)
        #expect(configuration.endpointer.trailingSilenceMilliseconds == 700)
        #expect(configuration.recognitionSettings.tuning.decoding.garbageWeight == 0.01)
        #expect(configuration.commandSearch == .grammar)
        #expect(configuration.hearing.noise.echoTailMilliseconds == 400)
        #expect(configuration.logLevel == .debug)
        #expect(configuration.stateDirectory == "/var/lib/bible-course")
        #expect(configuration.mode == .listen)
        #expect(DaemonConfiguration().mode == .course)
    }

    @Test("a config saved with CRLF line ends or a byte-order mark is read as saved with LF",
          arguments: ["\r\n", "\u{FEFF}"])
    func windowsLineEndsAndTheByteOrderMark(form: String) throws {
        let lines = ["# the daemon's settings", "voice = \"en-gb+f3\"", "rate = 0.8", "log_level = \"debug\""]
        let text = form == "\r\n" ? lines.joined(separator: "\r\n") + "\r\n" : form + lines.joined(separator: "\n") + "\n"
        let configuration = try configuration(text)
        #expect(configuration == (try self.configuration(lines.joined(separator: "\n") + "\n")))
        #expect(configuration.voice == "en-gb+f3")
        #expect(configuration.logLevel == .debug)
    }

    @Test("a config that is a folder, missing or not UTF-8 is named with what is wrong with it")
    func unreadableConfigs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = folder.appendingPathComponent("config.toml")
        try Data([0x76, 0x3D, 0xFF, 0xFE]).write(to: binary)
        for (path, reason) in [(folder.path, "a folder, not a file"), (folder.path + "/none.toml", "no such file"),
                               (binary.path, "cannot be read as UTF-8 text")] {
            var configuration = DaemonConfiguration()
            #expect { try configuration.apply(file: path) } throws: { "\($0)".contains(path) && "\($0)".contains(reason) }
        }
    }

    @Test("a relative path in a config file is the config file's folder's, not the working directory's")
    func relativePathsAreTheConfigFilesFolders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("etc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("config.toml")
        try "state_dir = \"state\"\nbible = \"../data/Bible.db\"\ncurriculum = \"/srv/curriculum\"\nlisten_output = \"heard.jsonl\"\n"
            .write(to: file, atomically: true, encoding: .utf8)
        var configuration = DaemonConfiguration()
        try configuration.apply(file: file.path)
        #expect(configuration.stateDirectory == folder.appendingPathComponent("state").standardizedFileURL.path)
        #expect(configuration.bible == folder.deletingLastPathComponent().appendingPathComponent("data/Bible.db").standardizedFileURL.path)
        #expect(configuration.curriculum == "/srv/curriculum")
        // Relative to the state directory, as documented.
        #expect(configuration.listenOutput == "heard.jsonl")
    }

    @Test func anIntegerIsAcceptedWhereANumberIs() throws {
        #expect(try configuration("rate = 1").rate == 1.0)
    }

    @Test func unknownKeysAreErrorsNamingTheKeyAndLine() throws {
        #expect {
            try configuration("voice = \"en-us\"\ncapture_devise = \"hw:1\"")
        } throws: { error in
            "\(error)".contains("unknown key `capture_devise`") && "\(error)".contains("line 2")
        }
    }

    @Test(arguments: [
        ("rate = 5.0", "rate"),
        ("rate = \"fast\"", "rate"),
        ("pitch = 101", "pitch"),
        ("trailing_silence_ms = 0.5", "trailing_silence_ms"),
        ("garbage_weight = 1", "garbage_weight"),
        ("command_search = \"loose\"", "command_search"),
        ("minimum_confidence = 1.5", "minimum_confidence"),
        ("suppress_noise_below_db = -3", "suppress_noise_below_db"),
        ("voice = \"\"", "voice"),
        ("standard_recognition = \"yes\"", "standard_recognition"),
        ("log_level = \"loud\"", "log_level"),
        ("capture_device = 3", "capture_device"),
        ("mode = \"lecture\"", "mode"),
    ])
    func badValuesAreErrorsNamingTheKey(line: String, key: String) throws {
        #expect {
            try configuration(line)
        } throws: { error in
            guard case ConfigurationError.badValue(let named, _, _, _) = error else { return false }
            return named == key
        }
    }

    @Test(arguments: ["[audio]", "voice = en-us", "voice = \"en-us", "voice", "rate = [1, 2]", "a.b = 1"])
    func syntaxOutsideTheSubsetIsRefusedWithTheLine(line: String) throws {
        #expect {
            try configuration("# comment\n" + line)
        } throws: { error in
            guard case ConfigurationError.syntax(_, let number, _) = error else { return false }
            return number == 2
        }
    }

    @Test func aKeyGivenTwiceIsAnError() throws {
        #expect(throws: ConfigurationError.self) { try configuration("pitch = 40\npitch = 50") }
    }

    @Test func flagsUseTheSameChecksAndNameTheFlag() throws {
        var configuration = DaemonConfiguration()
        try configuration.set(.rate, .float(0.8), source: DaemonConfiguration.Key.rate.flag)
        #expect(configuration.rate == 0.8)
        #expect {
            try configuration.set(HearingTuning.echoTail, .integer(9000), source: HearingTuning.echoTail.flag ?? "")
        } throws: { error in
            "\(error)".contains("--echo-tail-ms") && "\(error)".contains("echo_tail_ms")
        }
    }

    @Test func aGarbageWeightOfZeroIsThePlainGrammar() throws {
        let configuration = try configuration("garbage_weight = 0")
        #expect(configuration.recognitionSettings.tuning.decoding.garbageWeight == 0)
        #expect(throws: ConfigurationError.self) { try self.configuration("garbage_weight = 1") }
    }

    @Test func rnnoiseTakesTheNoiseOutWhenTurnedOn() throws {
        #expect(DaemonConfiguration().recognitionSettings.denoiser == .deepfilter)
        #expect(try configuration("rnnoise = true").recognitionSettings.denoiser == .rnnoise)
        // Off, RNNoise leaves the shipped denoiser in place.
        #expect(try configuration("rnnoise = false").recognitionSettings.denoiser == .deepfilter)
        #expect { try configuration("rnnoise = \"no\"") } throws: { "\($0)".contains("rnnoise") }
    }

    @Test func theDenoiserIsChosenByName() throws {
        for denoiser in Denoiser.allCases {
            #expect(try configuration("denoiser = \"\(denoiser.rawValue)\"").recognitionSettings.denoiser == denoiser)
        }
        // The older key: `rnnoise = false` turns RNNoise off and leaves another denoiser.
        #expect(try configuration("denoiser = \"deepfilter\"\nrnnoise = false").denoiser == .deepfilter)
        #expect(try configuration("denoiser = \"rnnoise\"\nrnnoise = false").denoiser == .webrtc)
        #expect(try configuration("rnnoise = true\ndenoiser = \"deepfilter\"").denoiser == .deepfilter)
        #expect { try configuration("denoiser = \"dfn3\"") } throws: {
            "\($0)".contains("denoiser") && "\($0)".contains("dfn3") && "\($0)".contains("\"deepfilter\"")
        }
        #expect { try configuration("denoiser = true") } throws: { "\($0)".contains("denoiser") }
    }

    @Test func theShippedDefaultConfigParses() throws {
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var configuration = DaemonConfiguration()
        try configuration.apply(file: checkout.appendingPathComponent("systemd/config.toml").path)
        #expect(configuration.voice == "en-us")
        #expect(configuration.commandSearch == .languageModel)
    }

    @Test func aHearingTuningFileReplacesTheShippedNumbers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tuning-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func file(_ name: String, _ json: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try json.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let good = try file("good.json", #"{"commandConfidence": {"bias": 1, "weights": {"closestRunDistance": -1, "distance": -2}, "threshold": 0.9}}"#)
        let tuned = try configuration("hearing_tuning = \"\(good)\"").recognitionSettings.tuning.commandConfidence
        var weights = HearingTuning.shipped.commandConfidence.weights
        weights.closestRunDistance = -1
        weights.distance = -2
        #expect(tuned.threshold == 0.9 && tuned.bias == 1 && tuned.weights == weights)
        #expect(DaemonConfiguration().recognitionSettings.tuning.commandConfidence == HearingTuning.shipped.commandConfidence)

        // A file may hold part of the tuning: the rest stays shipped; the keys of hearing
        // override the file.
        let part = try file("part.json", #"{"commandConfidence": {"threshold": 0.5}, "endpointing": {"trailingSilenceMilliseconds": 650}}"#)
        let partly = try configuration("hearing_tuning = \"\(part)\"")
        #expect(partly.hearing.commandConfidence.threshold == 0.5)
        #expect(partly.hearing.commandConfidence.weights == HearingTuning.shipped.commandConfidence.weights)
        #expect(partly.endpointer.trailingSilenceMilliseconds == 650)
        #expect(partly.listenTuningFile == nil)
        let keyWins = try configuration("hearing_tuning = \"\(part)\"\ntrailing_silence_ms = 700")
        #expect(keyWins.endpointer.trailingSilenceMilliseconds == 700)

        let short = try file("short.json", #"{"commandConfidence": {"bias": 1, "weights": [0, 0], "threshold": 0.5}}"#)
        let unknownWeight = try file("unknown.json", #"{"conversation": {"refusalConfidence": {"weights": {"loudness": 1}}}}"#)
        let misspelt = try file("misspelt.json", #"{"commandConfidence": {"treshold": 0.5}}"#)
        let loose = try file("loose.json", #"{"conversation": {"refusalConfidence": {"threshold": 2}}}"#)
        let wrongType = try file("type.json", #"{"noise": {"echoTailMilliseconds": "long"}}"#)
        for (path, says) in [(short, "commandConfidence.weights"), (misspelt, "no setting commandConfidence.treshold"),
                             (unknownWeight, "no setting conversation.refusalConfidence.weights.loudness"),
                             (loose, "conversation.refusalConfidence.threshold"),
                             (wrongType, "noise.echoTailMilliseconds"),
                             (folder.appendingPathComponent("none.json").path, "cannot be read")] {
            #expect {
                try self.configuration("hearing_tuning = \"\(path)\"")
            } throws: { error in
                "\(error)".contains("hearing_tuning") && "\(error)".contains(path) && "\(error)".contains(says)
            }
        }
    }

    /// Each number a person may set has one range: the config key, its flag and a tuning
    /// file refuse the same values, and the error says the range the declaration gives.
    @Test("a number of hearing is checked against one declaration by its key, its flag and a tuning file", arguments: HearingTuning.configurable.map(\.path))
    func oneRangePerNumber(_ path: String) throws {
        let number = try #require(HearingTuning.configurable.first { $0.path == path })
        let key = try #require(number.configKey), flag = try #require(number.flag)
        let top = number.range.upperBound, beyond = number.isWhole ? number.range.upperBound + 1 : number.range.upperBound + 0.5
        func literal(_ value: Double) -> String { number.isWhole ? String(Int(value)) : String(value) }
        #expect(try configuration("\(key) = \(literal(top))").hearing == { var t = HearingTuning.shipped; number.set(top, in: &t); return t }())
        #expect {
            try self.configuration("\(key) = \(literal(beyond))")
        } throws: { error in
            "\(error)".contains(key) && "\(error)".contains(number.expected)
        }
        var configuration = DaemonConfiguration()
        #expect {
            try configuration.set(number, number.isWhole ? .integer(Int(beyond)) : .float(beyond), source: flag)
        } throws: { error in
            "\(error)".contains(flag) && "\(error)".contains(number.expected)
        }
        var tuning = HearingTuning.shipped
        number.set(beyond, in: &tuning)
        #expect(tuning.problem?.hasPrefix("\(path) is ") == true, "\(tuning.problem ?? "no problem")")
    }
}
