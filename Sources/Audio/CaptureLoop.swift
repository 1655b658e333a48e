import Foundation

/// The microphone that never gives up: reads 16 kHz mono samples from a named capture
/// device and survives everything the device does.
///
/// - Overruns and suspends are recovered (by ``ALSACapture``) and counted in
///   ``overruns``; frames keep coming.
/// - When the device is lost (a USB microphone unplugged) or fails, it is closed, one
///   line is logged ("capture device plughw:1,0 lost; retrying"), and it is reopened
///   with ``CaptureBackoff`` waits (0.5 s doubling to 10 s) until it opens again; then
///   one line says it is back. A device that cannot be opened at the start is handled
///   the same way. Device errors never escape: ``read(maxFrames:)`` returns `[]` while
///   the device is away, after one backoff wait, so the caller's loop (and its
///   watchdog) keeps turning.
/// - ``stop()`` ends ``run(chunkFrames:deliver:)`` and wakes a backoff wait at once.
///
/// Threads: ``read(maxFrames:)``, ``run(chunkFrames:deliver:)`` and ``close()`` from the
/// one capture thread; ``stop()`` and the counters from any thread. The state the two
/// share is behind a lock, hence `@unchecked Sendable`.
public final class CaptureLoop: AudioSource, @unchecked Sendable {
    /// Opens the named device; ``ALSACapture/init(device:latencyMicroseconds:)`` unless a
    /// test gives a fake.
    public typealias Opener = (String) throws(AudioError) -> ALSACapture

    public let deviceName: String
    private let open: Opener
    private let backoff: CaptureBackoff
    private let wait: ((Duration) -> Void)?
    private let log: (String) -> Void

    private var capture: ALSACapture?
    /// Reopening attempts since the device went away; nil while it is open.
    private var failedAttempts: Int?
    /// Whether the absence has been logged (so it is logged once, and "back" follows it).
    private var absenceLogged = false

    private let condition = NSCondition()
    private var stopped = false
    private var overrunsOfClosedCaptures = 0
    private var currentOverruns = 0
    private var reopenings = 0

    /// - Parameters:
    ///   - device: the ALSA name ("default", "plughw:1,0").
    ///   - open: how to open it (tests pass a fake).
    ///   - backoff: the waits between reopening attempts.
    ///   - wait: how to wait out a backoff delay; tests pass a recorder so they run at
    ///     once. By default a wait that ``stop()`` cuts short.
    ///   - log: receives one line per event (lost, back); never the audio.
    public init(
        device: String,
        open: @escaping Opener = { name throws(AudioError) in try ALSACapture(device: name) },
        backoff: CaptureBackoff = CaptureBackoff(),
        wait: ((Duration) -> Void)? = nil,
        log: @escaping (String) -> Void
    ) {
        self.deviceName = device
        self.open = open
        self.backoff = backoff
        self.wait = wait
        self.log = log
    }

    /// Overruns recovered since the loop was made, over every reopening.
    public var overruns: Int {
        condition.lock(); defer { condition.unlock() }
        return overrunsOfClosedCaptures + currentOverruns
    }

    /// Times the device came back after being lost or unavailable.
    public var reopenCount: Int {
        condition.lock(); defer { condition.unlock() }
        return reopenings
    }

    /// Whether ``stop()`` has been called.
    public var isStopped: Bool {
        condition.lock(); defer { condition.unlock() }
        return stopped
    }

    /// Whether the device is open now.
    public var isDeviceOpen: Bool { capture != nil }

    /// Up to `maxFrames` samples; `[]` when stopped, after a recovered hiccup, or while
    /// the device is away (each such call makes one reopening attempt, after its wait).
    public func read(maxFrames: Int) -> [Int16] {
        if isStopped { return [] }
        guard let capture = openedCapture() else { return [] }
        do {
            let frames = try capture.read(maxFrames: maxFrames)
            noteOverruns(of: capture)
            return frames
        } catch {
            noteOverruns(of: capture)
            lose(capture, because: error)
            return []
        }
    }

    /// Reads chunks of `chunkFrames` (``AudioFormat/captureChunkMilliseconds`` by default) and hands each non-empty one to
    /// `deliver`, until ``stop()``. Returns when stopped; never throws.
    public func run(chunkFrames: Int = AudioFormat.samples(milliseconds: AudioFormat.captureChunkMilliseconds), deliver: ([Int16]) -> Void) {
        while !isStopped {
            let frames = read(maxFrames: chunkFrames)
            if !frames.isEmpty { deliver(frames) }
        }
    }

    /// Asks the loop to end; wakes a backoff wait. Any thread.
    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    public func close() {
        stop()
        if let capture { retire(capture) }
    }

    // MARK: - Losing and finding the device

    private func openedCapture() -> ALSACapture? {
        if let capture { return capture }
        if let attempts = failedAttempts {
            pause(backoff.delay(attempt: attempts))
            if isStopped { return nil }
        }
        do {
            let opened = try open(deviceName)
            capture = opened
            if failedAttempts != nil {
                condition.lock(); reopenings += 1; condition.unlock()
            }
            if absenceLogged { log("capture device \(deviceName) is back") }
            failedAttempts = nil
            absenceLogged = false
            return opened
        } catch {
            if !absenceLogged {
                log("capture device \(deviceName) unavailable (\(error)); retrying")
                absenceLogged = true
            }
            failedAttempts = (failedAttempts ?? -1) + 1
            return nil
        }
    }

    private func lose(_ lost: ALSACapture, because error: AudioError) {
        retire(lost)
        if !absenceLogged {
            if case .deviceLost = error {
                log("capture device \(deviceName) lost; retrying")
            } else {
                log("capture device \(deviceName) failed (\(error)); reopening")
            }
            absenceLogged = true
        }
        failedAttempts = 0
    }

    private func retire(_ old: ALSACapture) {
        noteOverruns(of: old)
        old.close()
        condition.lock()
        overrunsOfClosedCaptures += currentOverruns
        currentOverruns = 0
        condition.unlock()
        capture = nil
    }

    private func noteOverruns(of capture: ALSACapture) {
        condition.lock()
        currentOverruns = capture.overruns
        condition.unlock()
    }

    private func pause(_ delay: Duration) {
        if let wait {
            wait(delay)
            return
        }
        let deadline = Date(timeIntervalSinceNow: delay.seconds)
        condition.lock()
        while !stopped, condition.wait(until: deadline) {}
        condition.unlock()
    }
}
