/// Why PocketSphinx could not be set up or could not decode. Messages name the file or
/// search involved; the C library's own log goes to the file given at start-up.
public enum DecoderError: Error, Hashable, Sendable, CustomStringConvertible {
    case missingFile(what: String, path: String)
    case configuration(String)
    case initialisation(String)
    case search(name: String, reason: String)
    case decoding(String)

    public var description: String {
        switch self {
        case .missingFile(let what, let path): return "\(what) \(path) not found"
        case .configuration(let reason): return "PocketSphinx configuration refused: \(reason)"
        case .initialisation(let reason): return "PocketSphinx did not start: \(reason)"
        case .search(let name, let reason): return "search `\(name)`: \(reason)"
        case .decoding(let reason): return "decoding failed: \(reason)"
        }
    }
}
