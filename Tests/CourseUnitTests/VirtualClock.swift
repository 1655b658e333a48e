import Course

/// Session timers on virtual time for the machine tests' harness: time moves only when a
/// test says so.
///
/// Feed it every effect the machine returns (it keeps ``SessionEffect/startTimer(_:after:)``
/// and ``SessionEffect/cancelTimer(_:)`` and ignores the rest); move time forward with
/// ``advance(by:)`` or jump to the next deadline with ``fireNext()``, and hand the timers
/// that ran out back to the machine as ``SessionEvent/timerFired(_:)``. Nothing waits in
/// real time.
public struct VirtualClock: Sendable {
    /// Time since the clock was made.
    public private(set) var now: Duration = .zero
    private var timers = SessionTimers()

    public init() {}

    /// The timers started and neither fired nor cancelled, soonest first.
    public var pendingTimers: [SessionTimer] { timers.pendingTimers }

    /// When the next timer runs out, if any is pending.
    public var nextDeadline: Duration? { timers.nextDeadline }

    /// Starts or cancels a timer when `effect` says so.
    public mutating func apply(_ effect: SessionEffect) {
        timers.apply(effect, now: now)
    }

    /// Moves time forward by `interval` and returns the timers that ran out, in order.
    public mutating func advance(by interval: Duration) -> [SessionTimer] {
        now += interval
        var due: [SessionTimer] = []
        while let timer = timers.takeDue(at: now) { due.append(timer) }
        return due
    }

    /// Jumps to the next deadline and returns that timer; nil when none is pending.
    public mutating func fireNext() -> SessionTimer? {
        guard let deadline = timers.nextDeadline else { return nil }
        now = max(now, deadline)
        return timers.takeDue(at: now)
    }
}
