import Audio
import Foundation
import Logging

/// `bible-course run`: the live loop around a ``LiveRuntime`` (the course, or listening),
/// with the microphone on
/// its own thread (``CaptureThread``), systemd's notify protocol and a graceful shutdown.
///
/// - `READY=1` once the microphone delivered audio (the model is loaded before the daemon
///   is made), or after ``readyTimeout`` if it did not (the daemon keeps retrying the
///   device, and says so in STATUS, rather than failing its start).
/// - `WATCHDOG=1` from the loop on every turn and between spoken sentences: a stuck loop
///   stops the pings and systemd restarts the service.
/// - Hearing while it speaks: the course's runtime drains the capture thread's queue
///   after every tenth of a second it plays (``SessionRuntime/microphoneWhileSpeaking``).
/// - Memory: the pages only start-up needed are given back at READY and again once
///   listening has settled (``StartupMemory``).
/// - SIGTERM/SIGINT: stop listening, cut the current sentence, save the session state,
///   `STOPPING=1`, and return 0.
public final class Daemon {
    public let runtime: any LiveRuntime
    public let readyTimeout: Duration
    private let capture: CaptureThread
    private let sink: (any AudioSink & Sendable)?
    private let notifier: SystemdNotifier
    private let logger: Logger
    private let captureDevice: String

    public init(runtime: any LiveRuntime, capture: CaptureThread, captureDevice: String, sink: (any AudioSink & Sendable)?,
                notifier: SystemdNotifier, logger: Logger, readyTimeout: Duration = .seconds(5)) {
        self.runtime = runtime
        self.capture = capture
        self.captureDevice = captureDevice
        self.sink = sink
        self.notifier = notifier
        self.logger = logger
        self.readyTimeout = readyTimeout
    }

    /// Runs until SIGTERM or SIGINT; returns the exit status (0).
    public func run() -> Int32 {
        let stopFlag = runtime.stopFlag
        let capture = self.capture
        let sink = self.sink
        let logger = self.logger
        let signals = ShutdownSignals { name in
            logger.notice("\(name): stopping")
            stopFlag.raise()
            sink?.stop()
            capture.stop()
        }
        let notifier = self.notifier
        runtime.heartbeat = { notifier.watchdog() }
        if let session = runtime as? SessionRuntime, session.hearsWhileSpeaking {
            // While it speaks the loop is inside the speech: the runtime reads the microphone.
            session.microphoneWhileSpeaking = { _ in capture.drain() }
        }
        capture.start()
        let started = ContinuousClock.now
        var ready = false
        // When the start-up pages are released a second time, once listening has settled.
        var settleAt: ContinuousClock.Instant?
        func releaseStartupPages() {
            let released = StartupMemory.release()
            logger.debug("start-up pages released: \(released / 1024) kB of read-only file mappings advised out")
        }
        func announceReadyIfDue() {
            guard !ready else { return }
            if capture.hasHeardAudio {
                ready = true
                notifier.ready(status: "listening on \(captureDevice)")
                logger.notice("ready: listening on \(captureDevice)")
                releaseStartupPages()
                settleAt = ContinuousClock.now + StartupMemory.settleTime
            } else if ContinuousClock.now - started >= readyTimeout {
                ready = true
                notifier.ready(status: "waiting for capture device \(captureDevice)")
                logger.warning("ready, but capture device \(captureDevice) has delivered no audio yet; retrying it")
            }
        }
        // Wait briefly for the microphone so READY means "listening", then resume the session.
        while !stopFlag.isRaised, !ready {
            announceReadyIfDue()
            if !ready { Thread.sleep(forTimeInterval: 0.02) }
        }
        if !stopFlag.isRaised { runtime.start() }
        var losses = CaptureLosses(capture: capture)
        while !stopFlag.isRaised {
            if let chunk = capture.next(timeout: .milliseconds(100)) {
                runtime.hear(chunk.samples, capturedAt: chunk.capturedAt)
            } else {
                runtime.tick()
            }
            notifier.watchdog()
            if let news = losses.news() { logger.log(level: news.level, "\(news.line)") }
            if let due = settleAt, ContinuousClock.now >= due {
                settleAt = nil
                releaseStartupPages()
            }
        }
        notifier.stopping()
        let finished = runtime.finish()
        capture.join()
        sink?.close()
        logger.notice("stopped; \(finished); \(losses.total)")
        withExtendedLifetime(signals) {}
        return 0
    }
}
