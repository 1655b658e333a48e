import Intents
import Decoding

/// What has happened to one closed utterance so far: what the session expects, how noisy
/// it was, which audio was made ready and what each search heard in it. The input of
/// ``HearingPolicy/next(_:)``.
public struct UtteranceFacts: Sendable {
    /// What the session expects to hear.
    public let expected: ExpectedSpeech
    /// The utterance's signal-to-noise ratio as heard, dB.
    public let signalToNoise: Double
    /// Whether the stream cleaner, when one runs, cleaned this utterance: false when it gave
    /// way to a processor falling behind (``QuietRoomCleaner/isGivingWay``).
    public let streamCleaned: Bool
    /// The audio made ready for decoding; nil until it is.
    public var prepared: PreparedAudio?
    /// What each search heard in the prepared audio.
    public var decodes: [HearingSearch: Hypothesis]

    public init(expected: ExpectedSpeech, signalToNoise: Double, streamCleaned: Bool = true,
                prepared: PreparedAudio? = nil, decodes: [HearingSearch: Hypothesis] = [:]) {
        self.expected = expected
        self.signalToNoise = signalToNoise
        self.streamCleaned = streamCleaned
        self.prepared = prepared
        self.decodes = decodes
    }
}
