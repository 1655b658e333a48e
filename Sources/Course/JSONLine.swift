import Foundation

/// One JSON object on one line with keys in the order they were added (the event lines
/// of `simulate` are a format tools read; JSONSerialization cannot promise an order).
public struct JSONLine {
    private var fields: [String] = []

    public init() {}

    public mutating func add(_ key: String, _ value: String?) {
        fields.append("\(Self.quoted(key)): \(value.map(Self.quoted) ?? "null")")
    }

    public mutating func add(_ key: String, _ value: Double?) {
        guard let value else { fields.append("\(Self.quoted(key)): null"); return }
        let number = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        fields.append("\(Self.quoted(key)): \(number)")
    }

    public var text: String { "{" + fields.joined(separator: ", ") + "}" }

    /// A JSON string literal.
    public static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
