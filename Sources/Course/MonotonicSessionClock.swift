import Foundation

/// The system's monotonic clock, from when the session clock was made.
public final class MonotonicSessionClock: SessionClock, Sendable {
    private let start = ContinuousClock.now

    public init() {}

    public var now: Duration { ContinuousClock.now - start }

    public func pass(_ interval: Duration) {}
}
