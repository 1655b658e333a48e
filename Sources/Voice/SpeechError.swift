import Audio

/// Why speech could not be synthesised or played. Messages name the voice, the text's
/// start or the device, so a person can act on them.
public enum SpeechError: Error, Hashable, Sendable, CustomStringConvertible {
    /// libespeak-ng could not be initialised (no espeak-ng-data, or no en-us voice).
    case engineUnavailable
    /// The configured voice does not exist in espeak-ng's data.
    case unknownVoice(name: String)
    /// A setting is out of range; `reason` says which and what is allowed.
    case invalidConfiguration(reason: String)
    /// espeak-ng refused to synthesise (its status code); `text` is the start of the input.
    case synthesisFailed(text: String, status: Int)
    /// The audio sink refused the samples (a loudspeaker unplugged, a device error).
    case playback(AudioError)

    public var description: String {
        switch self {
        case .engineUnavailable:
            return "espeak-ng is unavailable (is espeak-ng-data installed, with the en-us voice?)"
        case .unknownVoice(let name):
            return "espeak-ng has no voice \"\(name)\" (espeak-ng --voices=en lists them; variants are written en-us+f3)"
        case .invalidConfiguration(let reason):
            return "speech configuration: \(reason)"
        case .synthesisFailed(let text, let status):
            return "espeak-ng could not synthesise \"\(text)\" (status \(status))"
        case .playback(let error):
            return "could not play speech: \(error)"
        }
    }
}
