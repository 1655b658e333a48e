
/// One started timer. The token tells a current timer from a stale one: the machine acts
/// on ``SessionEvent/timerFired(_:)`` only for the timer it started last and has not
/// cancelled, so a late firing can never advance a later state.
public struct SessionTimer: Sendable, Hashable {
    public let kind: TimerKind
    public let token: Int

    public init(kind: TimerKind, token: Int) {
        self.kind = kind
        self.token = token
    }
}
