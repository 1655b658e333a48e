/// A compiled JSGF grammar read back as a network of rules, to ask two things of it
/// without a decoder: is this word sequence one of its sentences, and what do its
/// sentences look like (a seeded sample, weighted as the grammar weighs its alternatives).
///
/// The command language model (``CommandLanguageModel``) is estimated from the sample,
/// and the recogniser acts only on what the network accepts. Reads the JSGF the compiler
/// writes: rules, alternatives with `/weight/`, `( )`, `[ ]`, `*`, `+`, `<NULL>`, `<VOID>`.
public struct GrammarNetwork: Sendable {
    /// One rule's right-hand side.
    indirect enum Expansion: Sendable {
        case word(String)
        case rule(String)
        case sequence([Expansion])
        case alternatives([(weight: Double, expansion: Expansion)])
        case optional(Expansion)
        case repeated(Expansion, atLeastOnce: Bool)
    }

    /// Why a grammar cannot be read.
    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    let rules: [String: Expansion]
    /// The first public rule: the grammar's sentences.
    public let root: String
    /// Every word the grammar's rules can say.
    public let words: Set<String>
    /// Every word a sentence of the grammar can open with.
    public let openingWords: Set<String>

    public init(jsgf: String) throws(ParseError) {
        var rules: [String: Expansion] = [:]
        var root: String?
        for statement in Self.statements(Self.withoutComments(jsgf)) {
            guard let equals = statement.firstIndex(of: "=") else { continue }
            var head = statement[..<equals].trimmingCharacters(in: .whitespaces)
            let isPublic = head.hasPrefix("public ")
            if isPublic { head = String(head.dropFirst("public ".count)).trimmingCharacters(in: .whitespaces) }
            guard head.hasPrefix("<"), head.hasSuffix(">") else { continue }
            let name = String(head.dropFirst().dropLast())
            var parser = Parser(tokens: Self.tokens(String(statement[statement.index(after: equals)...])))
            rules[name] = try parser.expansion(until: nil)
            if isPublic, root == nil { root = name }
        }
        guard let root else { throw ParseError(reason: "the grammar has no public rule") }
        for (name, expansion) in rules {
            for reference in Self.references(expansion) where rules[reference] == nil && reference != "NULL" && reference != "VOID" {
                throw ParseError(reason: "rule <\(name)> refers to <\(reference)>, which is not defined")
            }
        }
        self.rules = rules
        self.root = root
        words = Set(rules.values.flatMap(Self.words))
        var known: [String: Opening] = [:]
        openingWords = Self.openings(of: .rule(root), rules: rules, known: &known).words
    }

    /// The words a match opens with, and whether it can match nothing.
    private typealias Opening = (words: Set<String>, canBeEmpty: Bool)

    /// The opening of `expansion`; each rule's is worked out once (`known`), and a rule met
    /// again inside its own opening adds nothing there.
    private static func openings(of expansion: Expansion, rules: [String: Expansion],
                                 known: inout [String: Opening]) -> Opening {
        switch expansion {
        case .word(let word):
            return ([word], false)
        case .rule(let name):
            if name == "NULL" { return ([], true) }
            if let opening = known[name] { return opening }
            guard let body = rules[name] else { return ([], false) }
            known[name] = ([], false)
            let opening = openings(of: body, rules: rules, known: &known)
            known[name] = opening
            return opening
        case .sequence(let parts):
            var words: Set<String> = []
            for part in parts {
                let (opening, canBeEmpty) = openings(of: part, rules: rules, known: &known)
                words.formUnion(opening)
                if !canBeEmpty { return (words, false) }
            }
            return (words, true)
        case .alternatives(let choices):
            var words: Set<String> = []
            var canBeEmpty = false
            for choice in choices {
                let (opening, empty) = openings(of: choice.expansion, rules: rules, known: &known)
                words.formUnion(opening)
                canBeEmpty = canBeEmpty || empty
            }
            return (words, canBeEmpty)
        case .optional(let inner):
            return (openings(of: inner, rules: rules, known: &known).words, true)
        case .repeated(let inner, let atLeastOnce):
            let (opening, empty) = openings(of: inner, rules: rules, known: &known)
            return (opening, !atLeastOnce || empty)
        }
    }

    // MARK: - Accepting

    /// True when `words` is a sentence of the grammar.
    public func accepts(_ words: [String]) -> Bool {
        guard let start = rules[root] else { return false }
        return ends(of: start, from: 0, in: words, depth: 0).contains(words.count)
    }

    /// Every position a match of `expansion` starting at `position` can end at.
    private func ends(of expansion: Expansion, from position: Int, in words: [String], depth: Int) -> Set<Int> {
        guard depth < 200 else { return [] }
        switch expansion {
        case .word(let word):
            return position < words.count && words[position] == word ? [position + 1] : []
        case .rule(let name):
            if name == "NULL" { return [position] }
            guard let body = rules[name] else { return [] }
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

    // MARK: - Sampling

    /// `count` sentences drawn from the grammar with its weights (alternatives without a
    /// weight count 1; an optional part is said half of the time; a repeat goes on with
    /// probability one half), the same ones for the same seed.
    public func sample(_ count: Int, seed: UInt64) -> [[String]] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            var words: [String] = []
            if let start = rules[root] { say(start, into: &words, generator: &generator, depth: 0) }
            return words
        }
    }

    private func say(_ expansion: Expansion, into words: inout [String], generator: inout SplitMix64, depth: Int) {
        guard depth < 200 else { return }
        switch expansion {
        case .word(let word):
            words.append(word)
        case .rule(let name):
            if let body = rules[name] { say(body, into: &words, generator: &generator, depth: depth + 1) }
        case .sequence(let parts):
            for part in parts { say(part, into: &words, generator: &generator, depth: depth + 1) }
        case .alternatives(let choices):
            let total = choices.reduce(0) { $0 + $1.weight }
            var pick = Double.random(in: 0..<max(total, .leastNonzeroMagnitude), using: &generator)
            for choice in choices {
                pick -= choice.weight
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

    // MARK: - Reading

    private static func withoutComments(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let start = rest.range(of: "/*") {
            out += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].range(of: "*/") else { return out }
            rest = rest[end.upperBound...]
        }
        out += rest
        return out.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            guard let slashes = line.range(of: "//") else { return line }
            return line[..<slashes.lowerBound]
        }.joined(separator: "\n")
    }

    private static func statements(_ text: String) -> [String] {
        text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var inside: Character?
        func flush() {
            if !current.isEmpty { tokens.append(current) }
            current = ""
        }
        for character in text {
            if let closing = inside {
                current.append(character)
                if character == closing { inside = nil; flush() }
                continue
            }
            switch character {
            case "<": flush(); current = "<"; inside = ">"
            case "/": flush(); current = "/"; inside = "/"
            case "{": flush(); current = "{"; inside = "}"
            case "(", ")", "[", "]", "|", "*", "+": flush(); tokens.append(String(character))
            case _ where character.isWhitespace: flush()
            default: current.append(character)
            }
        }
        flush()
        return tokens
    }

    private static func words(_ expansion: Expansion) -> [String] {
        switch expansion {
        case .word(let word): return [word]
        case .rule: return []
        case .sequence(let parts): return parts.flatMap(words)
        case .alternatives(let choices): return choices.flatMap { words($0.expansion) }
        case .optional(let inner), .repeated(let inner, _): return words(inner)
        }
    }

    private static func references(_ expansion: Expansion) -> [String] {
        switch expansion {
        case .word: return []
        case .rule(let name): return [name]
        case .sequence(let parts): return parts.flatMap(references)
        case .alternatives(let choices): return choices.flatMap { references($0.expansion) }
        case .optional(let inner), .repeated(let inner, _): return references(inner)
        }
    }

    private struct Parser {
        let tokens: [String]
        var index = 0

        /// Alternatives up to `closing` (or the end).
        mutating func expansion(until closing: String?) throws(ParseError) -> Expansion {
            var choices: [(weight: Double, expansion: Expansion)] = []
            var weight = 1.0
            var sequence: [Expansion] = []
            func close() {
                choices.append((weight, sequence.count == 1 ? sequence[0] : .sequence(sequence)))
                sequence = []
                weight = 1
            }
            while index < tokens.count {
                let token = tokens[index]
                index += 1
                switch token {
                case closing:
                    close()
                    return choices.count == 1 ? choices[0].expansion : .alternatives(choices)
                case "|":
                    close()
                case "(":
                    sequence.append(try expansion(until: ")"))
                case "[":
                    sequence.append(.optional(try expansion(until: "]")))
                case "*", "+":
                    guard let last = sequence.popLast() else { throw ParseError(reason: "\(token) follows nothing") }
                    sequence.append(.repeated(last, atLeastOnce: token == "+"))
                case ")", "]":
                    throw ParseError(reason: "unbalanced \(token)")
                case _ where token.hasPrefix("/") && token.hasSuffix("/") && token.count > 1:
                    guard let value = Double(token.dropFirst().dropLast()), value >= 0 else {
                        throw ParseError(reason: "weight \(token) is not a number")
                    }
                    weight = value
                case _ where token.hasPrefix("{"):
                    continue // a tag: no words
                case _ where token.hasPrefix("<") && token.hasSuffix(">"):
                    sequence.append(.rule(String(token.dropFirst().dropLast())))
                default:
                    sequence.append(.word(token.lowercased()))
                }
            }
            if let closing { throw ParseError(reason: "missing \(closing)") }
            close()
            return choices.count == 1 ? choices[0].expansion : .alternatives(choices)
        }
    }
}
