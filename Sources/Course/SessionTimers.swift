/// The session's running timers and their deadlines, on whatever clock a runner keeps.
///
/// Fed every effect of the machine (it keeps ``SessionEffect/startTimer(_:after:)`` and
/// ``SessionEffect/cancelTimer(_:)`` and ignores the rest) with the time it is carried
/// out; hands back the timers that are due. ``SessionDriver`` keeps the session's timers
/// here.
public struct SessionTimers: Sendable {
    private var pending: [(timer: SessionTimer, deadline: Duration)] = []

    public init() {}

    /// The timers started and neither fired nor cancelled, soonest first.
    public var pendingTimers: [SessionTimer] { pending.map(\.timer) }

    /// When the next timer runs out, if any is pending.
    public var nextDeadline: Duration? { pending.first?.deadline }

    /// Starts or cancels a timer when `effect` says so; `now` is when it is carried out.
    public mutating func apply(_ effect: SessionEffect, now: Duration) {
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

    /// Removes and returns the earliest timer due at `now`.
    public mutating func takeDue(at now: Duration) -> SessionTimer? {
        guard let first = pending.first, first.deadline <= now else { return nil }
        pending.removeFirst()
        return first.timer
    }
}
