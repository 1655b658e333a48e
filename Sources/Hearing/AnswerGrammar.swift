import Vocabulary

/// The review question's answer grammar: the compiled model's answer grammar, with its
/// garbage path weighted, and the question's answers put in its answer rule.
public struct AnswerGrammar: Sendable {
    /// The compiled answer grammar, its garbage path reweighted.
    public let template: Grammar
    /// A list answer of at most this many items may be said in any order
    /// (``HearingTuning/Decode/maximumAnswerItemsInAnyOrder``).
    public let maximumItemsInAnyOrder: Int

    public init(template: Grammar, garbageWeight: Double, maximumItemsInAnyOrder: Int) {
        self.template = template.withGarbage(weight: garbageWeight)
        self.maximumItemsInAnyOrder = maximumItemsInAnyOrder
    }

    /// The grammar that hears `answers`.
    public func grammar(for answers: [String]) -> Grammar {
        template.setting(ModelGrammars.answerRule, to: .anyOf(alternatives(answers).map { .words($0) }))
    }

    /// The answers as grammar alternatives; a list answer ("land, descendants, and
    /// blessing") may be said in any order.
    func alternatives(_ answers: [String]) -> [String] {
        var phrases: [String] = []
        func add(_ phrase: String) {
            if !phrase.isEmpty, !phrases.contains(phrase) { phrases.append(phrase) }
        }
        for answer in answers {
            let items = answer.split(whereSeparator: { $0 == "," || $0 == ";" })
                .map { GrammarText.words(String($0)).filter { $0 != "and" } }
                .filter { !$0.isEmpty }
            add(GrammarText.words(answer).joined(separator: " "))
            guard items.count > 1, items.count <= maximumItemsInAnyOrder else { continue }
            for order in Self.permutations(items) {
                let spoken = order.map { $0.joined(separator: " ") }
                add(spoken.dropLast().joined(separator: " ") + " and " + (spoken.last ?? ""))
                add(spoken.joined(separator: " "))
            }
        }
        return phrases
    }

    private static func permutations<T>(_ items: [T]) -> [[T]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { i -> [[T]] in
            var rest = items
            let head = rest.remove(at: i)
            return permutations(rest).map { [head] + $0 }
        }
    }
}
