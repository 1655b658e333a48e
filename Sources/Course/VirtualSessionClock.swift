import Foundation

/// Time that moves only when told: by the audio heard and spoken, or to a deadline.
public final class VirtualSessionClock: SessionClock {
    public private(set) var now: Duration = .zero

    public init() {}

    public func pass(_ interval: Duration) {
        if interval > .zero { now += interval }
    }
}
