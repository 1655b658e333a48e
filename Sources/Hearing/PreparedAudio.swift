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
