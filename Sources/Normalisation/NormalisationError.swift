/// Why the transcript normaliser's files could not be read. Each message names the file
/// (and line) to fix.
public enum NormalisationError: Error, Hashable, Sendable, CustomStringConvertible {
    case missingFile(what: String, path: String)
    case unreadable(path: String, reason: String)
    case badCorrection(path: String, line: Int, reason: String)

    public var description: String {
        switch self {
        case .missingFile(let what, let path): return "\(what) \(path) not found"
        case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
        case .badCorrection(let path, let line, let reason): return "corrections \(path) line \(line): \(reason)"
        }
    }
}
