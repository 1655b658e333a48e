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
