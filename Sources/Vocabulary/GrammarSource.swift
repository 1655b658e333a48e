/// Reads what a person writes in JSGF into grammar values: the grammar sources in
/// `Grammars/` (rules, alternatives with `/weight/`, `( )`, `[ ]`, `*`, `+`, tags, comments,
/// and `@rule@` placeholders the vocabulary fills) and a vocabulary's written rules. Only
/// authored text comes here, once, when a model is compiled; the grammars the program makes
/// are values from then on (``Grammar``), never JSGF read back.
public enum GrammarSource {
    /// The command grammar's source in the grammar folder.
    public static let commandsFile = "commands.jsgf"
    /// The answer grammar's source in the grammar folder.
    public static let answerFile = "answer.jsgf"

    /// Why a source cannot be read.
    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// A rule's right-hand side (`chapter <upto_50> [verse <upto_67>]`).
    public static func expansion(_ text: String) throws(ParseError) -> GrammarExpansion {
        var parser = Parser(tokens: tokens(text))
        do {
            return try parser.expansion(until: nil) { placeholder in
                throw ParseError(reason: "@\(placeholder)@: a placeholder belongs in a grammar source")
            }
        } catch let error as ParseError {
            throw error
        } catch {
            throw ParseError(reason: "\(error)")
        }
    }

    /// The grammar in `text` (the file `file`, named in errors); each `@rule@` becomes
    /// `fill(rule)`.
    public static func grammar(_ text: String, file: String,
                               fill: (String) throws(VocabularyError) -> GrammarExpansion) throws(VocabularyError) -> Grammar {
        var name = "grammar"
        var root: String?
        var rules: [Grammar.Rule] = []
        for statement in statements(withoutComments(text)) {
            if statement.hasPrefix("grammar ") {
                name = statement.dropFirst("grammar ".count).trimmingCharacters(in: .whitespaces)
                continue
            }
            guard let equals = statement.firstIndex(of: "=") else { continue }
            var head = statement[..<equals].trimmingCharacters(in: .whitespaces)
            let isPublic = head.hasPrefix("public ")
            if isPublic { head = String(head.dropFirst("public ".count)).trimmingCharacters(in: .whitespaces) }
            guard head.hasPrefix("<"), head.hasSuffix(">"), head.count > 2 else {
                throw .badGrammar(file: file, reason: "\(head) = ...: a rule's name is written <name>")
            }
            let rule = String(head.dropFirst().dropLast())
            var parser = Parser(tokens: tokens(String(statement[statement.index(after: equals)...])))
            do {
                rules.append(Grammar.Rule(rule, try parser.expansion(until: nil, fill: fill)))
            } catch let error as ParseError {
                throw .badGrammar(file: file, reason: "<\(rule)>: \(error.reason)")
            } catch let error as VocabularyError {
                throw error
            } catch {
                throw .badGrammar(file: file, reason: "<\(rule)>: \(error)")
            }
            if isPublic, root == nil { root = rule }
        }
        guard let root else { throw .badGrammar(file: file, reason: "the grammar has no public rule") }
        return Grammar(name: name, root: root, rules: rules)
    }

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

    private static func tokens(_ text: String) -> [String] {
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
            case "@": flush(); current = "@"; inside = "@"
            case "(", ")", "[", "]", "|", "*", "+": flush(); tokens.append(String(character))
            case _ where character.isWhitespace: flush()
            default: current.append(character)
            }
        }
        flush()
        return tokens
    }

    private struct Parser {
        let tokens: [String]
        var index = 0

        /// Alternatives up to `closing` (or the end); a placeholder becomes `fill(rule)`.
        mutating func expansion(until closing: String?, fill: (String) throws -> GrammarExpansion) throws -> GrammarExpansion {
            var choices: [GrammarExpansion.Alternative] = []
            var weight: Double?
            var sequence: [GrammarExpansion] = []
            func close() throws {
                guard !sequence.isEmpty else { throw ParseError(reason: "an empty alternative") }
                choices.append(.init(weight: weight, sequence.count == 1 ? sequence[0] : .sequence(sequence)))
                sequence = []
                weight = nil
            }
            while index < tokens.count {
                let token = tokens[index]
                index += 1
                switch token {
                case closing:
                    try close()
                    return choices.count == 1 ? choices[0].expansion : .alternatives(choices)
                case "|":
                    try close()
                case "(":
                    sequence.append(try expansion(until: ")", fill: fill))
                case "[":
                    sequence.append(.optional(try expansion(until: "]", fill: fill)))
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
                case _ where token.hasPrefix("@") && token.hasSuffix("@") && token.count > 1:
                    sequence.append(try fill(String(token.dropFirst().dropLast())))
                case _ where token.hasPrefix("<") && token.hasSuffix(">"):
                    sequence.append(.rule(String(token.dropFirst().dropLast())))
                default:
                    sequence.append(.word(token.lowercased()))
                }
            }
            if let closing { throw ParseError(reason: "missing \(closing)") }
            try close()
            return choices.count == 1 ? choices[0].expansion : .alternatives(choices)
        }
    }
}
