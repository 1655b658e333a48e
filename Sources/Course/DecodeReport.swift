/// How the recogniser decoded an utterance (typed lines have none).
public struct DecodeReport: Sendable, Hashable {
    /// The recogniser's confidence, 0...1.
    public let confidence: Double
    /// How long the decode took.
    public let decodeMilliseconds: Double
    /// How long the utterance was.
    public let audioMilliseconds: Double
    /// How long after the audio that ended the utterance arrived from the microphone its
    /// intent was ready (wall clock: decoding, and any wait for the processor); nil where
    /// time is virtual (`simulate`) or nothing was captured (a typed line).
    public let lateMilliseconds: Double?

    public init(confidence: Double, decodeMilliseconds: Double, audioMilliseconds: Double, lateMilliseconds: Double? = nil) {
        self.confidence = confidence
        self.decodeMilliseconds = decodeMilliseconds
        self.audioMilliseconds = audioMilliseconds
        self.lateMilliseconds = lateMilliseconds
    }
}
