import Foundation
import Testing
@testable import Vocabulary

/// The command language model and the grammar it is drawn from: the grammar's sentences
/// are what PocketSphinx hears from its JSGF, and the model is a proper
/// probability distribution in which the grammar's sentences are likely and everyday
/// words are possible.
@Suite("Command language model")
struct CommandLanguageModelTests {
    final class Compiled: Sendable {
        let grammar: Grammar
        let fsg: FiniteStateGrammar
        let languageModel: String
        let dictionary: String

        init() throws {
            let fixture = try ModelFixture()
            let (model, _) = try ModelCompiler.prepare(fixture.inputs, in: fixture.modelDirectory)
            grammar = try model.grammars().commands.withGarbage(weight: 0)
            fsg = try FiniteStateGrammar(try FiniteStateGrammar.convert(grammar.jsgf, top: "commands.utterance"))
            languageModel = try fixture.read(model.commandsLanguageModel)
            dictionary = try fixture.read(model.dictionary)
        }
    }

    static let compiled = Result { try Compiled() }

    static func words(_ phrase: String) -> [String] { phrase.split(separator: " ").map(String.init) }

    @Test("every sentence drawn from the grammar is one PocketSphinx's own reading of it accepts")
    func samplesAreSentencesOfTheGrammar() throws {
        let compiled = try Self.compiled.get()
        let sample = compiled.grammar.sample(400, seed: 7)
        let sentences = Set(sample.map { $0.joined(separator: " ") })
        // The fixed phrases repeat; look-ups (book, chapter, verse) almost never do.
        #expect(sentences.count > 100, "the sample varies")
        #expect(sentences.contains("begin the lesson"), "commands are drawn")
        #expect(sentences.contains { $0.hasPrefix("read ") && $0.contains(" chapter ") }, "look-ups are drawn")
        #expect(sentences.contains { $0.hasPrefix("what does the bible say") }, "questions are drawn")
        for sentence in sample {
            #expect(compiled.fsg.accepts(sentence), "\(sentence.joined(separator: " "))")
            #expect(compiled.grammar.accepts(sentence), "\(sentence.joined(separator: " "))")
        }
        #expect(compiled.grammar.sample(50, seed: 7) == Array(sample.prefix(50)), "the same seed draws the same sentences")
    }

    @Test("the grammar value accepts what PocketSphinx hears and refuses the rest", arguments: [
        ("begin the lesson", true), ("read john chapter three verses sixteen through eighteen", true),
        ("read psalm one hundred nineteen verse one hundred seventy six", true), ("read jude five", true),
        ("begin the dishes", false), ("read the message", false), ("read jude chapter two", false),
        ("read genesis chapter fifty one", false), ("begin the lesson now", false), ("", false),
    ])
    func acceptsLikeTheDecoder(_ phrase: String, _ accepted: Bool) throws {
        let compiled = try Self.compiled.get()
        let words = Self.words(phrase)
        #expect(compiled.grammar.accepts(words) == accepted, "\(phrase)")
        #expect(compiled.fsg.accepts(words) == accepted, "PocketSphinx agrees on \(phrase)")
    }

    @Test("asked for the rest of a look-up, the grammar hears the part alone, a refusal and the commands, not a whole look-up", arguments: [
        ("chapter one verse eleven", true), ("one eleven", true), ("eleven", true), ("verse eleven", true),
        ("verses eleven through fourteen", true), ("one hundred nineteen", true), ("chapter one", true),
        ("verse one hundred seventy six", true), ("no", true), ("begin the lesson", true),
        ("no esther chapter one verse eleven", false), ("read john three sixteen", false),
        ("chapter one hundred fifty one", false), ("verse one hundred seventy seven", false), ("the kettle", false),
    ])
    func missingPartGrammar(_ phrase: String, _ accepted: Bool) throws {
        let compiled = try Self.compiled.get()
        let fixture = try ModelFixture()
        let (model, _) = try ModelCompiler.prepare(fixture.inputs, in: fixture.modelDirectory)
        let plain = try model.grammars().commands.withGarbage(weight: 0)
        let part = try #require(LookupGrammar.missingPart(plain))
        let words = Self.words(phrase)
        #expect(part.accepts(words) == accepted, "\(phrase)")
        let fsg = try FiniteStateGrammar(try FiniteStateGrammar.convert(part.jsgf, top: "commands.utterance"))
        #expect(fsg.accepts(words) == accepted, "PocketSphinx agrees on \(phrase)")
        // The part alone is no sentence of the command grammar.
        if phrase == "one eleven" { #expect(!compiled.grammar.accepts(words)) }
    }

    /// `text` read as a grammar source with nothing to fill its placeholders from.
    static func source(_ text: String) throws -> Grammar {
        try GrammarFiller(definition: VocabularyDefinition(identifier: "test", version: "1"))
            .grammar("#JSGF V1.0;\ngrammar g;\n" + text, file: "g.jsgf", garbageWeight: 0.01)
    }

    @Test("a grammar source that cannot be read is refused, naming the file and the reason", arguments: [
        ("<a> = b;", "no public rule"),
        ("public <a> = <b> c;", "no rule b"),
        ("public <a> = @c@;", "no rule c"),
        ("public <a> = (b c;", "missing )"),
        ("public <a> = /x/ b | c;", "/x/"),
        ("public <a> = b | | c;", "an empty alternative"),
        ("<a = b;\npublic <c> = d;", "a rule's name is written <name>"),
    ])
    func badGrammars(_ text: String, _ named: String) {
        #expect {
            _ = try Self.source(text)
        } throws: { error in
            let description = (error as? VocabularyError)?.description ?? ""
            return description.contains(named) && description.contains("g.jsgf")
        }
    }

    @Test("repeats, optionals and weights are read as JSGF means them, and written back as PocketSphinx hears them")
    func operators() throws {
        let grammar = try Self.source("public <a> = /3/ go <on>+ [now] | stop;\n<on> = on;")
        let fsg = try FiniteStateGrammar(try FiniteStateGrammar.convert(grammar.jsgf, top: "g.a"))
        for (phrase, accepted) in [("go on", true), ("go on on on now", true), ("go now", false), ("stop", true), ("stop now", false)] {
            #expect(grammar.accepts(Self.words(phrase)) == accepted, "\(phrase)")
            #expect(fsg.accepts(Self.words(phrase)) == accepted, "PocketSphinx agrees on \(phrase)")
        }
        let stops = grammar.sample(4000, seed: 1).filter { $0 == ["stop"] }.count
        #expect((800...1200).contains(stops), "a weight of 3 to 1 draws \"stop\" a quarter of the time: \(stops)")
    }

    @Test("the grammar knows every word its rules can say, tags and weights aside")
    func words() throws {
        let grammar = try Self.source("public <a> = /3/ Go <on>+ [now] {tag} | stop;\n<on> = on | <NULL>;")
        #expect(grammar.words == ["go", "on", "now", "stop"])
    }

    /// P(word | history) as PocketSphinx reads an ARPA trigram model, with backoff.
    struct ARPA {
        var probabilities: [[String]: Double] = [:]
        var backoffs: [[String]: Double] = [:]
        var vocabulary: [String] = []

        init(_ text: String) {
            var order = 0
            for line in text.split(separator: "\n") {
                if line.hasPrefix("\\"), line.hasSuffix("-grams:"), let n = Int(line.dropFirst().prefix(1)) { order = n; continue }
                let fields = line.split(separator: "\t").map(String.init)
                guard order > 0, fields.count >= 2, let logProbability = Double(fields[0]) else { continue }
                let gram = fields[1].split(separator: " ").map(String.init)
                guard gram.count == order else { continue }
                probabilities[gram] = pow(10, logProbability)
                if fields.count > 2, let backoff = Double(fields[2]) { backoffs[gram] = pow(10, backoff) }
                if order == 1 { vocabulary.append(gram[0]) }
            }
        }

        func probability(_ word: String, after history: [String]) -> Double {
            if history.isEmpty { return probabilities[[word]] ?? 0 }
            if let p = probabilities[history + [word]] { return p }
            return (backoffs[history] ?? 1) * probability(word, after: Array(history.dropFirst()))
        }
    }

    @Test("the model is a probability distribution after every history")
    func distributionsSumToOne() throws {
        let arpa = ARPA(try Self.compiled.get().languageModel)
        #expect(arpa.vocabulary.count > 3000, "the grammar's words and 3000 everyday ones")
        for history in [["<s>"], ["<s>", "read"], ["read", "habakkuk"], ["the", "review"], ["<s>", "yeah"], ["john", "three"]] {
            let total = arpa.vocabulary.filter { $0 != "<s>" }.reduce(0) { $0 + arpa.probability($1, after: history) }
            #expect(abs(total - 1) < 0.01, "after \(history): \(total)")
        }
    }

    @Test("a command is far likelier than the everyday words that sound like it, and those words can be said")
    func commandsOutweighNearMisses() throws {
        let compiled = try Self.compiled.get()
        let arpa = ARPA(compiled.languageModel)
        func probability(_ phrase: String) -> Double {
            var history = ["<s>"]
            var total = 1.0
            for word in Self.words(phrase) + ["</s>"] {
                total *= arpa.probability(word, after: Array(history.suffix(2)))
                history.append(word)
            }
            return total
        }
        #expect(probability("begin the lesson") > 1000 * probability("begin the meeting"))
        #expect(probability("begin the meeting") > 0)
        for word in ["meeting", "message", "door", "question", "yeah"] {
            #expect(compiled.dictionary.contains("\n\(word) "), "the dictionary can say \(word)")
        }
    }
}
