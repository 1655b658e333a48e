import Phonetics
/// The rejection path of a grammar: a loop of "words" that are single phones, which
/// absorbs speech that is not a command so it can be rejected.
///
/// Each phone word is named `g_` + the phone (`g_aa`); its weight is the per-phone cost of
/// explaining audio as garbage: lower rejects less (hearing's tuning holds the weight,
/// `HearingTuning.decoding.garbageWeight`); a recogniser re-weights a compiled grammar
/// without recompiling it (``Grammar/withGarbage(weight:)``).
public enum GarbageModel {
    public static let rule = "garbage_phone"
    public static let wordPrefix = "g_"

    /// The phone words and their one-phone pronunciations.
    public static var words: [(word: String, phone: String)] {
        PhoneticConverter.arpabetPhones.sorted().map { (wordPrefix + $0.lowercased(), $0) }
    }

    /// True for a hypothesis word that is garbage.
    public static func isGarbage(_ word: String) -> Bool { word.hasPrefix(wordPrefix) }

    /// The rule's alternatives: every phone word, each weighted `weight`.
    public static func phones(weight: Double) -> GrammarExpansion {
        let weight = JSGF.readWeight(weight)
        return .alternatives(words.map { .init(weight: weight, .word($0.word)) })
    }

    /// The rule a grammar source offers as the alternative to its phrases (`| <garbage>`).
    public static let pathRule = "garbage"
}

extension Grammar {
    /// This grammar with its garbage path weighted `weight`; a weight of 0 takes the path
    /// out: the `<garbage>` alternatives, its optional uses (`[<garbage>]`) and the rules that
    /// only it uses.
    public func withGarbage(weight: Double) -> Grammar {
        guard weight > 0 else {
            return withoutReferences(to: GarbageModel.pathRule, removing: [GarbageModel.rule, GarbageModel.pathRule])
        }
        guard self[GarbageModel.rule] != nil else { return self }
        return setting(GarbageModel.rule, to: GarbageModel.phones(weight: weight))
    }
}
