/// The right-hand side of a grammar rule, as a value: words, references to other rules,
/// and the ways JSGF combines them. A ``Grammar``'s rules are built of these, so its
/// variants are derived by changing values, not by editing text.
public indirect enum GrammarExpansion: Sendable, Hashable {
    case word(String)
    case rule(String)
    case sequence([GrammarExpansion])
    case alternatives([Alternative])
    case optional(GrammarExpansion)
    case repeated(GrammarExpansion, atLeastOnce: Bool)

    /// One alternative and its weight; nil when none is written (PocketSphinx then reads 1).
    public struct Alternative: Sendable, Hashable {
        public var weight: Double?
        public var expansion: GrammarExpansion

        public init(weight: Double? = nil, _ expansion: GrammarExpansion) {
            self.weight = weight
            self.expansion = expansion
        }
    }

    /// `text`'s words in order ("chapter one"): one word alone, more as a sequence.
    public static func words(_ text: String) -> GrammarExpansion {
        let words = text.split(separator: " ").map { GrammarExpansion.word(String($0)) }
        return words.count == 1 ? words[0] : .sequence(words)
    }

    /// `parts` one after another, a sequence among them taken apart (a single part is
    /// itself).
    public static func all(_ parts: [GrammarExpansion]) -> GrammarExpansion {
        let flat = parts.flatMap { part -> [GrammarExpansion] in
            if case .sequence(let inner) = part { return inner }
            return [part]
        }
        return flat.count == 1 ? flat[0] : .sequence(flat)
    }

    /// Any one of `choices`, unweighted (a single choice is itself).
    public static func anyOf(_ choices: [GrammarExpansion]) -> GrammarExpansion {
        oneOf(choices.map { Alternative($0) })
    }

    /// Any one of `choices` with their weights; a single choice of weight 1 (or none) is
    /// itself, as PocketSphinx hears it.
    public static func oneOf(_ choices: [Alternative]) -> GrammarExpansion {
        choices.count == 1 && (choices[0].weight ?? 1) == 1 ? choices[0].expansion : .alternatives(choices)
    }

    /// The rules this expansion refers to, in the order written.
    public var references: [String] {
        switch self {
        case .word: []
        case .rule(let name): [name]
        case .sequence(let parts): parts.flatMap(\.references)
        case .alternatives(let choices): choices.flatMap(\.expansion.references)
        case .optional(let inner), .repeated(let inner, _): inner.references
        }
    }

    /// The words this expansion says itself (not through the rules it refers to).
    public var words: [String] {
        switch self {
        case .word(let word): [word]
        case .rule: []
        case .sequence(let parts): parts.flatMap(\.words)
        case .alternatives(let choices): choices.flatMap(\.expansion.words)
        case .optional(let inner), .repeated(let inner, _): inner.words
        }
    }

    /// This expansion with every use of `<name>` taken out: an alternative that is only the
    /// reference goes, and so does an optional reference in a sequence. Nil when nothing
    /// would be left.
    func without(_ name: String) -> GrammarExpansion? {
        switch self {
        case .word: return self
        case .rule(let other): return other == name ? nil : self
        case .sequence(let parts):
            let kept = parts.compactMap { part -> GrammarExpansion? in
                if case .optional(.rule(name)) = part { return nil }
                return part.without(name)
            }
            guard kept.count == parts.filter({ $0 != .optional(.rule(name)) }).count, !kept.isEmpty else { return nil }
            return GrammarExpansion.all(kept)
        case .alternatives(let choices):
            let kept = choices.compactMap { choice in choice.expansion.without(name).map { Alternative(weight: choice.weight, $0) } }
            guard !kept.isEmpty else { return nil }
            return GrammarExpansion.oneOf(kept)
        case .optional(let inner): return inner.without(name).map { .optional($0) }
        case .repeated(let inner, let atLeastOnce): return inner.without(name).map { .repeated($0, atLeastOnce: atLeastOnce) }
        }
    }
}

/// Stored in a compiled model compactly: a word as a string, a reference as `{"rule": name}`,
/// a sequence as an array, and `{"or": [...], "weights": [...]}`, `{"optional": ...}`,
/// `{"repeat": ..., "atLeastOnce": ...}` (weights: -1 where none is written).
extension GrammarExpansion: Codable {
    private enum Key: String, CodingKey { case rule, or, weights, optional, `repeat`, atLeastOnce }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer() {
            if let word = try? single.decode(String.self) { self = .word(word); return }
            if let parts = try? single.decode([GrammarExpansion].self) { self = .sequence(parts); return }
        }
        let container = try decoder.container(keyedBy: Key.self)
        if let name = try container.decodeIfPresent(String.self, forKey: .rule) {
            self = .rule(name)
        } else if let choices = try container.decodeIfPresent([GrammarExpansion].self, forKey: .or) {
            let weights = try container.decodeIfPresent([Double].self, forKey: .weights) ?? []
            guard weights.isEmpty || weights.count == choices.count else {
                throw DecodingError.dataCorruptedError(forKey: .weights, in: container, debugDescription: "one weight per alternative")
            }
            self = .alternatives(choices.enumerated().map { index, choice in
                Alternative(weight: weights.isEmpty || weights[index] < 0 ? nil : weights[index], choice)
            })
        } else if let inner = try container.decodeIfPresent(GrammarExpansion.self, forKey: .optional) {
            self = .optional(inner)
        } else if let inner = try container.decodeIfPresent(GrammarExpansion.self, forKey: .repeat) {
            self = .repeated(inner, atLeastOnce: try container.decode(Bool.self, forKey: .atLeastOnce))
        } else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a grammar expansion"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .word(let word):
            var single = encoder.singleValueContainer()
            try single.encode(word)
        case .sequence(let parts):
            var single = encoder.singleValueContainer()
            try single.encode(parts)
        case .rule(let name):
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(name, forKey: .rule)
        case .alternatives(let choices):
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(choices.map(\.expansion), forKey: .or)
            if choices.contains(where: { $0.weight != nil }) {
                try container.encode(choices.map { $0.weight ?? -1 }, forKey: .weights)
            }
        case .optional(let inner):
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(inner, forKey: .optional)
        case .repeated(let inner, let atLeastOnce):
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(inner, forKey: .repeat)
            try container.encode(atLeastOnce, forKey: .atLeastOnce)
        }
    }
}
