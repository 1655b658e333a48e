import Audio
import Course
import Foundation

/// Reads the microphone on a thread of its own, so it keeps listening (and the device
/// never overruns) while the runtime's thread is busy speaking; each chunk is stamped with
/// the session-clock time it arrived, so the runtime can discard what was captured while
/// it spoke (half-duplex).
///
/// At most ``maximumQueued`` of audio is kept: older chunks are dropped (they would be
/// gated anyway), and counted (``droppedSamples``). The capture source is used only by the
/// capture thread; ``next(timeout:)`` from the runtime's thread; ``stop()`` and the
/// counters from any thread.
public final class CaptureThread: @unchecked Sendable {
    /// One chunk and when it arrived.
    public struct Chunk: Sendable {
        public let samples: [Int16]
        /// When its last sample was heard, on the session clock.
        public let capturedAt: Duration

        public init(samples: [Int16], capturedAt: Duration) {
            self.samples = samples
            self.capturedAt = capturedAt
        }
    }

    public let maximumQueued: Duration
    private let source: any AudioSource
    private let clock: MonotonicSessionClock
    private let condition = NSCondition()
    private var queue: [Chunk] = []
    private var queuedSamples = 0
    private var stopped = false
    private var finished = false
    private var thread: Thread?
    /// Whether the device has delivered audio at least once.
    private var heardOnce = false
    private var dropped = 0

    /// - Parameter source: the microphone (a ``CaptureLoop``), or a stand-in that blocks
    ///   like one (``PacedAudioSource``).
    public init(source: any AudioSource, clock: MonotonicSessionClock, maximumQueued: Duration = .seconds(5)) {
        self.source = source
        self.clock = clock
        self.maximumQueued = maximumQueued
    }

    /// Starts the capture thread.
    public func start() {
        let thread = Thread { [self] in
            let chunk = AudioFormat.samples(milliseconds: 100)
            while !isStopped {
                let samples = (try? source.read(maxFrames: chunk)) ?? []
                if samples.isEmpty {
                    if !(source is CaptureLoop) { Thread.sleep(forTimeInterval: 0.01) }
                } else {
                    push(samples)
                }
            }
            condition.lock(); finished = true; condition.broadcast(); condition.unlock()
        }
        thread.name = "capture"
        self.thread = thread
        thread.start()
    }

    /// Audio captured and dropped unheard because the runtime fell more than
    /// ``maximumQueued`` behind, in samples.
    public var droppedSamples: Int {
        condition.lock(); defer { condition.unlock() }
        return dropped
    }

    /// Times the microphone lost audio before the capture thread read it (``AudioSource/overruns``).
    public var overruns: Int { source.overruns }

    /// Whether the microphone delivered audio yet (the daemon reports READY then).
    public var hasHeardAudio: Bool {
        condition.lock(); defer { condition.unlock() }
        return heardOnce
    }

    /// The next chunk, waiting up to `timeout`; nil when none came (or stopped).
    public func next(timeout: Duration) -> Chunk? {
        let deadline = Date(timeIntervalSinceNow: timeout.seconds)
        condition.lock(); defer { condition.unlock() }
        while queue.isEmpty, !stopped {
            if !condition.wait(until: deadline) { break }
        }
        guard !queue.isEmpty else { return nil }
        let chunk = queue.removeFirst()
        queuedSamples -= chunk.samples.count
        return chunk
    }

    /// Every chunk queued now, without waiting (the daemon hearing while it speaks).
    public func drain() -> [Chunk] {
        condition.lock(); defer { condition.unlock() }
        let chunks = queue
        queue = []
        queuedSamples = 0
        return chunks
    }

    /// Stops capturing and wakes a waiting ``next(timeout:)``. Any thread.
    public func stop() {
        (source as? CaptureLoop)?.stop()
        condition.lock(); stopped = true; condition.broadcast(); condition.unlock()
    }

    /// Waits (up to `timeout`) for the capture thread to end after ``stop()``, then closes
    /// the device.
    public func join(timeout: Duration = .seconds(2)) {
        let deadline = Date(timeIntervalSinceNow: timeout.seconds)
        condition.lock()
        while !finished, condition.wait(until: deadline) {}
        let done = finished
        condition.unlock()
        if done { source.close() }
    }

    private var isStopped: Bool {
        condition.lock(); defer { condition.unlock() }
        return stopped
    }

    private func push(_ samples: [Int16]) {
        let chunk = Chunk(samples: samples, capturedAt: clock.now)
        let limit = Int(maximumQueued.seconds * Double(AudioFormat.sampleRate))
        condition.lock()
        heardOnce = true
        queue.append(chunk)
        queuedSamples += samples.count
        while queuedSamples > limit, queue.count > 1 {
            let gone = queue.removeFirst().samples.count
            queuedSamples -= gone
            dropped += gone
        }
        condition.signal()
        condition.unlock()
    }
}
