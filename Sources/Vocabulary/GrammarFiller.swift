/// Fills a grammar source from `Grammars/` with a vocabulary: each `@rule@` placeholder
/// becomes the rule's weighted alternatives, and every rule or word class the result
/// refers to but does not define is appended, weighted the same way.
///
/// Weights are the phrases' counts normalised within the rule (PocketSphinx adds the raw
/// log of a weight and does not normalise). They are written on alternatives that start
/// with a word, where this PocketSphinx honours them.
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

    /// The weighted alternatives of `rule` as JSGF, or nil when the vocabulary has none.
    public func alternatives(for rule: String) -> String? {
        var counts: [String: Int] = [:]
        var order: [String] = []
        func add(_ text: String, _ count: Int) {
            guard !text.isEmpty else { return }
            if counts[text] == nil { order.append(text) }
            counts[text, default: 0] += max(1, count)
        }
        for phrase in definition.phraseCounts where phrase.rule == rule {
            add(GrammarText.words(phrase.phrase).joined(separator: " "), phrase.count)
        }
        for template in definition.templates where template.rule == rule {
            add(Self.templateText(template.body), template.count)
        }
        for member in definition.classes[rule] ?? [] {
            let text = GrammarText.words(member).joined(separator: " ")
            if counts[text] == nil { add(text, 1) }
        }
        let written = definition.rules[rule]
        guard !order.isEmpty else { return written }
        let total = Double(order.reduce(0) { $0 + counts[$1]! })
        let weighted = order.map { "/\(JSGFWeight.format(Double(counts[$0]!) / total))/ \($0)" }
        // Beside weighted alternatives a written rule needs a weight of its own (1: no
        // penalty; PocketSphinx drops weights on groups, so the group is not penalised).
        return (weighted + (written.map { ["/1/ (\($0))"] } ?? [])).joined(separator: " | ")
    }

    /// `source` with its placeholders filled and missing rules appended. `name` names the
    /// source in errors; `extra` fills placeholders the vocabulary does not know (an answer
    /// grammar's `@answer@`).
    public func fill(_ source: String, name: String, garbageWeight: Double,
                     extra: [String: String] = [:]) throws(VocabularyError) -> String {
        var text = ""
        var rest = Substring(source)
        while let at = rest.firstIndex(of: "@") {
            text += rest[..<at]
            let after = rest[rest.index(after: at)...]
            guard let close = after.firstIndex(of: "@") else { text += rest[at...]; rest = ""; break }
            let rule = String(after[..<close])
            if let filled = extra[rule] ?? alternatives(for: rule) {
                text += filled
            } else {
                throw .unknownRule(grammar: name, rule: rule)
            }
            rest = after[after.index(after: close)...]
        }
        text += rest
        // Append what the text refers to but does not define.
        // Each appended rule's references join the set, so the text is scanned once.
        var defined = Self.definedRules(text)
        var referenced = Self.referencedRules(text)
        while let missing = referenced.subtracting(defined).min() {
            let added: String
            if missing == GarbageModel.rule {
                added = "\n" + GarbageModel.ruleLine(weight: garbageWeight) + "\n"
            } else if let filled = alternatives(for: missing) {
                added = "\n<\(missing)> = \(filled);\n"
            } else {
                throw .unknownRule(grammar: name, rule: missing)
            }
            text += added
            referenced.formUnion(Self.referencedRules(added))
            defined.insert(missing)
        }
        return text
    }

    /// The words a filled grammar can produce (its dictionary).
    public static func words(in grammar: String) -> Set<String> {
        var words = Set<String>()
        for rawLine in grammar.split(separator: "\n") {
            var line = rawLine
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#JSGF") || trimmed.hasPrefix("grammar ") || trimmed.hasPrefix("/*") || trimmed.hasPrefix("*") {
                continue
            }
            var body = Substring(trimmed)
            if let equals = body.firstIndex(of: "="), body.first == "<" || body.hasPrefix("public") {
                body = body[body.index(after: equals)...]
            }
            var inside: Character? = nil
            var word = ""
            for character in body {
                if let open = inside {
                    if (open == "<" && character == ">") || (open == "/" && character == "/") { inside = nil }
                    continue
                }
                if character == "<" || character == "/" {
                    inside = character
                    if !word.isEmpty { words.insert(word); word = "" }
                } else if character.isLetter || character.isNumber || character == "'" || character == "_" {
                    word.append(character)
                } else if !word.isEmpty {
                    words.insert(word)
                    word = ""
                }
            }
            if !word.isEmpty { words.insert(word) }
        }
        return words
    }

    private static func templateText(_ body: String) -> String {
        body.split(separator: " ").flatMap { token -> [String] in
            token.hasPrefix("<") ? [String(token)] : GrammarText.words(String(token))
        }.joined(separator: " ")
    }

    private static func definedRules(_ grammar: String) -> Set<String> {
        var names = Set<String>()
        for line in grammar.split(separator: "\n") {
            var trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("public ") { trimmed.removeFirst(7) }
            guard trimmed.hasPrefix("<"), let close = trimmed.firstIndex(of: ">") else { continue }
            let rest = trimmed[trimmed.index(after: close)...].trimmingCharacters(in: .whitespaces)
            if rest.hasPrefix("=") { names.insert(String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])) }
        }
        return names
    }

    private static func referencedRules(_ grammar: String) -> Set<String> {
        var names = Set<String>()
        for line in grammar.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
            var rest = Substring(line)
            while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
                names.insert(String(rest[rest.index(after: open)..<close]))
                rest = rest[rest.index(after: close)...]
            }
        }
        return names
    }
}

import Foundation
