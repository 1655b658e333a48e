import Decoding
import Intents
import Vocabulary

/// The command decision's two decodes of one utterance (``CommandSearch/languageModel``):
/// the command language model's and the plain grammar's, of the same audio.
public struct CommandDecodes: Hashable, Sendable {
    public let languageModel: Hypothesis
    public let grammar: Hypothesis
    /// The signal-to-noise ratio (dB) the decision reads (``HearingPolicy``).
    public let signalToNoise: Double?

    public init(languageModel: Hypothesis, grammar: Hypothesis, signalToNoise: Double?) {
        self.languageModel = languageModel
        self.grammar = grammar
        self.signalToNoise = signalToNoise
    }

    public var features: CommandFeatures? {
        CommandFeatures(grammar: grammar, languageModel: languageModel, signalToNoise: signalToNoise)
    }
}
