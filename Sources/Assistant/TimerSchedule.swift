import Course

/// The session's running timers with their deadlines on a ``SessionClock``.
///
/// Fed every effect of the machine (it keeps ``SessionEffect/startTimer(_:after:)`` and
/// ``SessionEffect/cancelTimer(_:)``); the runtime asks it for the timers that are due.
/// A timer starts when its effect is carried out, which is after everything spoken
/// before it, as the machine asks.
struct TimerSchedule {
    private(set) var pending: [(timer: SessionTimer, deadline: Duration)] = []

    mutating func apply(_ effect: SessionEffect, now: Duration) {
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

    /// The next deadline, if any timer runs.
    var nextDeadline: Duration? { pending.first?.deadline }

    /// Removes and returns the earliest timer due at `now`.
    mutating func takeDue(at now: Duration) -> SessionTimer? {
        guard let first = pending.first, first.deadline <= now else { return nil }
        pending.removeFirst()
        return first.timer
    }
}
