/// A grammar as a value: named rules in order, one of them public (its sentences).
///
/// The compiler builds it once from the grammar sources and the vocabulary
/// (``GrammarSource``, ``GrammarFiller``) and keeps it in the compiled model; the recogniser
/// derives its variants from it (without the garbage path, without look-ups, the correction
/// window's and the missing part's, the answer grammar) and asks it whether words are one of
/// its sentences. JSGF is written from it only where PocketSphinx takes a grammar (``jsgf``).
public struct Grammar: Sendable, Hashable, Codable {
    /// One rule: `<name> = expansion;`.
    public struct Rule: Sendable, Hashable, Codable {
        public var name: String
        public var expansion: GrammarExpansion

        public init(_ name: String, _ expansion: GrammarExpansion) {
            self.name = name
            self.expansion = expansion
        }
    }

    /// The rules JSGF defines itself: `<NULL>` matches nothing, `<VOID>` never matches.
    public static let reserved: Set<String> = ["NULL", "VOID"]

    /// The grammar's name (`grammar commands;`).
    public let name: String
    /// The public rule.
    public let root: String
    public private(set) var rules: [Rule]
    private var index: [String: Int]

    public init(name: String, root: String, rules: [Rule]) {
        self.name = name
        self.root = root
        self.rules = rules
        index = Self.index(rules)
    }

    private enum CodingKeys: String, CodingKey { case name, root, rules }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name), root: try container.decode(String.self, forKey: .root),
                  rules: try container.decode([Rule].self, forKey: .rules))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(root, forKey: .root)
        try container.encode(rules, forKey: .rules)
    }

    public static func == (a: Grammar, b: Grammar) -> Bool { a.name == b.name && a.root == b.root && a.rules == b.rules }
    public func hash(into hasher: inout Hasher) { hasher.combine(name); hasher.combine(root); hasher.combine(rules) }

    private static func index(_ rules: [Rule]) -> [String: Int] {
        Dictionary(rules.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// The expansion of the rule `name`, nil when the grammar has no such rule.
    public subscript(name: String) -> GrammarExpansion? {
        index[name].map { rules[$0].expansion }
    }

    /// This grammar with the rule `name` given `expansion`; a rule it does not have is
    /// added after `after` (else at the end).
    public func setting(_ name: String, to expansion: GrammarExpansion, after: String? = nil) -> Grammar {
        var rules = rules
        if let at = index[name] {
            rules[at].expansion = expansion
        } else if let after, let at = index[after] {
            rules.insert(Rule(name, expansion), at: at + 1)
        } else {
            rules.append(Rule(name, expansion))
        }
        return Grammar(name: self.name, root: root, rules: rules)
    }

    /// This grammar with every use of `<name>` taken out of its rules
    /// (``GrammarExpansion/without(_:)``) and the rules `defined` removed.
    func withoutReferences(to name: String, removing defined: Set<String>) -> Grammar {
        Grammar(name: self.name, root: root, rules: rules.compactMap { rule in
            guard !defined.contains(rule.name), let expansion = rule.expansion.without(name) else { return nil }
            return Rule(rule.name, expansion)
        })
    }

    /// The first reference to a rule the grammar does not define (the rule that makes it,
    /// and the rule it names), nil when every reference is defined.
    public var undefinedReference: (rule: String, missing: String)? {
        for rule in rules {
            if let missing = rule.expansion.references.first(where: { self[$0] == nil && !Self.reserved.contains($0) }) {
                return (rule.name, missing)
            }
        }
        return nil
    }

    /// True when the public rule reaches the rule `name` (or is it).
    public func reaches(_ name: String) -> Bool {
        var seen: Set<String> = [root]
        var pending = [root]
        while let next = pending.popLast() {
            if next == name { return true }
            for reference in self[next]?.references ?? [] where seen.insert(reference).inserted { pending.append(reference) }
        }
        return false
    }

    /// Every word its rules can say (the dictionary it needs).
    public var words: Set<String> {
        Set(rules.flatMap(\.expansion.words))
    }
}
