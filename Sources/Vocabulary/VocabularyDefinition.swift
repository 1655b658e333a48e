import Phonetics
/// The words a recogniser should expect, in the shape of Apple's
/// `SFCustomLanguageModelData`: phrase counts, templates over word classes, and custom
/// pronunciations, under an identifier and a version.
///
/// Here it compiles to a JSGF grammar and a pronunciation dictionary for PocketSphinx
/// (``ModelCompiler``). Each phrase and template names the grammar rule it feeds
/// (`command`, `lookup`, `answer`, ...): the grammar sources in `Grammars/` decide where
/// each rule may be said, and counts become the weights of the rule's alternatives.
public struct VocabularyDefinition: Codable, Sendable, Hashable {
    /// A phrase and how often people say it, relative to the other phrases of its rule.
    public struct PhraseCount: Codable, Sendable, Hashable {
        public var phrase: String
        public var count: Int
        public var rule: String

        public init(_ phrase: String, count: Int, rule: String) {
            self.phrase = phrase
            self.count = count
            self.rule = rule
        }

        private enum CodingKeys: String, CodingKey { case phrase, count, rule }

        /// `count` defaults to 1 and `rule` to `term` (words of the course's subject).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            phrase = try container.decode(String.self, forKey: .phrase)
            count = try container.decodeIfPresent(Int.self, forKey: .count) ?? 1
            rule = try container.decodeIfPresent(String.self, forKey: .rule) ?? "term"
        }
    }

    /// A phrase pattern over word classes ("read <book> chapter <number>"), standing for
    /// every phrase the classes make, with one count for all of them.
    public struct Template: Codable, Sendable, Hashable {
        public var body: String
        public var count: Int
        public var rule: String

        public init(_ body: String, count: Int, rule: String) {
            self.body = body
            self.count = count
            self.rule = rule
        }
    }

    /// How a word is said, written in X-SAMPA (default), IPA or ARPAbet.
    public struct CustomPronunciation: Codable, Sendable, Hashable {
        public var grapheme: String
        public var phonemes: [String]
        public var notation: PhoneticNotation

        public init(grapheme: String, phonemes: [String], notation: PhoneticNotation = .xsampa) {
            self.grapheme = grapheme
            self.phonemes = phonemes
            self.notation = notation
        }

        private enum CodingKeys: String, CodingKey { case grapheme, phonemes, notation }

        /// `notation` defaults to X-SAMPA, as Apple's API writes pronunciations.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            grapheme = try container.decode(String.self, forKey: .grapheme)
            phonemes = try container.decode([String].self, forKey: .phonemes)
            notation = try container.decodeIfPresent(PhoneticNotation.self, forKey: .notation) ?? .xsampa
        }
    }

    public var identifier: String
    public var version: String
    public var locale: String
    public var phraseCounts: [PhraseCount]
    public var templates: [Template]
    /// Word classes used by templates: `book` → ["genesis", "first corinthians", ...].
    public var classes: [String: [String]]
    /// Rules written directly as JSGF expansions (`chapter <upto_50> [verse <upto_67>]`),
    /// for structure that phrases and templates cannot say: optional parts, and ranges
    /// that differ per book. Each becomes one alternative of its rule, beside the rule's
    /// phrases and templates. A file writes each as JSGF text, read when the file is.
    public var rules: [String: GrammarExpansion]
    public var pronunciations: [CustomPronunciation]

    public init(
        identifier: String, version: String, locale: String = "en-US",
        phraseCounts: [PhraseCount] = [], templates: [Template] = [],
        classes: [String: [String]] = [:], rules: [String: GrammarExpansion] = [:],
        pronunciations: [CustomPronunciation] = []
    ) {
        self.identifier = identifier
        self.version = version
        self.locale = locale
        self.phraseCounts = phraseCounts
        self.templates = templates
        self.classes = classes
        self.rules = rules
        self.pronunciations = pronunciations
    }

    private enum CodingKeys: String, CodingKey {
        case identifier, version, locale, phraseCounts, templates, classes, rules, pronunciations
    }

    /// Reads a vocabulary file: only `identifier` and `version` are required; the lists
    /// default to empty and `locale` to en-US, so a file of a few pronunciations is enough.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decode(String.self, forKey: .identifier)
        version = try container.decode(String.self, forKey: .version)
        locale = try container.decodeIfPresent(String.self, forKey: .locale) ?? "en-US"
        phraseCounts = try container.decodeIfPresent([PhraseCount].self, forKey: .phraseCounts) ?? []
        templates = try container.decodeIfPresent([Template].self, forKey: .templates) ?? []
        classes = try container.decodeIfPresent([String: [String]].self, forKey: .classes) ?? [:]
        rules = [:]
        for (name, text) in try container.decodeIfPresent([String: String].self, forKey: .rules) ?? [:] {
            do {
                rules[name] = try GrammarSource.expansion(text)
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .rules, in: container,
                                                       debugDescription: "the rule \(name): \(error.reason)")
            }
        }
        pronunciations = try container.decodeIfPresent([CustomPronunciation].self, forKey: .pronunciations) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(identifier, forKey: .identifier)
        try container.encode(version, forKey: .version)
        try container.encode(locale, forKey: .locale)
        try container.encode(phraseCounts, forKey: .phraseCounts)
        try container.encode(templates, forKey: .templates)
        try container.encode(classes, forKey: .classes)
        try container.encode(rules.mapValues(JSGF.text), forKey: .rules)
        try container.encode(pronunciations, forKey: .pronunciations)
    }

    /// This definition with `other`'s phrases, templates, class members and
    /// pronunciations added (a user's vocabulary file, a course's words); `other`'s rules
    /// replace rules of the same name.
    public func merged(with other: VocabularyDefinition) -> VocabularyDefinition {
        var result = self
        result.phraseCounts += other.phraseCounts
        result.templates += other.templates
        for (name, members) in other.classes {
            let existing = result.classes[name] ?? []
            result.classes[name] = existing + members.filter { !existing.contains($0) }
        }
        result.rules.merge(other.rules) { _, theirs in theirs }
        result.pronunciations += other.pronunciations
        return result
    }
}
