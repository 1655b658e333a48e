import Decoding
import Intents

/// What an utterance meant: the intent (accepted, or rejected with its reason), how sure
/// hearing is, and which hypothesis stands for what was said.
public struct HeardVerdict: Hashable, Sendable {
    public let intent: Intent
    /// 0...1.
    public let confidence: Double
    /// The hypothesis that stands for what was said.
    public let heard: Hypothesis
    /// The first hypothesis, when a second decode took its place: what the command language
    /// model heard when the command decision took the grammar's sentence for it, or what
    /// the answer grammar rejected when the command language model heard a question to the
    /// course in it.
    public let rechecked: Hypothesis?
    /// The command decision's two decodes (nil outside it).
    public let decodes: CommandDecodes?
    /// The free phone loop's view of the hypothesis (nil when not verified).
    public let verification: PhoneLoopVerification?

    public init(intent: Intent, confidence: Double, heard: Hypothesis, rechecked: Hypothesis? = nil,
                decodes: CommandDecodes? = nil, verification: PhoneLoopVerification? = nil) {
        self.intent = intent
        self.confidence = confidence
        self.heard = heard
        self.rechecked = rechecked
        self.decodes = decodes
        self.verification = verification
    }
}
