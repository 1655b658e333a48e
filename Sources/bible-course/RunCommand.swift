import ArgumentParser
import Assistant
import Audio
import Course
import Foundation
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
            event, with nothing a person said at info level.
            """
    )

    @Option(help: ArgumentHelp("Hear this WAV file, looped at real-time pace, instead of the capture device (benchmarks).", visibility: .hidden))
    var captureFile: String?

    @OptionGroup var options: DaemonOptions
    @OptionGroup var paths: PathOptions

    mutating func run() throws {
        let configuration = try options.resolve(&paths, defaultFile: DaemonConfiguration.systemPath)
        bootstrapLogging(configuration.logLevel)
        let logger = Logger(label: "bible-course")
        let notifier = SystemdNotifier()
        notifier.status("loading the recognition model")
        let environment = try openEnvironment(configuration, paths: paths.dataPaths, independentUtterances: false,
                                              logger: logger)
        let clock = MonotonicSessionClock()
        let playback = ALSAPlayback(device: configuration.playbackDevice)
        do {
            try playback.open(sampleRate: environment.synthesizer.sampleRate)
        } catch {
            logger.error("playback device \(configuration.playbackDevice): \(error); will retry at each sentence")
        }
        let runtime = environment.runtime(sink: playback, clock: clock, logger: Logger(label: "bible-course.session"))
        let captureLogger = Logger(label: "bible-course.capture")
        let source: any AudioSource
        var captureDevice = configuration.captureDevice
        if let captureFile {
            do { source = PacedAudioSource(samples: try WAVFile.read(URL(fileURLWithPath: captureFile))) } catch {
                throw CommandFailure("--capture-file: \(error)")
            }
            captureDevice = "file \(captureFile)"
        } else {
            source = CaptureLoop(device: configuration.captureDevice) { line in captureLogger.warning("\(line)") }
        }
        let daemon = Daemon(runtime: runtime, capture: CaptureThread(source: source, clock: clock),
                            captureDevice: captureDevice, sink: playback, notifier: notifier,
                            logger: logger)
        logger.notice("course \(environment.courseID), voice \(configuration.voice) at \(configuration.rate)x, capture \(configuration.captureDevice), playback \(configuration.playbackDevice)")
        let status = daemon.run()
        if status != 0 { throw ExitCode(status) }
    }
}
