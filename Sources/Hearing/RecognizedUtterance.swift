import Decoding
import Intents
import Vocabulary

/// The result of recognising one utterance: what it meant (``HeardVerdict``), what it
/// cost and how noisy it was.
public struct RecognizedUtterance: Sendable {
    public let hypothesis: Hypothesis
    public let intent: Intent
    /// 0...1: how sure the recogniser is that the intent is what was said.
    public let confidence: Double
    /// Processor time spent decoding the utterance.
    public let decodeMilliseconds: Double
    /// Processor time between the end of the trailing silence and the intent (what delays
    /// the reply): the decode when it is made then, or what a decode made during the
    /// silence still needed when the silence ended.
    public let finishMilliseconds: Double
    public let audioMilliseconds: Double
    /// The utterance's signal-to-noise ratio as heard, dB.
    public var signalToNoise: Double? = nil
    /// Whether the noise was taken out of the audio decoded.
    public var noiseSuppressed = false
    /// The free phone loop's view of the hypothesis (nil when not verified).
    public var verification: PhoneLoopVerification? = nil
    /// The first hypothesis, when a second decode took its place (``HeardVerdict/rechecked``).
    public var rechecked: Hypothesis? = nil
    /// The command decision's two decodes (nil outside it): what `recognize --features`
    /// prints for fitting the decision.
    public var decodes: CommandDecodes? = nil

    /// The words heard, the garbage path's left out: what the session takes a rejected
    /// utterance's words for.
    public var words: String {
        hypothesis.words.filter { !GarbageModel.isGarbage($0) }.joined(separator: " ")
    }

    /// What the session is asked to do with the utterance: the one routing of what was
    /// heard, for the daemon, `simulate` and `recognize` alike. `cutAtMaximum`: the
    /// endpointer cut it rather than silence ending it (``HeardInput/init(_:words:cutAtMaximum:)``).
    public func input(cutAtMaximum: Bool) -> HeardInput {
        HeardInput(intent, words: words, cutAtMaximum: cutAtMaximum)
    }
}
