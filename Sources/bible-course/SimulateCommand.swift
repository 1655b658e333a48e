import ArgumentParser
import Assistant
import Audio
import Course
import Foundation
import Logging
import Rehearsal

/// `bible-course simulate --utterances a.wav,b.wav,...`: replays a session from recordings.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run the daemon on recorded utterances instead of a microphone; print each event as JSON.",
        discussion: """
            Each WAV file is one utterance (16-bit PCM; other rates and channel counts are \
            converted). Progress is kept in a temporary state directory, removed at the \
            end, unless --state-dir names one (the compiled model is the usual one). They \
            are heard one at a time, each when the daemon next listens (with --at, each at \
            its time, whatever the daemon is doing: what is said while the daemon speaks is \
            heard over its voice, as live, or lost with --hear-while-speaking false), \
            with half a second of silence before and after, through the daemon's own \
            pipeline (endpointer, recogniser, session machine, speech into a recording \
            sink). Time is virtual: silence and speech take no real time. After the last \
            utterance, silence is heard until no timer is pending. One JSON object per line \
            on stdout: {"event": "state"|"heard"|"intent"|"said"|"timer"|"notice"|"error", \
            "time": seconds, ...}.
            """
    )

    @Option(help: ArgumentHelp("WAV files, separated by commas.", valueName: "a.wav,b.wav"))
    var utterances: String

    @Option(help: ArgumentHelp("When each utterance starts, in seconds after the start, one per utterance, separated by commas (e.g. 0,20).", valueName: "s,s"))
    var at: String?

    @Option(help: ArgumentHelp("Pass the daemon's own voice back into the microphone through a simulated room (a soft-clipping loudspeaker, 30 ms away, 0.4 s reverberation, clocks 100 ppm apart), this many dB above the person's voice (e.g. 0, 10, 20).", valueName: "dB"))
    var echo: Double?

    @Option(help: ArgumentHelp("With --echo: how far the simulated microphone's clock runs from the loudspeaker's (parts per million; 0: one clock).", valueName: "ppm"))
    var echoDriftPpm: Double = 100

    @Option(help: ArgumentHelp("A room's noise (a WAV file, as recorded), looped under everything the microphone hears from the start, e.g. a television through the whole session.", valueName: "noise.wav"))
    var roomNoise: String?

    @Option(help: "Also write everything heard and said to this WAV file.")
    var output: String?

    @OptionGroup var options: DaemonOptions
    @OptionGroup var paths: PathOptions

    mutating func run() throws {
        let configuration = try options.resolve(&paths, defaultFile: nil)
        if configuration.mode == .listen {
            throw CommandFailure("simulate runs the course; mode \"listen\" is for `run` (or use `bible-course listen FILE.wav`)")
        }
        bootstrapLogging(options.logLevel == nil ? .warning : configuration.logLevel)
        let logger = Logger(label: "bible-course")
        if let echo, !(echo.isFinite && (-40...40).contains(echo)) {
            throw CommandFailure("--echo: \(echo) dB is not a level from -40 to 40 dB above the person's voice")
        }
        guard echoDriftPpm.isFinite, (0...1_000).contains(echoDriftPpm) else {
            throw CommandFailure("--echo-drift-ppm: \(echoDriftPpm) is not a number of parts per million from 0 to 1000")
        }
        let files = utterances.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
        let times = try at.map { try Self.times($0, count: files.count) }
        let padding = [Int16](repeating: 0, count: AudioFormat.samples(milliseconds: 500))
        let audio: [[Int16]] = try files.map { file in
            do { return padding + (try WAVFile.read(URL(fileURLWithPath: file))) + padding } catch {
                throw CommandFailure("\(error)")
            }
        }
        var bed: [Int16] = []
        if let roomNoise {
            do { bed = try WAVFile.read(URL(fileURLWithPath: roomNoise)) } catch {
                throw CommandFailure("--room-noise: \(error)")
            }
            guard !bed.isEmpty else { throw CommandFailure("--room-noise: \(roomNoise) holds no samples") }
        }
        let scratch = try ScratchState(paths, command: "simulate")
        defer { scratch.remove() }
        let environment = try openEnvironment(configuration, paths: scratch.paths, independentUtterances: true,
                                              logger: logger)
        let runtime = environment.runtime(sink: RecordingAudioSink(), clock: VirtualSessionClock(),
                                          logger: Logger(label: "bible-course.session"))
        let tape = output.map { _ in SessionTape() }
        if let tape { runtime.onAudio = { samples, rate, _ in tape.append(samples, sampleRate: rate) } }
        runtime.onEvent = { event in
            FileHandle.standardOutput.write(Data((event.jsonLine + "\n").utf8))
        }
        let conversation = ScriptedConversation(runtime: runtime, room: echo.map { RoomEcho(level: $0, driftPartsPerMillion: echoDriftPpm) },
                                                roomNoise: bed)
        runtime.start()
        for (index, (file, samples)) in zip(files, audio).enumerated() {
            if let times {
                conversation.say(samples, at: .seconds(double: times[index]))
            } else if conversation.say(samples) == nil {
                warn("\(file): the session is not listening (state \(runtime.state.rawValue)); stopping")
                break
            }
        }
        conversation.finish()
        if let output, let tape {
            do { try tape.write(to: URL(fileURLWithPath: output)) } catch { throw CommandFailure(error.description) }
        }
    }

    /// `--at`'s seconds: one finite, non-negative number per utterance, in order.
    static func times(_ text: String, count: Int) throws -> [Double] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == count else {
            throw CommandFailure("--at has \(parts.count) times for \(count) utterances; give one per utterance")
        }
        var times: [Double] = []
        for part in parts {
            guard let seconds = Double(part), seconds.isFinite, (0...86_400).contains(seconds) else {
                throw CommandFailure("--at: \"\(part)\" is not a number of seconds from 0 to 86400 (a day)")
            }
            guard seconds >= (times.last ?? 0) else {
                throw CommandFailure("--at: \(part) comes before \(times.last!); give the times in order")
            }
            times.append(seconds)
        }
        return times
    }
}
