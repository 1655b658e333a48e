/// How long ``CaptureLoop`` waits before each attempt to reopen a lost microphone:
/// `initial`, doubling each time, never more than `maximum` (0.5 s, 1, 2, 4, 8, 10, 10 ...).
public struct CaptureBackoff: Hashable, Sendable {
    public var initial: Duration
    public var maximum: Duration

    public init(initial: Duration = .milliseconds(500), maximum: Duration = .seconds(10)) {
        self.initial = initial
        self.maximum = max(initial, maximum)
    }

    /// The wait before reopening attempt `attempt` (0 for the first after a loss).
    public func delay(attempt: Int) -> Duration {
        var delay = initial
        for _ in 0..<max(0, attempt) {
            delay = delay * 2
            if delay >= maximum { return maximum }
        }
        return min(delay, maximum)
    }
}
