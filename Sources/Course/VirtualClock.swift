/// Session timers on virtual time: the clock the text-mode session and the tests use.
///
/// Feed it every effect the machine returns (it keeps ``SessionEffect/startTimer(_:after:)``
/// and ``SessionEffect/cancelTimer(_:)`` and ignores the rest); move time forward with
/// ``advance(by:)`` or jump to the next deadline with ``fireNext()``, and hand the timers
/// that ran out back to the machine as ``SessionEvent/timerFired(_:)``. Nothing waits in
/// real time.
public struct VirtualClock: Sendable {
    /// Time since the clock was made.
    public private(set) var now: Duration = .zero
    private var pending: [(timer: SessionTimer, deadline: Duration)] = []

    public init() {}

    /// The timers started and neither fired nor cancelled, soonest first.
    public var pendingTimers: [SessionTimer] { pending.map(\.timer) }

    /// When the next timer runs out, if any is pending.
    public var nextDeadline: Duration? { pending.first?.deadline }

    /// Starts or cancels a timer when `effect` says so.
    public mutating func apply(_ effect: SessionEffect) {
        switch effect {
        case .startTimer(let timer, let duration):
            pending.append((timer, now + duration))
            pending.sort { $0.deadline < $1.deadline }
        case .cancelTimer(let timer):
            pending.removeAll { $0.timer == timer }
        default:
            break
        }
    }

    /// Moves time forward by `interval` and returns the timers that ran out, in order.
    public mutating func advance(by interval: Duration) -> [SessionTimer] {
        now += interval
        let due = pending.filter { $0.deadline <= now }
        pending.removeAll { $0.deadline <= now }
        return due.map(\.timer)
    }

    /// Jumps to the next deadline and returns that timer; nil when none is pending.
    public mutating func fireNext() -> SessionTimer? {
        guard let next = pending.first else { return nil }
        now = max(now, next.deadline)
        pending.removeFirst()
        return next.timer
    }
}
