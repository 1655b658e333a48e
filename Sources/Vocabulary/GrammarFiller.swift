/// Fills a grammar source from `Grammars/` with a vocabulary: each `@rule@` placeholder
/// becomes the rule's weighted alternatives, and every rule or word class the result
/// refers to but does not define is appended, weighted the same way.
///
/// Weights are the phrases' counts normalised within the rule (PocketSphinx adds the raw
/// log of a weight and does not normalise), held as PocketSphinx reads them from JSGF. They
/// are given to alternatives that start with a word, where this PocketSphinx honours them.
public struct GrammarFiller: Sendable {
    public let definition: VocabularyDefinition

    public init(definition: VocabularyDefinition) {
        self.definition = definition
    }

    /// The rules the vocabulary can fill.
    public var ruleNames: Set<String> {
        Set(definition.phraseCounts.map(\.rule)).union(definition.templates.map(\.rule)).union(definition.classes.keys)
            .union(definition.rules.keys)
    }

    /// The weighted alternatives of `rule`, or nil when the vocabulary has none.
    public func alternatives(for rule: String) -> GrammarExpansion? {
        var counts: [[String]: Int] = [:]
        var order: [[String]] = []
        func add(_ tokens: [String], _ count: Int) {
            guard !tokens.isEmpty else { return }
            if counts[tokens] == nil { order.append(tokens) }
            counts[tokens, default: 0] += max(1, count)
        }
        for phrase in definition.phraseCounts where phrase.rule == rule {
            add(GrammarText.words(phrase.phrase), phrase.count)
        }
        for template in definition.templates where template.rule == rule {
            add(Self.templateTokens(template.body), template.count)
        }
        for member in definition.classes[rule] ?? [] {
            let words = GrammarText.words(member)
            if counts[words] == nil { add(words, 1) }
        }
        let written = definition.rules[rule]
        guard !order.isEmpty else { return written }
        let total = Double(order.reduce(0) { $0 + counts[$1]! })
        var choices = order.map { tokens in
            GrammarExpansion.Alternative(weight: JSGF.readWeight(Double(counts[tokens]!) / total), Self.expansion(tokens))
        }
        // Beside weighted alternatives a written rule needs a weight of its own: 1, no
        // penalty.
        if let written { choices.append(.init(weight: 1, written)) }
        return .oneOf(choices)
    }

    /// The grammar of `source` (the file `file`, named in errors) with its placeholders
    /// filled and missing rules appended; `placeholders` fills those the vocabulary does not
    /// know.
    public func grammar(_ source: String, file: String, garbageWeight: Double,
                        placeholders: [String: GrammarExpansion] = [:]) throws(VocabularyError) -> Grammar {
        var grammar = try GrammarSource.grammar(source, file: file) { rule throws(VocabularyError) in
            guard let filled = alternatives(for: rule) ?? placeholders[rule] else { throw .unknownRule(grammar: file, rule: rule) }
            return filled
        }
        // Append what the rules refer to but do not define; each appended rule's references
        // join the set, so the rules are looked through once.
        var defined = Set(grammar.rules.map(\.name)).union(Grammar.reserved)
        var referenced = Set(grammar.rules.flatMap(\.expansion.references))
        while let missing = referenced.subtracting(defined).min() {
            let added: GrammarExpansion
            if missing == GarbageModel.rule {
                added = GarbageModel.phones(weight: garbageWeight)
            } else if let filled = alternatives(for: missing) {
                added = filled
            } else {
                throw .unknownRule(grammar: file, rule: missing)
            }
            grammar = grammar.setting(missing, to: added)
            referenced.formUnion(added.references)
            defined.insert(missing)
        }
        return grammar
    }

    /// A phrase's tokens: words, and `<rule>` for a reference.
    private static func expansion(_ tokens: [String]) -> GrammarExpansion {
        GrammarExpansion.all(tokens.map { token in
            token.hasPrefix("<") && token.hasSuffix(">") ? .rule(String(token.dropFirst().dropLast())) : .word(token)
        })
    }

    private static func templateTokens(_ body: String) -> [String] {
        body.split(separator: " ").flatMap { token -> [String] in
            token.hasPrefix("<") ? [String(token)] : GrammarText.words(String(token))
        }
    }
}
