import Foundation

/// How sure hearing is of words from how well they fit the sound alone
/// (``Hypothesis/wordScorePerFrame``): a logistic curve of the words' mean acoustic score
/// per frame. It is the confidence of the grammar search, the stock model and `listen`'s
/// transcripts, where there is no second decode to compare with. Part of ``HearingTuning``.
public struct WordScoreConfidence: Hashable, Sendable, Codable {
    /// The score per frame that reads 0.5: where conversation forced onto the grammar lies.
    public var midpoint: Double
    /// How far (score per frame) the curve takes to go from 0.5 to about 0.73: the width
    /// between commands heard well by an adapted model and conversation.
    public var scale: Double

    public init(midpoint: Double, scale: Double) {
        self.midpoint = midpoint
        self.scale = scale
    }

    /// 0...1.
    public func confidence(wordScore: Double) -> Double {
        1 / (1 + exp(-(wordScore - midpoint) / scale))
    }
}
