/// What a grammar's sentences are, asked of the value without a decoder: is this word
/// sequence one of them (the recogniser acts only on what the command grammar accepts), and
/// what do they look like (a seeded sample, weighted as the grammar weighs its
/// alternatives, from which ``CommandLanguageModel`` is estimated).
extension Grammar {
    /// True when `words` is a sentence of the grammar.
    public func accepts(_ words: [String]) -> Bool {
        guard let start = self[root] else { return false }
        return ends(of: start, from: 0, in: words, depth: 0).contains(words.count)
    }

    /// Every position a match of `expansion` starting at `position` can end at.
    private func ends(of expansion: GrammarExpansion, from position: Int, in words: [String], depth: Int) -> Set<Int> {
        guard depth < 200 else { return [] }
        switch expansion {
        case .word(let word):
            return position < words.count && words[position] == word ? [position + 1] : []
        case .rule(let name):
            if name == "NULL" { return [position] }
            guard let body = self[name] else { return [] }
            return ends(of: body, from: position, in: words, depth: depth + 1)
        case .sequence(let parts):
            var positions: Set<Int> = [position]
            for part in parts {
                var next: Set<Int> = []
                for p in positions { next.formUnion(ends(of: part, from: p, in: words, depth: depth + 1)) }
                positions = next
                if positions.isEmpty { break }
            }
            return positions
        case .alternatives(let choices):
            var positions: Set<Int> = []
            for choice in choices { positions.formUnion(ends(of: choice.expansion, from: position, in: words, depth: depth + 1)) }
            return positions
        case .optional(let inner):
            return ends(of: inner, from: position, in: words, depth: depth + 1).union([position])
        case .repeated(let inner, let atLeastOnce):
            var reached: Set<Int> = atLeastOnce ? [] : [position]
            var frontier: Set<Int> = [position]
            while !frontier.isEmpty {
                var next: Set<Int> = []
                for p in frontier { next.formUnion(ends(of: inner, from: p, in: words, depth: depth + 1)) }
                // Only progress counts: an inner match of nothing would loop for ever.
                frontier = next.subtracting(reached).filter { $0 > position }
                reached.formUnion(next)
            }
            return reached
        }
    }

    /// `count` sentences drawn from the grammar with its weights (alternatives without a
    /// weight count 1; an optional part is said half of the time; a repeat goes on with
    /// probability one half), the same ones for the same seed.
    public func sample(_ count: Int, seed: UInt64) -> [[String]] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            var words: [String] = []
            if let start = self[root] { say(start, into: &words, generator: &generator, depth: 0) }
            return words
        }
    }

    private func say(_ expansion: GrammarExpansion, into words: inout [String], generator: inout SplitMix64, depth: Int) {
        guard depth < 200 else { return }
        switch expansion {
        case .word(let word):
            words.append(word)
        case .rule(let name):
            if let body = self[name] { say(body, into: &words, generator: &generator, depth: depth + 1) }
        case .sequence(let parts):
            for part in parts { say(part, into: &words, generator: &generator, depth: depth + 1) }
        case .alternatives(let choices):
            let total = choices.reduce(0) { $0 + ($1.weight ?? 1) }
            var pick = Double.random(in: 0..<max(total, .leastNonzeroMagnitude), using: &generator)
            for choice in choices {
                pick -= choice.weight ?? 1
                if pick < 0 {
                    say(choice.expansion, into: &words, generator: &generator, depth: depth + 1)
                    return
                }
            }
            if let last = choices.last { say(last.expansion, into: &words, generator: &generator, depth: depth + 1) }
        case .optional(let inner):
            if Bool.random(using: &generator) { say(inner, into: &words, generator: &generator, depth: depth + 1) }
        case .repeated(let inner, let atLeastOnce):
            if atLeastOnce { say(inner, into: &words, generator: &generator, depth: depth + 1) }
            while words.count < 40, Bool.random(using: &generator) {
                say(inner, into: &words, generator: &generator, depth: depth + 1)
            }
        }
    }
}
