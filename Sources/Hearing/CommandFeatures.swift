import Support
import Decoding
import Foundation

/// What the command decision reads from one utterance's two decodes of the same audio: the
/// plain command grammar's, which can only say its sentences, and the command language
/// model's, which can also say everyday words (``CommandLanguageModel``).
///
/// Where a sentence of the grammar was said, the language model hears the same words and
/// they fit the sound as well in both decodes; where it was not, the model hears other
/// words that fit better than the grammar's forced sentence. The words are compared with
/// the model's words before and after the sentence left free, so noise at the edges of an
/// utterance heard as a word or two does not turn a command away.
public struct CommandFeatures: Hashable, Sendable, Codable {
    /// The grammar's words' acoustic score minus the language model's over the same frames,
    /// per frame (0: as good a fit; below: the model found a better one).
    public var wordsAgainstModel: Double
    /// The same over the whole utterance.
    public var wholeAgainstModel: Double
    /// Word edits from the grammar's sentence to the closest run of the model's words, per
    /// word of the sentence (``EditDistance/toClosestRun(of:in:)``).
    public var closestRunDistance: Double
    /// Word edits between the two whole, per word of the sentence.
    public var distance: Double
    /// The utterance's signal-to-noise ratio, dB, within ``CommandConfidence/signalToNoiseRange``.
    public var signalToNoise: Double
    /// How many more words the model heard than the sentence has.
    public var extraWords: Double

    /// The features, or nil when the grammar heard no words.
    public init?(grammar: Hypothesis, languageModel: Hypothesis, signalToNoise: Double?) {
        let sentence = grammar.words
        let words = grammar.segments.filter { !$0.isFiller }
        let frames = words.reduce(0) { $0 + $1.frames }
        guard !sentence.isEmpty, frames > 0 else { return nil }
        let heard = languageModel.words
        let against = words.reduce(0.0) {
            $0 + Double($1.acousticScore) - languageModel.acousticScore(from: $1.startFrame, to: $1.endFrame)
        }
        let count = Double(sentence.count)
        self.init(
            wordsAgainstModel: against / Double(frames),
            wholeAgainstModel: Double(grammar.acousticScore - languageModel.acousticScore) / Double(max(1, grammar.frames)),
            closestRunDistance: Double(EditDistance.toClosestRun(of: sentence, in: heard)) / count,
            distance: Double(EditDistance.levenshtein(heard, sentence, limit: heard.count + sentence.count)) / count,
            signalToNoise: signalToNoise, extraWords: Double(max(0, heard.count - sentence.count)))
    }

    /// Features as measured; `signalToNoise` nil (not measured, or unbounded: digital
    /// silence around the speech) counts as the cleanest.
    public init(wordsAgainstModel: Double, wholeAgainstModel: Double, closestRunDistance: Double, distance: Double,
                signalToNoise: Double?, extraWords: Double) {
        self.wordsAgainstModel = wordsAgainstModel
        self.wholeAgainstModel = wholeAgainstModel
        self.closestRunDistance = closestRunDistance
        self.distance = distance
        let range = CommandConfidence.signalToNoiseRange
        let snr = signalToNoise.flatMap { $0.isFinite ? $0 : nil } ?? range.upperBound
        self.signalToNoise = min(range.upperBound, max(range.lowerBound, snr))
        self.extraWords = extraWords
    }

    /// Each feature by its name, as ``CommandWeights`` names its weight (`recognize
    /// --features` prints them so, for the scripts that fit decisions: the features are
    /// computed here only).
    public var named: [String: Double] {
        ["wordsAgainstModel": wordsAgainstModel, "wholeAgainstModel": wholeAgainstModel,
         "closestRunDistance": closestRunDistance, "distance": distance, "signalToNoise": signalToNoise,
         "extraWords": extraWords]
    }
}
