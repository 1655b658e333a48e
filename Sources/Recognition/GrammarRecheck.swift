import Scripture
import Vocabulary

/// The second chance a command gets when the command language model hears it almost
/// right: words of the grammar that are not one of its sentences ("p a c five three" for a
/// spelled "b a o z five three", "look up haggai chapter two verses"), or a sentence with
/// one short word the room's noise added at an edge ("analyze the structure if").
///
/// The grammar alone then decodes the same audio, and its sentence is taken if it sounds
/// like what the language model heard: their phones (each word's first pronunciation)
/// differ in at most ``maximumPhoneDifference`` of the sentence's. Conversation is heard
/// as everyday words, which are not the grammar's, and is never rechecked; a near-miss
/// ("read the message") differs in a whole word. Measured on real recordings and the Piper
/// voice (`scripts/bench-recognition.sh`'s sets): AN4's real sentences heard right 102 -> 105
/// of 130, Piper commands at 10 dB of room noise 36 -> 38 of 42, near-misses and real
/// conversation acted on unchanged (10 of 132, 2 of 500). A second decode is made for about
/// a quarter of utterances (mostly single grammar words); decode time rose about 15%.
struct GrammarRecheck {
    /// The share of the grammar sentence's phones the two hypotheses may differ in.
    static let maximumPhoneDifference = 0.15

    let sentences: GrammarNetwork
    /// Each word's first pronunciation, as phones.
    let pronunciations: [String: [String]]

    /// `dictionary`: the recogniser's pronunciations (``PronunciationDictionary/entries(_:)``).
    init(sentences: GrammarNetwork, dictionary: [String: [String]]) {
        self.sentences = sentences
        pronunciations = dictionary.compactMapValues { $0.first?.split(separator: " ").map(String.init) }
    }

    /// True when `words`, which the grammar does not accept, are worth a grammar decode:
    /// all of them the grammar's words, but for one at the start or the end.
    func isWorthChecking(_ words: [String]) -> Bool {
        guard !words.isEmpty, !sentences.accepts(words) else { return false }
        let foreign = words.indices.filter { !sentences.words.contains(words[$0]) }
        if foreign.isEmpty { return true }
        return foreign.count == 1 && words.count > 1 && (foreign[0] == 0 || foreign[0] == words.count - 1)
    }

    /// True when the grammar's `sentence` sounds like the language model's `words`.
    func agrees(heard words: [String], sentence: [String]) -> Bool {
        guard !sentence.isEmpty, sentences.accepts(sentence) else { return false }
        let heard = phones(words), expected = phones(sentence)
        guard !expected.isEmpty else { return false }
        let limit = Int((Double(expected.count) * Self.maximumPhoneDifference).rounded(.down))
        return EditDistance.levenshtein(heard, expected, limit: limit) <= limit
    }

    private func phones(_ words: [String]) -> [String] {
        words.flatMap { pronunciations[$0] ?? ["?\($0)"] }
    }
}
