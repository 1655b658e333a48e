/// The command decision's weights, one per feature of ``CommandFeatures`` and named as it
/// names them, so a fit (`scripts/lib/bench/fit_decision.py`, `fit_refusal.py`) and a tuning file
/// give each by its name and no order has to be kept in step.
public struct CommandWeights: Hashable, Sendable, Codable {
    public var wordsAgainstModel: Double
    public var wholeAgainstModel: Double
    public var closestRunDistance: Double
    public var distance: Double
    public var signalToNoise: Double
    public var extraWords: Double

    public init(wordsAgainstModel: Double, wholeAgainstModel: Double, closestRunDistance: Double, distance: Double,
                signalToNoise: Double, extraWords: Double) {
        self.wordsAgainstModel = wordsAgainstModel
        self.wholeAgainstModel = wholeAgainstModel
        self.closestRunDistance = closestRunDistance
        self.distance = distance
        self.signalToNoise = signalToNoise
        self.extraWords = extraWords
    }

    /// Each weight times its feature, summed.
    public func weighted(_ features: CommandFeatures) -> Double {
        wordsAgainstModel * features.wordsAgainstModel + wholeAgainstModel * features.wholeAgainstModel
            + closestRunDistance * features.closestRunDistance + distance * features.distance
            + signalToNoise * features.signalToNoise + extraWords * features.extraWords
    }

    /// Whether every weight is a finite number.
    public var isFinite: Bool {
        [wordsAgainstModel, wholeAgainstModel, closestRunDistance, distance, signalToNoise, extraWords].allSatisfy(\.isFinite)
    }
}
