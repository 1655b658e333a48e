/// Which version of an utterance's audio is decoded.
public enum AudioVersion: Hashable, Sendable {
    /// As the microphone heard it.
    case asHeard
    /// As a stream cleaner (RNNoise, DeepFilterNet3) cleaned the whole stream before the
    /// endpointer (``Recognizer/cleansStream``).
    case streamCleaned
    /// As WebRTC's suppressor cleans the utterance after endpointing.
    case suppressed
}
