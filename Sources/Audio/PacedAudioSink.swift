import Foundation

/// The stand-in loudspeaker of `run --paced-playback`: plays nothing, but each sound takes
/// as long as a loudspeaker would take to play it, so a benchmark's daemon speaks in real
/// time as it would in a room (ALSA's "null" device takes a whole lesson at once, and the
/// daemon then synthesises it all while it should be listening). The playing-side twin of
/// ``PacedAudioSource``.
///
/// Thread-safe: ``stop()`` may be called from any thread and ends a waiting
/// ``play(_:sampleRate:)`` at once.
public final class PacedAudioSink: AudioSink, @unchecked Sendable {
    private let condition = NSCondition()
    /// When what has been handed over will have been played; nil when nothing is queued.
    private var playsUntil: ContinuousClock.Instant?
    /// Counts calls of ``stop()``: a wait ends when it changes.
    private var stops = 0

    public init() {}

    public func play(_ samples: [Int16], sampleRate: Int) throws(AudioError) {
        condition.lock()
        defer { condition.unlock() }
        let until = enqueue(samples, sampleRate: sampleRate)
        let stopsAtStart = stops
        while stops == stopsAtStart, ContinuousClock.now < until {
            let left = ContinuousClock.now.duration(to: until)
            _ = condition.wait(until: Date(timeIntervalSinceNow: max(0.001, left.seconds)))
        }
        if stops == stopsAtStart { playsUntil = nil }
    }

    public func queue(_ samples: [Int16], sampleRate: Int) throws(AudioError) {
        condition.lock()
        defer { condition.unlock() }
        _ = enqueue(samples, sampleRate: sampleRate)
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

    /// Adds `samples` after what is queued; when they will have been played. Under the lock.
    private func enqueue(_ samples: [Int16], sampleRate: Int) -> ContinuousClock.Instant {
        let now = ContinuousClock.now
        let start = playsUntil.map { max($0, now) } ?? now
        let until = start + .seconds(Double(samples.count) / Double(max(1, sampleRate)))
        playsUntil = until
        return until
    }
}
