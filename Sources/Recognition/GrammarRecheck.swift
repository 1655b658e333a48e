import Scripture
import Vocabulary

/// The second chance a command gets when the command language model hears it almost
/// right: words of the grammar that are not one of its sentences ("p a c five three" for a
/// spelled "b a o z five three", "look up haggai chapter two verses"), a sentence with one
/// short word the room's noise added at an edge ("analyze the structure if"), or speech
/// that opens as a sentence does whose name the model heard as everyday words ("read first
/// core indian chapter six" for "first corinthians", "open cause see and chapter three").
///
/// The grammar alone then decodes the same audio, and its sentence is taken if it sounds
/// like what the language model heard: their phones (each word's first pronunciation)
/// differ in at most ``maximumPhoneDifference`` of the sentence's; or, for an open-ended
/// sentence (a look-up, a user's own), in at most ``maximumPhoneDifferenceWhenFitter`` when
/// the sentence also fits the sound better by ``minimumFitGain`` per frame. The course's
/// seven command phrases never take the second way: their near-misses ("summarize the
/// game", "explain the contents") differ by one word and, in noise, fit no worse.
/// Conversation is heard as everyday words and seldom opens as a command does; a
/// near-miss ("read the message") differs in a whole word and fits worse.
///
/// Measured (`recognize` on the sets of `scripts/bench-recognition.sh`, release build;
/// before -> after the better-fit rule): Piper look-ups heard right clean 119 -> 127 of 132
/// and at 10 dB of real room noise 50 -> 55; on a held-out set made afterwards (other
/// books and phrasings, 60 near-misses of its own) 113 -> 121 and 59 -> 63; near-misses
/// acted on 9 -> 10 of 132 and 8 -> 8 of 120 held out; AN4's real sentences through a user
/// grammar, kept of what the plain grammar hears right, 107 -> 113 of 122; real recordings
/// acted on 2 -> 4 of 2616.
struct GrammarRecheck {
    /// The share of the grammar sentence's phones the two hypotheses may differ in.
    static let maximumPhoneDifference = 0.15
    /// The share they may differ in when the grammar's sentence fits the sound better.
    static let maximumPhoneDifferenceWhenFitter = 0.35
    /// How much better (acoustic score per 10 ms frame, in PocketSphinx's log units) the
    /// grammar's sentence must fit the sound than what the language model heard.
    static let minimumFitGain = 2.5

    let sentences: GrammarNetwork
    /// Each word's first pronunciation, as phones.
    let pronunciations: [String: [String]]
    /// Words that open a sentence of the grammar, less `ignoredOpenings`.
    let openings: Set<String>

    /// `dictionary`: the recogniser's pronunciations (``PronunciationDictionary/entries(_:)``);
    /// `ignoredOpenings`: opening words that do not make speech worth a second hearing (the
    /// openings of the questions to the course, which conversation shares).
    init(sentences: GrammarNetwork, dictionary: [String: [String]], ignoredOpenings: Set<String> = []) {
        self.sentences = sentences
        pronunciations = dictionary.compactMapValues { $0.first?.split(separator: " ").map(String.init) }
        openings = sentences.openingWords.subtracting(ignoredOpenings)
    }

    /// True when `words`, which the grammar does not accept, are worth a grammar decode:
    /// all of them the grammar's words, but for one at the start or the end
    /// (``isAlmostASentence(_:)``), or they open as a sentence of the grammar does.
    func isWorthChecking(_ words: [String]) -> Bool {
        guard let first = words.first, !sentences.accepts(words) else { return false }
        return openings.contains(first) || isAlmostASentence(words)
    }

    /// All of `words`, which the grammar does not accept, the grammar's, but for one at the
    /// start or the end.
    func isAlmostASentence(_ words: [String]) -> Bool {
        guard !words.isEmpty else { return false }
        let foreign = words.indices.filter { !sentences.words.contains(words[$0]) }
        if foreign.isEmpty { return true }
        return foreign.count == 1 && words.count > 1 && (foreign[0] == 0 || foreign[0] == words.count - 1)
    }

    /// True when the grammar's `sentence` is to be taken for what the language model
    /// heard: almost its sentence and sounding like it, or, for an open-ended sentence (a
    /// look-up, a user's own; not one of the course's fixed command phrases, whose
    /// near-misses differ by a word), sounding somewhat like it and fitting the sound
    /// clearly better: a name the model heard as everyday words ("read first core indian
    /// chapter six" for "first corinthians"), spelled letters strung into words.
    func takes(_ sentence: Hypothesis, over heard: Hypothesis, openEnded: Bool) -> Bool {
        if isAlmostASentence(heard.words), agrees(heard: heard.words, sentence: sentence.words) { return true }
        guard openEnded, heard.frames > 0 else { return false }
        let gain = Double(sentence.acousticScore - heard.acousticScore) / Double(heard.frames)
        return gain >= Self.minimumFitGain
            && agrees(heard: heard.words, sentence: sentence.words, within: Self.maximumPhoneDifferenceWhenFitter)
    }

    /// True when the grammar's `sentence` sounds like the language model's `words`: their
    /// phones differ in at most `share` of the sentence's.
    func agrees(heard words: [String], sentence: [String], within share: Double = maximumPhoneDifference) -> Bool {
        guard !sentence.isEmpty, sentences.accepts(sentence) else { return false }
        let heard = phones(words), expected = phones(sentence)
        guard !expected.isEmpty else { return false }
        let limit = Int((Double(expected.count) * share).rounded(.down))
        return EditDistance.levenshtein(heard, expected, limit: limit) <= limit
    }

    private func phones(_ words: [String]) -> [String] {
        words.flatMap { pronunciations[$0] ?? ["?\($0)"] }
    }
}
