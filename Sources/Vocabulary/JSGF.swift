import Foundation

/// JSGF text, the form PocketSphinx takes a grammar in: the one place it is written
/// (``Grammar/jsgf``). Nothing reads it back; the grammar sources a person writes are read by
/// ``GrammarSource``.
public enum JSGF {
    /// A weight as PocketSphinx reads it (`0.142857`, never an exponent).
    static func weight(_ weight: Double) -> String {
        var text = String(format: "%.6g", weight)
        if text.contains("e") { text = String(format: "%.10f", weight) }
        return text
    }

    /// The weight PocketSphinx reads where `weight` is written: what a grammar holds, so
    /// that it weighs its alternatives as the decoder does.
    static func readWeight(_ weight: Double) -> Double {
        Double(Self.weight(weight)) ?? weight
    }

    /// `expansion` as the right-hand side of a rule.
    public static func text(_ expansion: GrammarExpansion) -> String {
        switch expansion {
        case .alternatives(let choices):
            choices.map { choice in
                (choice.weight.map { "/\(weight($0))/ " } ?? "") + part(choice.expansion, inSequence: false)
            }.joined(separator: " | ")
        default:
            part(expansion, inSequence: false)
        }
    }

    /// `expansion` where it stands beside others: alternatives in parentheses, and inside a
    /// sequence a sequence too.
    private static func part(_ expansion: GrammarExpansion, inSequence: Bool) -> String {
        switch expansion {
        case .word(let word): word
        case .rule(let name): "<\(name)>"
        case .sequence(let parts):
            inSequence ? "(\(parts.map { part($0, inSequence: true) }.joined(separator: " ")))"
                : parts.map { part($0, inSequence: true) }.joined(separator: " ")
        case .alternatives:
            "(\(text(expansion)))"
        case .optional(let inner):
            "[\(text(inner))]"
        case .repeated(let inner, let atLeastOnce):
            atom(inner) + (atLeastOnce ? "+" : "*")
        }
    }

    private static func atom(_ expansion: GrammarExpansion) -> String {
        switch expansion {
        case .word, .rule, .optional: part(expansion, inSequence: false)
        default: "(\(text(expansion)))"
        }
    }
}

extension Grammar {
    /// The grammar as JSGF text, for PocketSphinx.
    public var jsgf: String {
        var text = "#JSGF V1.0;\ngrammar \(name);\n"
        for rule in rules {
            text += "\n\(rule.name == root ? "public " : "")<\(rule.name)> = \(JSGF.text(rule.expansion));\n"
        }
        return text
    }
}
