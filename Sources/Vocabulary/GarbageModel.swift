import Phonetics
/// The rejection path of a grammar: a loop of "words" that are single phones, which
/// absorbs speech that is not a command so it can be rejected.
///
/// Each phone word is named `g_` + the phone (`g_aa`); its weight is the per-phone cost of
/// explaining audio as garbage: lower rejects less (hearing's tuning holds the weight,
/// `HearingTuning.decoding.garbageWeight`). The rule sits on one line so a recogniser can
/// re-weight a compiled grammar without recompiling it.
public enum GarbageModel {
    public static let rule = "garbage_phone"
    public static let wordPrefix = "g_"

    /// The phone words and their one-phone pronunciations.
    public static var words: [(word: String, phone: String)] {
        PhoneticConverter.arpabetPhones.sorted().map { (wordPrefix + $0.lowercased(), $0) }
    }

    /// True for a hypothesis word that is garbage.
    public static func isGarbage(_ word: String) -> Bool { word.hasPrefix(wordPrefix) }

    /// The rule's line: `<garbage_phone> = /0.01/ g_aa | /0.01/ g_ae | ...;`
    public static func ruleLine(weight: Double) -> String {
        let w = JSGFWeight.format(weight)
        return "<\(rule)> = " + words.map { "/\(w)/ \($0.word)" }.joined(separator: " | ") + ";"
    }

    /// The rule a grammar source offers as the alternative to its phrases (`| <garbage>`).
    public static let pathRule = "garbage"

    /// `grammar` with its garbage rule re-weighted; a weight of 0 takes the path out: the
    /// `<garbage>` alternatives, its optional uses (`[<garbage>]`) and the rules that only
    /// it uses.
    public static func reweighted(_ grammar: String, weight: Double) -> String {
        guard weight > 0 else { return removed(grammar) }
        return grammar.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("<\(rule)> =") ? Substring(ruleLine(weight: weight)) : line
        }.joined(separator: "\n")
    }

    private static func removed(_ grammar: String) -> String {
        let reference = "<\(pathRule)>"
        return grammar.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
            if line.hasPrefix("<\(rule)> =") || line.hasPrefix("\(reference) =") { return nil }
            var text = String(line)
            for form in [" | \(reference)", "\(reference) | ", " [\(reference)]"] {
                text = text.replacingOccurrences(of: form, with: "")
            }
            return text
        }.joined(separator: "\n")
    }
}
