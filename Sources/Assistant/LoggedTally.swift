/// Something that happens again and again (hearing falling behind), told in the log at its
/// first time and then at most once a minute, with how many times since the last line: a
/// slow machine says so without filling the journal.
struct LoggedTally {
    /// How many times it has happened.
    private(set) var total = 0
    private var told = 0
    private var toldAt: ContinuousClock.Instant?
    /// The least time between two lines.
    static let interval: Duration = .seconds(60)

    /// It happened once more at `now`: how many times to tell of (since the last line) when
    /// a line is due, else nil.
    mutating func count(at now: ContinuousClock.Instant) -> Int? {
        reached(total + 1, at: now)
    }

    /// It has happened `total` times by `now` (counted elsewhere): as ``count(at:)``.
    mutating func reached(_ total: Int, at now: ContinuousClock.Instant) -> Int? {
        self.total = total
        guard total > told else { return nil }
        if let toldAt, now - toldAt < Self.interval { return nil }
        defer { told = total; toldAt = now }
        return total - told
    }
}
