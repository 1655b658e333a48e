import ArgumentParser
import Assistant
import Audio
import Course
import Foundation
import Listening
import Logging

/// `bible-course run`: the daemon.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the daemon: listen on the microphone and deliver the course by voice.",
        discussion: """
            Reads /etc/bible-course/config.toml when it exists (or --config FILE); every key \
            also has a flag. Under systemd (Type=notify) it reports READY=1 once the model \
            is loaded and the microphone open, pings the watchdog from the audio loop and \
            reports STOPPING=1 on SIGTERM. SIGTERM or SIGINT: stop listening, cut the \
            current sentence, save the session, exit 0. Logs go to stderr, one line per \
            event, with nothing a person said at info level. With mode = "listen" no course \
            runs: every utterance is printed on stdout as a JSON line with the passages it \
            names or quotes, as `bible-course listen --json` prints them.
            """
    )

    @Option(help: ArgumentHelp("Hear this WAV file, looped at real-time pace, instead of the capture device (benchmarks).", visibility: .hidden))
    var captureFile: String?

    @Flag(help: ArgumentHelp("Play nothing, but speak in real time as a loudspeaker would, instead of the playback device (benchmarks).", visibility: .hidden))
    var pacedPlayback = false

    @OptionGroup var options: DaemonOptions
    @OptionGroup var paths: PathOptions

    mutating func run() throws {
        let configuration = try options.resolve(&paths, defaultFile: DaemonConfiguration.systemPath)
        bootstrapLogging(configuration.logLevel)
        let logger = Logger(label: "bible-course")
        let notifier = SystemdNotifier()
        notifier.status("loading the recognition model")
        if configuration.mode == .listen {
            return try listen(configuration, notifier: notifier, logger: logger)
        }
        let environment = try openEnvironment(configuration, paths: paths.dataPaths, independentUtterances: false,
                                              logger: logger)
        let clock = MonotonicSessionClock()
        let playback: any AudioSink & Sendable
        if pacedPlayback {
            playback = PacedAudioSink()
        } else {
            let device = ALSAPlayback(device: configuration.playbackDevice)
            do {
                try device.open(sampleRate: environment.synthesizer.sampleRate)
            } catch {
                logger.error("playback device \(configuration.playbackDevice): \(error); will retry at each sentence")
            }
            playback = device
        }
        let runtime = environment.runtime(sink: playback, clock: clock, logger: Logger(label: "bible-course.session"))
        let (source, captureDevice) = try captureSource(configuration)
        let daemon = Daemon(runtime: runtime, capture: CaptureThread(source: source, clock: clock),
                            captureDevice: captureDevice, sink: playback, notifier: notifier,
                            logger: logger)
        let playbackName = pacedPlayback ? "paced (nothing played)" : configuration.playbackDevice
        logger.notice("course \(environment.courseID), voice \(configuration.voice) at \(configuration.rate)x, capture \(configuration.captureDevice), playback \(playbackName)")
        if let problem = configuration.denoiser.unavailable {
            logger.warning("denoiser \(configuration.denoiser.rawValue): \(problem); WebRTC's suppressor cleans noisy utterances instead")
        }
        // A natural voice renders the course's fixed speech while the daemon listens.
        let stopFlag = runtime.stopFlag
        // Renders through the narrator only (its own locks); the rest of the environment is
        // the loop's.
        nonisolated(unsafe) let parts = environment
        let renderer = Thread { parts.renderAhead(shouldStop: { stopFlag.isRaised }, logger: logger) }
        renderer.qualityOfService = .background
        renderer.start()
        let status = daemon.run()
        if status != 0 { throw ExitCode(status) }
    }

    /// The microphone, or `--capture-file` looped at real-time pace; and its name for logs.
    private func captureSource(_ configuration: DaemonConfiguration) throws -> (any AudioSource, String) {
        guard let captureFile else {
            let captureLogger = Logger(label: "bible-course.capture")
            return (CaptureLoop(device: configuration.captureDevice) { line in captureLogger.warning("\(line)") },
                    configuration.captureDevice)
        }
        do {
            return (PacedAudioSource(file: try WAVReader(URL(fileURLWithPath: captureFile))), "file \(captureFile)")
        } catch {
            throw CommandFailure("--capture-file: \(error)")
        }
    }

    /// `mode = "listen"`: no course, no speech; the passages heard, as JSON lines on stdout.
    private func listen(_ configuration: DaemonConfiguration, notifier: SystemdNotifier, logger: Logger) throws {
        let listening: ListenTuning
        do { listening = try configuration.listenTuning() } catch { throw CommandFailure(error.description) }
        let environment = try ListenCommand.environment(paths, tuning: configuration.hearing, listening: listening)
        let (source, captureDevice) = try captureSource(configuration)
        let destination: ListenReport.Destination
        var file: ListenOutputFile?
        if let output = configuration.listenOutput {
            let path = output.hasPrefix("/") ? output : paths.stateDirectoryURL.appendingPathComponent(output).path
            do { file = try ListenOutputFile(path: path) } catch { throw CommandFailure(error.description) }
            destination = .file(path)
        } else {
            destination = ListenReport.standardOutput()
        }
        let report = ListenReport(destination: destination, logLevel: configuration.logLevel)
        switch destination {
        case .file(let path): logger.notice("listen mode: capture \(configuration.captureDevice); passages found go to \(path); no course runs")
        case .journal: logger.notice("listen mode: capture \(configuration.captureDevice); passages found go to the journal as references (no words: set listen_output for them); no course runs")
        case .standardOutput: logger.notice("listen mode: capture \(configuration.captureDevice); passages found go to stdout; no course runs")
        }
        let status = environment.run(source: source, captureDevice: captureDevice, notifier: notifier, logger: logger) { heard in
            guard let line = report.line(heard) else { return }
            if let file {
                do { try file.append(line) } catch { logger.error("\(error)") }
            } else {
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
        }
        if status != 0 { throw ExitCode(status) }
    }
}
