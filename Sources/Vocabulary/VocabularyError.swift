import Phonetics
/// Why a vocabulary could not be read or compiled. Each message names the file, rule or
/// word to fix.
public enum VocabularyError: Error, Hashable, Sendable, CustomStringConvertible {
    case missingFile(what: String, path: String)
    case unreadable(path: String, reason: String)
    case badDefinition(path: String, reason: String)
    case pronunciation(PronunciationError)
    case unknownRule(grammar: String, rule: String)
    case badGrammar(file: String, reason: String)
    case unknownClass(template: String, name: String)
    case noPronunciation(word: String)
    case cannotWrite(path: String, reason: String)
    /// A tool the build runs (IRSTLM's estimator, sphinx_lm_convert) failed.
    case toolFailed(tool: String, reason: String)

    public var description: String {
        switch self {
        case .missingFile(let what, let path): return "\(what) \(path) not found"
        case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
        case .badDefinition(let path, let reason): return "vocabulary \(path): \(reason)"
        case .pronunciation(let error): return error.description
        case .unknownRule(let grammar, let rule):
            return "grammar \(grammar): no rule \(rule) in it or in the vocabulary"
        case .badGrammar(let file, let reason): return "grammar \(file): \(reason)"
        case .unknownClass(let template, let name):
            return "template \"\(template)\": no word class <\(name)>"
        case .noPronunciation(let word):
            return "no pronunciation for \"\(word)\": not authored, not in cmudict, and espeak-ng gave none"
        case .cannotWrite(let path, let reason): return "\(path): cannot write: \(reason)"
        case .toolFailed(let tool, let reason): return "\(tool) failed: \(reason)"
        }
    }
}
