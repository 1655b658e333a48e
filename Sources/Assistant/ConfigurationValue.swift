import Support
import Course

/// A value of the config file: the scalar types of TOML the daemon's settings use.
public enum ConfigurationValue: Hashable, Sendable, CustomStringConvertible {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)

    public var description: String {
        switch self {
        case .string(let text): return JSONLine.quoted(text)
        case .integer(let value): return String(value)
        case .float(let value): return String(value)
        case .boolean(let value): return String(value)
        }
    }
}
