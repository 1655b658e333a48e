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

/// The audio made ready for decoding: which version it is (WebRTC's suppressor may fail,
/// and the audio is then as heard) and its signal-to-noise ratio, dB.
public struct PreparedAudio: Hashable, Sendable {
    public let version: AudioVersion
    public let signalToNoise: Double

    public init(version: AudioVersion, signalToNoise: Double) {
        self.version = version
        self.signalToNoise = signalToNoise
    }
}
