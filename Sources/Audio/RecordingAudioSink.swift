import Foundation

/// The stand-in for absent hardware on the playing side: an ``AudioSink`` that plays
/// nothing and records what it was given, for tests, `demo` and `simulate` (which write
/// the daemon's voice into the session WAV), and can be told to fail like a loudspeaker
/// that was unplugged.
///
/// Thread-safe: every member may be called from any thread (one lock).
public final class RecordingAudioSink: AudioSink, @unchecked Sendable {
    /// One call of ``play(_:sampleRate:)`` or ``queue(_:sampleRate:)``.
    public struct Played: Hashable, Sendable {
        public let samples: [Int16]
        /// Hz.
        public let sampleRate: Int
        /// True for `play` (it returns once heard), false for `queue` (a piece with more to
        /// follow straight after it).
        public let waitedUntilHeard: Bool
        /// How long it lasts, in seconds.
        public var seconds: Double { Double(samples.count) / Double(max(1, sampleRate)) }
    }

    private let lock = NSLock()
    private var playedItems: [Played] = []
    private var stopCalls = 0
    private var closed = false
    private var failure: (afterPlays: Int, error: AudioError)?
    private let onPlay: (@Sendable (Played) -> Void)?

    /// - Parameter onPlay: called (outside the lock) after each recorded play, for
    ///   example to call ``stop()`` from "another thread" in a test or to log.
    public init(onPlay: (@Sendable (Played) -> Void)? = nil) {
        self.onPlay = onPlay
    }

    /// Makes every ``play(_:sampleRate:)`` after the first `afterPlays` successful ones
    /// throw `error` (by default a lost device named "recording").
    public func failPlays(after afterPlays: Int = 0,
                          with error: AudioError = .deviceLost(name: "recording", reason: "told to fail")) {
        lock.lock(); failure = (afterPlays, error); lock.unlock()
    }

    /// Plays succeed again.
    public func stopFailing() {
        lock.lock(); failure = nil; lock.unlock()
    }

    public func play(_ samples: [Int16], sampleRate: Int) throws(AudioError) {
        try record(samples, sampleRate: sampleRate, waitedUntilHeard: true)
    }

    public func queue(_ samples: [Int16], sampleRate: Int) throws(AudioError) {
        try record(samples, sampleRate: sampleRate, waitedUntilHeard: false)
    }

    private func record(_ samples: [Int16], sampleRate: Int, waitedUntilHeard: Bool) throws(AudioError) {
        lock.lock()
        if let failure, playedItems.count >= failure.afterPlays {
            lock.unlock()
            throw failure.error
        }
        if closed {
            lock.unlock()
            throw .device(name: "recording", reason: "play after close")
        }
        let item = Played(samples: samples, sampleRate: sampleRate, waitedUntilHeard: waitedUntilHeard)
        playedItems.append(item)
        lock.unlock()
        onPlay?(item)
    }

    public func stop() {
        lock.lock(); stopCalls += 1; lock.unlock()
    }

    public func close() {
        lock.lock(); closed = true; lock.unlock()
    }

    /// Everything played, in order.
    public var played: [Played] {
        lock.lock(); defer { lock.unlock() }
        return playedItems
    }

    /// How many times ``stop()`` was called.
    public var stopCount: Int {
        lock.lock(); defer { lock.unlock() }
        return stopCalls
    }

    /// Whether ``close()`` was called.
    public var isClosed: Bool {
        lock.lock(); defer { lock.unlock() }
        return closed
    }

    /// Everything played, joined, resampled to `sampleRate` (default 16 kHz).
    public func joinedSamples(sampleRate: Int = AudioFormat.sampleRate) -> [Int16] {
        played.flatMap { Resampler.resample($0.samples, from: $0.sampleRate, to: sampleRate) }
    }
}
