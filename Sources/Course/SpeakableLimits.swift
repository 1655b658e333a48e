import Support

/// How much a course may ask the voices to say, checked when a lesson is read, so that
/// `curriculum check`, the daemon's start-up check and the lesson's loading refuse alike
/// what the daemon could not speak within the service's memory (a lesson refused at
/// loading takes the "Lesson content unavailable" path, not a crash at every restart).
public enum SpeakableLimits {
    /// The longest word of a script, in characters. The longest names of Scripture are under
    /// twenty letters; espeak-ng's memory grows with a word's length (a 200,000-letter word
    /// took 1.4 GB, past the unit's `MemoryMax`, and the restart met it again).
    public static let longestWord = 64
    /// The longest sentence is not a limit of its own: a script is said a sentence at a
    /// time, and a longer sentence in pieces of at most this many characters cut at spaces
    /// (`SentenceSplitter`), so with words bounded every piece is.
    public static let longestSentence = SentenceSplitter.longestPiece
    /// The largest script of one segment, in characters: about 25 minutes spoken (the bundled
    /// course's largest is about 1,200), and small enough that checking a course stays fast.
    public static let largestScript = 20_000
    /// The largest curriculum file (course or lesson), in bytes, refused before it is
    /// parsed: seven scripts at the largest and the rest of a lesson fit well under it.
    public static let largestFile = 1_048_576
}
