import Decoding
import Intents

/// What ``HearingPolicy`` asks for next about one utterance.
public enum HearingStep: Sendable {
    /// Make this version of the audio ready (``UtteranceFacts/prepared``).
    case prepare(AudioVersion)
    /// Decode the prepared audio with these searches, at the same time where they are on
    /// decoders of their own (``UtteranceFacts/decodes``).
    case decode([HearingSearch])
    /// Nothing more to decode: this is what the utterance meant.
    case conclude(HeardVerdict)
}
