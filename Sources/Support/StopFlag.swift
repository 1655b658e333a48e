import Foundation

/// A shutdown request that any thread may raise (a signal handler) and the runtime's
/// thread checks between sentences and chunks of audio.
public final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    public init() {}

    /// Asks everything that checks the flag to stop.
    public func raise() {
        lock.lock(); raised = true; lock.unlock()
    }

    /// Whether ``raise()`` was called.
    public var isRaised: Bool {
        lock.lock(); defer { lock.unlock() }
        return raised
    }
}
