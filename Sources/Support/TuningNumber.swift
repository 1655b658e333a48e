/// One number of a tuning, declared once: where it lies in the tuning (its path in a tuning
/// file), the range it must be in, and, for the few a person sets in the config file or on
/// the command line, its key, its flag and what it does. The tuning file's range check, the
/// config parser's, the flags' `--help` and the test of the README's table read this
/// declaration; nothing states a number's range or key a second time.
public struct TuningNumber<Tuning>: Sendable {
    /// Its path in a tuning file (`decoding.garbageWeight`).
    public let path: String
    /// The values it may take.
    public let range: ClosedRange<Double>
    /// True for a whole number (milliseconds, counts).
    public let isWhole: Bool
    /// Its unit in messages ("ms", "dB"; empty: none).
    public let unit: String
    /// Its config key (`garbage_weight`); nil for a number set only in a tuning file.
    public let configKey: String?
    /// What it does, for `--help` (config keys only).
    public let help: String
    private let read: @Sendable (Tuning) -> Double?
    private let write: @Sendable (inout Tuning, Double) -> Void

    /// A whole number at `keyPath`.
    public static func whole(_ path: String, _ keyPath: WritableKeyPath<Tuning, Int> & Sendable, _ range: ClosedRange<Int>,
                             unit: String = "", key: String? = nil, help: String = "") -> TuningNumber {
        TuningNumber(path: path, range: Double(range.lowerBound)...Double(range.upperBound), isWhole: true, unit: unit,
                     configKey: key, help: help, read: { Double($0[keyPath: keyPath]) },
                     write: { $0[keyPath: keyPath] = Int($1) })
    }

    /// A whole number at `keyPath` that may be absent (nil: the behaviour it tunes is off).
    public static func optionalWhole(_ path: String, _ keyPath: WritableKeyPath<Tuning, Int?> & Sendable, _ range: ClosedRange<Int>,
                                     unit: String = "") -> TuningNumber {
        TuningNumber(path: path, range: Double(range.lowerBound)...Double(range.upperBound), isWhole: true, unit: unit,
                     configKey: nil, help: "", read: { $0[keyPath: keyPath].map(Double.init) },
                     write: { $0[keyPath: keyPath] = Int($1) })
    }

    /// A number at `keyPath`.
    public static func real(_ path: String, _ keyPath: WritableKeyPath<Tuning, Double> & Sendable, _ range: ClosedRange<Double>,
                            unit: String = "", key: String? = nil, help: String = "") -> TuningNumber {
        TuningNumber(path: path, range: range, isWhole: false, unit: unit, configKey: key, help: help,
                     read: { $0[keyPath: keyPath] }, write: { $0[keyPath: keyPath] = $1 })
    }

    /// Its range as whole numbers (for a whole number).
    public var wholeRange: ClosedRange<Int> { Int(range.lowerBound)...Int(range.upperBound) }

    /// Its value in `tuning` (nil: absent).
    public func value(in tuning: Tuning) -> Double? { read(tuning) }

    /// `tuning` with this number set to `value` (in range: ``accepts(_:)``).
    public func set(_ value: Double, in tuning: inout Tuning) { write(&tuning, value) }

    /// True when `value` may be given to it: a whole number where one is needed, in range.
    public func accepts(_ value: Double) -> Bool {
        value.isFinite && range.contains(value) && (!isWhole || value.rounded() == value)
    }

    /// Its flag (`--garbage-weight`), for a number with a config key.
    public var flag: String? { configKey.map { "--" + $0.replacingOccurrences(of: "_", with: "-") } }

    /// What a value must be, for messages: "a whole number of ms from 100 to 5000".
    public var expected: String {
        let unit = unit.isEmpty ? "" : " of \(unit)"
        return "\(isWhole ? "a whole number" : "a number")\(unit) from \(Self.shown(range.lowerBound)) to \(Self.shown(range.upperBound))"
    }

    /// What is out of range of it in `tuning`, as a tuning file's problem (its path, its
    /// value and its range), or nil.
    public func problem(in tuning: Tuning) -> String? {
        guard let value = read(tuning), !range.contains(value) else { return nil }
        return "\(path) is \(Self.shown(value)); it must be from \(Self.shown(range.lowerBound)) to \(Self.shown(range.upperBound))"
    }

    private static func shown(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(format: "%g", number)
    }
}
