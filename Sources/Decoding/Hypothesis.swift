/// What the decoder heard in one utterance: the words of the best path and, per word,
/// where it lies and how it scored.
///
/// Scores are PocketSphinx's: log base 1.0001, shifted right by 10 bits (ln p ≈ score ×
/// 0.1024). Frames are the front end's (`AudioFormat.frameMilliseconds`).
public struct Hypothesis: Hashable, Sendable {
    /// One word (or filler: `<sil>`, `[NOISE]`, `<s>`, `</s>`) on the best path.
    public struct Segment: Hashable, Sendable {
        public let word: String
        public let startFrame: Int
        public let endFrame: Int
        public let acousticScore: Int
        public let languageScore: Int

        public init(word: String, startFrame: Int, endFrame: Int, acousticScore: Int, languageScore: Int) {
            self.word = word
            self.startFrame = startFrame
            self.endFrame = endFrame
            self.acousticScore = acousticScore
            self.languageScore = languageScore
        }

        /// Frames the segment covers.
        public var frames: Int { endFrame - startFrame + 1 }

        /// True for silence and noise models rather than words, and for the `(NULL)`
        /// transitions a grammar search puts between words.
        public var isFiller: Bool {
            word.hasPrefix("<") || word.hasPrefix("[") || word.hasPrefix("++") || word == "(NULL)"
        }
    }

    /// The words, fillers removed, joined by spaces ("" when nothing was heard).
    public let text: String
    /// The path score of the whole hypothesis.
    public let score: Int
    public let segments: [Segment]
    /// Frames decoded in the utterance.
    public let frames: Int

    public init(text: String, score: Int, segments: [Segment], frames: Int) {
        self.text = text
        self.score = score
        self.segments = segments
        self.frames = frames
    }

    /// The words on the path without fillers, with a dictionary alternative's "(2)" removed.
    public var words: [String] {
        segments.filter { !$0.isFiller }.map { word in
            if let paren = word.word.firstIndex(of: "(") { return String(word.word[..<paren]) }
            return word.word
        }
    }

    /// Acoustic score summed over the path.
    public var acousticScore: Int { segments.reduce(0) { $0 + $1.acousticScore } }

    /// The path's acoustic score over frames `start...end`, each segment's shared out by
    /// how many of its frames fall inside.
    public func acousticScore(from start: Int, to end: Int) -> Double {
        segments.reduce(0.0) { total, segment in
            let overlap = min(end, segment.endFrame) - max(start, segment.startFrame) + 1
            guard overlap > 0 else { return total }
            return total + Double(segment.acousticScore) * Double(overlap) / Double(max(1, segment.frames))
        }
    }

    /// Mean acoustic score per 10 ms frame over the words, fillers excluded: how well the
    /// words fit the sound. PocketSphinx scores each frame against its best-scoring state,
    /// so 0 is a perfect fit and speech forced onto words it is not reads far below zero.
    /// Nil when there are no words.
    public var wordScorePerFrame: Double? {
        let words = segments.filter { !$0.isFiller }
        let frames = words.reduce(0) { $0 + $1.frames }
        guard frames > 0 else { return nil }
        return Double(words.reduce(0) { $0 + $1.acousticScore }) / Double(frames)
    }

    /// The longest silence or noise between two words, in frames (leading and trailing
    /// silence do not count): speech the grammar swallowed as silence leaves a long one.
    public var longestInnerPauseFrames: Int {
        guard let first = segments.firstIndex(where: { !$0.isFiller }),
              let last = segments.lastIndex(where: { !$0.isFiller }), first < last else { return 0 }
        return segments[first...last].filter(\.isFiller).map(\.frames).max() ?? 0
    }

    /// The longest stretch of silence or noise inside the utterance, in frames: a
    /// command said alone has short pauses; speech the grammar swallowed into silence
    /// has long ones.
    public var longestFillerFrames: Int {
        segments.filter(\.isFiller).map(\.frames).max() ?? 0
    }
}
