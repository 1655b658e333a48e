import Foundation

/// One JSON object on one line, its keys in the order they were added, each value encoded
/// through `Encodable` (`nil` as `null`). The line outputs (`simulate`'s events,
/// `recognize --json`, `reference --json`, `listen`) are formats people read and tools
/// parse; `JSONEncoder` alone cannot promise a key order.
public struct JSONLine: Sendable {
    private var fields: [String] = []

    public init() {}

    /// Adds `key` with `value` (any `Encodable`: strings, numbers, arrays, nested
    /// structs); `nil` is written as `null`.
    public mutating func add<Value: Encodable>(_ key: String, _ value: Value?) {
        let text = if let value { Self.encoded(value) } else { "null" }
        fields.append("\(Self.quoted(key)): \(text)")
    }

    /// Adds a number rounded to `decimals` places (latencies, confidences).
    public mutating func add(_ key: String, _ value: Double?, decimals: Int) {
        let scale = pow(10, Double(decimals))
        let rounded: Double? = value.flatMap { $0.isFinite ? ($0 * scale).rounded() / scale : nil }
        add(key, rounded)
    }

    /// Adds an object built the same way (nested in this line).
    public mutating func add(_ key: String, object: JSONLine?) {
        fields.append("\(Self.quoted(key)): \(object?.text ?? "null")")
    }

    /// Adds an array of objects built the same way.
    public mutating func add(_ key: String, objects: [JSONLine]) {
        fields.append("\(Self.quoted(key)): [\(objects.map(\.text).joined(separator: ", "))]")
    }

    /// The line, without a newline.
    public var text: String { "{" + fields.joined(separator: ", ") + "}" }

    /// A JSON string literal.
    public static func quoted(_ value: String) -> String { encoded(value) }

    private static func encoded<Value: Encodable>(_ value: Value) -> String {
        if let number = value as? Double { return number.isFinite ? integral(number) ?? "\(number)" : "null" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain values and structs of them cannot fail; a value that throws
        // (a non-finite number deep inside) is written as null rather than crash a report.
        guard let data = try? encoder.encode(value) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Whole numbers without a fraction (`12`, not `12.0`), as the line formats always were.
    private static func integral(_ number: Double) -> String? {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : nil
    }
}
