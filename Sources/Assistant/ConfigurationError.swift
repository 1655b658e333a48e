/// Why the daemon's configuration cannot be used. Every message names the file and line,
/// or the key (and the flag that set it), so a person can fix it.
public enum ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The config file named with `--config` does not exist or cannot be read.
    case unreadable(path: String, reason: String)
    /// A line is not `key = value` of the supported subset of TOML.
    case syntax(path: String, line: Int, reason: String)
    /// A key the daemon does not know (a typo, or a setting of another version).
    case unknownKey(key: String, source: String)
    /// A key given twice in one file.
    case duplicateKey(key: String, source: String)
    /// A value of the wrong type or out of range; `expected` says what is allowed.
    case badValue(key: String, source: String, value: String, expected: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "config file \(path): \(reason)"
        case .syntax(let path, let line, let reason):
            return "config file \(path), line \(line): \(reason)"
        case .unknownKey(let key, let source):
            return "\(source): unknown key `\(key)` (known keys: \(DaemonConfiguration.knownKeys.joined(separator: ", ")))"
        case .duplicateKey(let key, let source):
            return "\(source): key `\(key)` is given twice"
        case .badValue(let key, let source, let value, let expected):
            return "\(source): bad value for `\(key)`: \(value) (expected \(expected))"
        }
    }
}
