import Foundation
@testable import Recognition
import Testing
import Vocabulary
import Intents

/// When the command language model hears the grammar's words but not one of its sentences,
/// the grammar hears the audio again, and its sentence is taken only if it sounds like what
/// the model heard. Checked on the compiled Bible grammar and its dictionary; what it gains
/// and costs on real speech is measured by scripts/bench-recognition.sh.
@Suite("Grammar recheck", .serialized)
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
        "remind me to buy milk",
        "the children are playing outside",
        "",
    ])
    func notWorthChecking(phrase: String) throws {
        #expect(try !Self.recheck.get().isWorthChecking(Self.words(phrase)))
    }

    @Test("everyday words inside are not almost a sentence (only a better fit takes the grammar's)", arguments: [
        "summarize the main points",      // two everyday words
        "read the milk john three",       // an everyday word in the middle
    ])
    func notAlmostASentence(phrase: String) throws {
        #expect(try !Self.recheck.get().isAlmostASentence(Self.words(phrase)))
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

    @Test("what opens as a sentence of the grammar does is worth a second hearing, questions' openings aside", arguments: [
        ("read first core indian chapter six verse eighteen", true),
        ("open cause see and chapter three", true),
        ("turn to leviticus will i live", true),
        ("what time is it in new york", false),     // a question's opening: conversation has it too
        ("the children are playing outside", false),
    ])
    func opensAsASentence(phrase: String, expected: Bool) throws {
        let model = try TestModel.compiled()
        let grammar = GarbageModel.reweighted(try String(contentsOf: model.commandsGrammar, encoding: .utf8), weight: 0)
        let recheck = GrammarRecheck(
            sentences: try GrammarNetwork(jsgf: grammar),
            dictionary: PronunciationDictionary.entries(try String(contentsOf: model.dictionary, encoding: .utf8)),
            ignoredOpenings: InputClassifier.questionOpenings)
        #expect(recheck.isWorthChecking(Self.words(phrase)) == expected)
    }

    /// A hypothesis of `phrase` over 100 frames whose words fit the sound with `scorePerFrame`.
    static func hypothesis(_ phrase: String, scorePerFrame: Int) -> Hypothesis {
        let words = Self.words(phrase)
        let segments = words.enumerated().map { index, word in
            let start = index * 100 / words.count, end = (index + 1) * 100 / words.count - 1
            return Hypothesis.Segment(word: word, startFrame: start, endFrame: end,
                                      acousticScore: scorePerFrame * (end - start + 1), languageScore: 0)
        }
        return Hypothesis(text: phrase, score: 0, segments: segments, frames: 100)
    }

    @Test("an open-ended sentence that sounds somewhat like what was heard is taken when it fits the sound clearly better", arguments: [
        ("read first core indian chapter six verse eighteen", "read first corinthians chapter six verse eighteen", -20, -15, true, true),
        ("read first core indian chapter six verse eighteen", "read first corinthians chapter six verse eighteen", -20, -19, true, false),
        ("read the message", "read ruth two", -20, -10, true, false),            // sounds too unlike it
        ("summarize the key and", "summarize the key themes", -20, -10, false, false), // a fixed command phrase
        ("analyze the structure if", "analyze the structure", -20, -30, false, true),  // almost the sentence: the fit does not matter
    ])
    func takenOnABetterFit(heard: String, sentence: String, heardScore: Int, sentenceScore: Int, openEnded: Bool, expected: Bool) throws {
        let recheck = try Self.recheck.get()
        let taken = recheck.takes(Self.hypothesis(sentence, scorePerFrame: sentenceScore),
                                  over: Self.hypothesis(heard, scorePerFrame: heardScore), openEnded: openEnded)
        #expect(taken == expected)
    }

    @Test("Piper's look-ups whose book names the model hears as everyday words are read; near-misses are not")
    func spokenLookups() throws {
        let lookups = [
            ("read first corinthians chapter six verse eighteen", "1Cor 6:18"), ("open colossians chapter three", "Col 3"),
            ("read second corinthians chapter five", "2Cor 5"), ("open zechariah chapter eight", "Zech 8"),
            ("read isaiah chapter fifty eight verse twelve", "Isa 58:12"),
        ]
        let nearMisses = [
            "read the message", "summarize the key points", "explain the contract", "turn to the left",
            "open the box", "summarize the game", "read number nine", "look up the score",
        ]
        try PiperVoice.prepare(lookups.map(\.0) + nearMisses)
        var settings = RecognitionSettings()
        settings.independentUtterances = true
        let recognizer = try Recognizer(mode: .grammar(TestModel.compiled()), settings: settings)
        var read: [String] = []
        for (phrase, reference) in lookups {
            let recognition = try recognizer.recognize(try PiperVoice.audio(phrase))
            print("\(phrase) → \(recognition.hypothesis.text) (the model heard \(recognition.rechecked?.text ?? "it"))")
            if case .lookup(let heard) = recognition.intent, heard.compact == reference { read.append(phrase) }
        }
        // Measured: three of five (the language model alone: none). "open zechariah" is
        // heard "open such right" and the grammar's sentence fits too little better;
        // "read second corinthians" fits better by 2.32 per frame, under the 2.5 the
        // recheck asks (2.57, four of five, before the short question openings, "should i",
        // "is god", joined the model; the benchmark's 132 look-ups: 127 heard right either
        // way).
        #expect(read.count >= 3, "read: \(read)")
        for phrase in nearMisses {
            let recognition = try recognizer.recognize(try PiperVoice.audio(phrase))
            #expect(!recognition.intent.isAccepted, "\(phrase) → \(recognition.hypothesis.text)")
        }
    }

    @Test("what the grammar heard must itself be one of its sentences")
    func sentenceMustBeInTheGrammar() throws {
        #expect(try !Self.recheck.get().agrees(heard: Self.words("open john"), sentence: Self.words("open jon")))
        #expect(try !Self.recheck.get().agrees(heard: Self.words("begin the"), sentence: []))
    }

}
