import Testing
@testable import Vocabulary

/// The command grammar heard during a lesson: the same grammar with the look-up taken out
/// of its public rule, so no look-up can be heard where one would be conversation.
@Suite("Lesson grammar")
struct LessonGrammarTests {
    static let grammar = """
        #JSGF V1.0;
        grammar commands;
        public <utterance> = <command> | <lookup> | <question>;
        <command> = begin the lesson | read the passage;
        <lookup> = <verb> <passage>;
        """

    @Test("the look-up leaves the public rule and its rules stay as they were")
    func lookupTakenOut() throws {
        let lesson = try #require(LookupGrammar.withoutLookups(Self.grammar))
        let lines = lesson.split(separator: "\n").map(String.init)
        #expect(lines.contains("public <utterance> = <command> | <question>;"))
        #expect(lines.contains("<lookup> = <verb> <passage>;"))
        #expect(lines.count == Self.grammar.split(separator: "\n").count)
    }

    @Test("a look-up first or last in the public rule is taken out too", arguments: [
        ("public <utterance> = <lookup> | <command>;", "public <utterance> = <command>;"),
        ("public <utterance> = <command> | <lookup>;", "public <utterance> = <command>;"),
    ])
    func anyPlace(rule: String, expected: String) throws {
        let lesson = try #require(LookupGrammar.withoutLookups("#JSGF V1.0;\ngrammar g;\n\(rule)\n"))
        #expect(lesson.split(separator: "\n").map(String.init).contains(expected))
    }

    @Test("a grammar whose public rule names no look-up has no lesson form")
    func noLookup() {
        #expect(LookupGrammar.withoutLookups("#JSGF V1.0;\ngrammar g;\npublic <utterance> = <an4> | <question>;\n") == nil)
    }
}
