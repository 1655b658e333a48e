import Foundation

/// The stand-in loudspeaker of `run --paced-playback`: plays nothing, but each sound takes
/// as long as a loudspeaker would take to play it, so a benchmark's daemon speaks in real
/// time as it would in a room (ALSA's "null" device takes a whole lesson at once, and the
/// daemon then synthesises it all while it should be listening). The playing-side twin of
/// ``PacedAudioSource``.
///
/// Like a device, it holds ``bufferSeconds`` ahead of what plays: ``queue(_:sampleRate:)``
/// returns once what it was given fits in that, so the daemon hears the room between
/// pieces as it does with a loudspeaker.
///
/// Thread-safe: ``stop()`` may be called from any thread and ends a waiting
/// ``play(_:sampleRate:)`` or ``queue(_:sampleRate:)`` at once.
public final class PacedAudioSink: AudioSink, @unchecked Sendable {
    /// What a device holds ahead of what it plays (``ALSAPlayback``'s latency).
    public let bufferSeconds: Double
    private let condition = NSCondition()
    /// When what has been handed over will have been played; nil when nothing is queued.
    private var playsUntil: ContinuousClock.Instant?
    /// Counts calls of ``stop()``: a wait ends when it changes.
    private var stops = 0

    public init(bufferSeconds: Double = 0.1) {
        self.bufferSeconds = bufferSeconds
    }

    public func play(_ samples: [Int16], sampleRate: Int) throws(AudioError) {
        condition.lock()
        defer { condition.unlock() }
        let until = enqueue(samples, sampleRate: sampleRate)
        if wait(until: until) { playsUntil = nil }
    }

    public func queue(_ samples: [Int16], sampleRate: Int) throws(AudioError) {
        condition.lock()
        defer { condition.unlock() }
        let until = enqueue(samples, sampleRate: sampleRate)
        _ = wait(until: until - .seconds(bufferSeconds))
    }

    public func stop() {
        condition.lock()
        stops += 1
        playsUntil = nil
        condition.broadcast()
        condition.unlock()
    }

    public func close() {
        stop()
    }

    /// Waits until `instant`, or a ``stop()``; false when stopped. Under the lock.
    private func wait(until instant: ContinuousClock.Instant) -> Bool {
        let stopsAtStart = stops
        while stops == stopsAtStart, ContinuousClock.now < instant {
            let left = ContinuousClock.now.duration(to: instant)
            _ = condition.wait(until: Date(timeIntervalSinceNow: max(0.001, left.seconds)))
        }
        return stops == stopsAtStart
    }

    /// Adds `samples` after what is queued; when they will have been played. Under the lock.
    private func enqueue(_ samples: [Int16], sampleRate: Int) -> ContinuousClock.Instant {
        let now = ContinuousClock.now
        let start = playsUntil.map { max($0, now) } ?? now
        let until = start + .seconds(Double(samples.count) / Double(max(1, sampleRate)))
        playsUntil = until
        return until
    }
}
