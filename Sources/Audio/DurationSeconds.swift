extension Duration {
    /// The duration in seconds, as a `Double` (audio lengths, pauses, event times).
    public var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    /// A duration of `seconds`, to the nanosecond.
    public static func seconds(double seconds: Double) -> Duration {
        .nanoseconds(Int64((seconds * 1e9).rounded()))
    }
}
