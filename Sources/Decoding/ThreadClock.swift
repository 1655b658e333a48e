import Foundation

/// The calling thread's processor time: what a decode costs, whatever else the cores do
/// meanwhile. ``BackgroundDecoder`` times its decodes with it.
public enum ThreadClock {
    /// Processor time the calling thread has used, in milliseconds.
    public static func milliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }
}
