/// The daemon's voice as the config's `voice` key names it: an espeak-ng voice (`en-us`,
/// `en-us+f3`), or a Piper voice model (`piper:en_US-joe-medium`), which Piper renders in a
/// child process with espeak-ng standing by.
public enum VoiceChoice: Hashable, Sendable {
    case espeak(String)
    case piper(model: String)

    /// The prefix that names a Piper model.
    public static let piperPrefix = "piper:"

    public init(_ name: String) {
        if name.hasPrefix(Self.piperPrefix) {
            self = .piper(model: String(name.dropFirst(Self.piperPrefix.count)))
        } else {
            self = .espeak(name)
        }
    }

    /// The espeak-ng voice: the one named, or for Piper the default that stands in for it.
    public var espeakVoice: String {
        switch self {
        case .espeak(let name): name
        case .piper: SpeechConfiguration().voice
        }
    }

    /// Nil when usable, else what is wrong with the name.
    public var problem: String? {
        guard case .piper(let model) = self else { return nil }
        if model.isEmpty || model.contains(where: { $0.isWhitespace || $0 == "/" }) {
            return "voice \"piper:\(model)\" does not name a Piper model (like piper:en_US-joe-medium)"
        }
        return nil
    }
}
