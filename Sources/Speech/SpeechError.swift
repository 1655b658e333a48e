/// Why speech could not be synthesised or played. Messages name the voice or device.
public enum SpeechError: Error, Hashable, Sendable, CustomStringConvertible {
    /// libespeak-ng could not be initialised (no data directory, library missing).
    case engineUnavailable(reason: String)
    /// The configured voice does not exist in espeak-ng's data.
    case unknownVoice(name: String)
    /// espeak-ng failed while synthesising.
    case synthesisFailed(reason: String)
    /// The audio sink refused the samples.
    case playbackFailed(String)

    public var description: String {
        switch self {
        case .engineUnavailable(let reason): return "espeak-ng is unavailable: \(reason)"
        case .unknownVoice(let name): return "espeak-ng has no voice \"\(name)\" (espeak-ng --voices lists them)"
        case .synthesisFailed(let reason): return "espeak-ng could not synthesise: \(reason)"
        case .playbackFailed(let reason): return "could not play speech: \(reason)"
        }
    }
}
