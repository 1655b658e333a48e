import Support
import Decoding
import Foundation

/// How sure the recogniser is that the command grammar's sentence is what was said: one
/// logistic model of ``CommandFeatures``, fitted on labelled real recordings by
/// `scripts/fit-decision.sh`, and the threshold chosen there for real speech that is not
/// a command. Part of ``HearingTuning``.
public struct CommandConfidence: Hashable, Sendable, Codable {
    /// The model's intercept.
    public var bias: Double
    /// One weight per feature, by its name.
    public var weights: CommandWeights
    /// Confidence at or above which the sentence is acted on.
    public var threshold: Double

    /// Signal-to-noise ratios are clipped to this range (silence between utterances makes
    /// clean recordings' ratio unbounded).
    public static let signalToNoiseRange = -5.0...40.0

    public init(bias: Double, weights: CommandWeights, threshold: Double) {
        self.bias = bias
        self.weights = weights
        self.threshold = threshold
    }

    /// 0...1.
    public func confidence(_ features: CommandFeatures) -> Double {
        1 / (1 + exp(-(bias + weights.weighted(features))))
    }

}
