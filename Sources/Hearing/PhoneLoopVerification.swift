import Decoding

/// What an unconstrained decode of the same audio says about the grammar's hypothesis.
///
/// The grammar can only say its own phrases, so it forces anything it hears onto one of
/// them; a free loop of phones (CI phones under a phone bigram, ``PocketSphinxDecoder/
/// setPhoneLoop(_:path:)``) says whatever the sound is. Where the grammar's words are what
/// was said, its path scores about as well as the loop's (context-dependent word models
/// often better); where they are not, it scores worse, over the whole utterance (speech
/// that is no command) or over one word (a near-miss: "read the message"). Both decodes
/// must score against the same per-frame baseline (`-compallsen yes`), else their scores
/// cannot be compared.
public struct PhoneLoopVerification: Hashable, Sendable {
    /// One word of the grammar's hypothesis beside the loop's score over the same frames.
    public struct Word: Hashable, Sendable {
        public let word: String
        public let frames: Int
        /// The word's acoustic score on the grammar's path, and the phone loop's over the
        /// same frames (its phones' scores shared out by overlap).
        public let grammarScore: Int
        public let loopScore: Double

        /// Per frame, grammar minus loop: 0 or above where the word fits as well as
        /// anything could; far below where the sound was something else.
        public var scorePerFrame: Double { (Double(grammarScore) - loopScore) / Double(max(1, frames)) }
    }

    /// What a decoder needs for the comparison: context-independent phones keep the loop
    /// cheap; every senone scored each frame gives the loop's search and the grammar's the
    /// same per-frame baseline, so their scores compare.
    public static func configure(_ configuration: inout DecoderConfiguration) {
        configuration.contextIndependentPhoneLoop = true
        configuration.scoresAllSenones = true
    }

    /// The words of the grammar's hypothesis (fillers left out).
    public let words: [Word]
    /// Grammar minus loop over the whole utterance, per frame.
    public let scorePerFrame: Double

    public init(grammar: Hypothesis, loop: Hypothesis) {
        words = grammar.segments.filter { !$0.isFiller }.map {
            Word(word: $0.word, frames: $0.frames, grammarScore: $0.acousticScore,
                 loopScore: loop.acousticScore(from: $0.startFrame, to: $0.endFrame))
        }
        let frames = max(1, grammar.segments.map(\.frames).reduce(0, +))
        scorePerFrame = Double(grammar.acousticScore - loop.acousticScore) / Double(frames)
    }

    /// The word that fits worst (lowest ``Word/scorePerFrame``), nil without words.
    public var worstWord: Word? { words.min { $0.scorePerFrame < $1.scorePerFrame } }
}
