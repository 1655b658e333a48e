import Testing
@testable import Vocabulary

/// The command grammar heard during a lesson: the same grammar with the look-up taken out
/// of its public rule, so no look-up can be heard where one would be conversation.
@Suite("Lesson grammar")
struct LessonGrammarTests {
    static func grammar(_ text: String) throws -> Grammar {
        try GrammarSource.grammar("#JSGF V1.0;\ngrammar commands;\n" + text, file: "commands.jsgf") { rule throws(VocabularyError) in
            throw .unknownRule(grammar: "commands.jsgf", rule: rule)
        }
    }

    static let commands = """
        public <utterance> = <command> | <lookup> | <question>;
        <command> = begin the lesson | read the passage;
        <lookup> = <verb> <passage>;
        """

    @Test("the look-up leaves the public rule and its rules stay as they were")
    func lookupTakenOut() throws {
        let grammar = try Self.grammar(Self.commands)
        let lesson = try #require(LookupGrammar.withoutLookups(grammar))
        let lines = lesson.jsgf.split(separator: "\n").map(String.init)
        #expect(lines.contains("public <utterance> = <command> | <question>;"))
        #expect(lines.contains("<lookup> = <verb> <passage>;"))
        #expect(lesson.rules.map(\.name) == grammar.rules.map(\.name))
        #expect(!lesson.accepts(["read", "john"]) && lesson.accepts(["begin", "the", "lesson"]))
    }

    @Test("a look-up first or last in the public rule is taken out too", arguments: [
        ("public <utterance> = <lookup> | <command>;", "public <utterance> = <command>;"),
        ("public <utterance> = <command> | <lookup>;", "public <utterance> = <command>;"),
    ])
    func anyPlace(rule: String, expected: String) throws {
        let lesson = try #require(LookupGrammar.withoutLookups(try Self.grammar(rule + "\n<command> = go;\n<lookup> = read;")))
        #expect(lesson.jsgf.split(separator: "\n").map(String.init).contains(expected))
    }

    @Test("a grammar whose public rule names no look-up has no lesson form")
    func noLookup() throws {
        #expect(LookupGrammar.withoutLookups(try Self.grammar("public <utterance> = <an4> | <question>;\n<an4> = a;\n<question> = b;")) == nil)
    }
}
