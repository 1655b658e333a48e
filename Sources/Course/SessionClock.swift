import Foundation

/// The time a session runs on (``SessionDriver``).
///
/// Live, it is the monotonic clock (``MonotonicSessionClock``): audio arrives and speech
/// plays in real time, and ``pass(_:)`` does nothing. In `simulate`, `demo`, `session` and
/// tests it is ``VirtualSessionClock``: time moves only when audio was heard or spoken (or
/// the text session jumps to a timer's deadline), so a whole lesson runs as fast as the
/// processor allows and its timings are the same every run. Used from one thread.
public protocol SessionClock: AnyObject {
    /// Time since the session started.
    var now: Duration { get }
    /// `interval` of audio was heard or played. Virtual clocks move; real ones do not.
    func pass(_ interval: Duration)
}

/// Time that moves only when told: by the audio heard and spoken, or to a deadline.
public final class VirtualSessionClock: SessionClock {
    public private(set) var now: Duration = .zero

    public init() {}

    public func pass(_ interval: Duration) {
        if interval > .zero { now += interval }
    }
}

/// The system's monotonic clock, from when the session clock was made.
public final class MonotonicSessionClock: SessionClock, Sendable {
    private let start = ContinuousClock.now

    public init() {}

    public var now: Duration { ContinuousClock.now - start }

    public func pass(_ interval: Duration) {}
}
