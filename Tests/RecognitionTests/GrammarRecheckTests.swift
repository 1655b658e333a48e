import Foundation
@testable import Recognition
import Testing
import Vocabulary

/// When the command language model hears the grammar's words but not one of its sentences,
/// the grammar hears the audio again, and its sentence is taken only if it sounds like what
/// the model heard. Checked on the compiled Bible grammar and its dictionary; what it gains
/// and costs on real speech is measured by scripts/bench-recognition.sh.
@Suite("Grammar recheck")
struct GrammarRecheckTests {
    static let recheck = Result { () throws -> GrammarRecheck in
        let model = try TestModel.compiled()
        let grammar = GarbageModel.reweighted(try String(contentsOf: model.commandsGrammar, encoding: .utf8), weight: 0)
        return GrammarRecheck(
            sentences: try GrammarNetwork(jsgf: grammar),
            dictionary: PronunciationDictionary.entries(try String(contentsOf: model.dictionary, encoding: .utf8)))
    }

    static func words(_ phrase: String) -> [String] { phrase.split(separator: " ").map(String.init) }

    @Test("the grammar's words out of order, or one extra word at an edge, are worth a second hearing", arguments: [
        ("look up haggai chapter two verses", true),
        ("read acts chapter one eight", true),
        ("analyze the structure if", true),
        ("if analyze the structure", true),
    ])
    func worthChecking(phrase: String, expected: Bool) throws {
        #expect(try Self.recheck.get().isWorthChecking(Self.words(phrase)) == expected)
    }

    @Test("a sentence of the grammar and everyday speech are not", arguments: [
        "begin the lesson",               // already a sentence: acted on as it is
        "summarize the main points",      // two everyday words
        "read the milk john three",       // an everyday word in the middle
        "remind me to buy milk",
        "",
    ])
    func notWorthChecking(phrase: String) throws {
        #expect(try !Self.recheck.get().isWorthChecking(Self.words(phrase)))
    }

    @Test("the grammar's sentence is taken when its phones differ from what was heard by a little", arguments: [
        ("analyze the structure if", "analyze the structure", true),
        ("summarize the key themes are", "summarize the key themes", true),
        ("read acts chapter twenty eights", "read acts chapter twenty eight", true),
        ("read acts chapter one eight", "read acts chapter twenty eight", false),
        ("look up haggai", "look up haggai chapter two verses three", false),
        ("read the message", "read the passage", false),
        ("summarize the key points", "summarize the key themes", false),
        ("read the run", "read ruth two", false),
        ("read chapter four verse two", "read job thirty four verse two", false),
    ])
    func agreement(heard: String, sentence: String, expected: Bool) throws {
        #expect(try Self.recheck.get().agrees(heard: Self.words(heard), sentence: Self.words(sentence)) == expected)
    }

    @Test("what the grammar heard must itself be one of its sentences")
    func sentenceMustBeInTheGrammar() throws {
        #expect(try !Self.recheck.get().agrees(heard: Self.words("open john"), sentence: Self.words("open jon")))
        #expect(try !Self.recheck.get().agrees(heard: Self.words("begin the"), sentence: []))
    }

}
