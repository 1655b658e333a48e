import Decoding
import Hearing
import Intents
import Testing
import Vocabulary

/// A decoder that answers from a script, by active search, and writes down what it was
/// asked: it stands in for PocketSphinx where the test is about what the recogniser does
/// with the decodes (which searches, in which order, when), not about the decodes.
final class ScriptedDecoder: SpeechDecoder, @unchecked Sendable {
    var script: [String: Hypothesis]
    private(set) var activeSearch: String?
    private(set) var decoded: [String] = []
    private(set) var resets = 0
    private(set) var grammars: [String: String] = [:]

    init(active: String, script: [String: Hypothesis]) {
        activeSearch = active
        self.script = script
    }

    func setGrammar(_ name: String, jsgf: String) throws(DecoderError) { grammars[name] = jsgf }
    func setFiniteStateGrammar(_ name: String, text: String) throws(DecoderError) { grammars[name] = text }
    func setLanguageModel(_ name: String, path: String) throws(DecoderError) { grammars[name] = path }
    func setPhoneLoop(_ name: String, path: String) throws(DecoderError) { grammars[name] = path }
    func removeSearch(_ name: String) { grammars[name] = nil }
    func knows(_ word: String) -> Bool { true }
    func activate(_ name: String) throws(DecoderError) { activeSearch = name }
    func resetAdaptation() throws(DecoderError) { resets += 1 }
    func decode(_ samples: [Int16]) throws(DecoderError) -> Hypothesis {
        let search = activeSearch ?? ""
        decoded.append(search)
        guard let heard = script[search] else { throw .decoding("no script for \(search)") }
        return heard
    }
}

@Suite("Recognizer: the driver of hearing's policy, on scripted decoders")
struct RecognizerDriverTests {
    static let speech = (0..<16_000).map { Int16(truncatingIfNeeded: ($0 % 40 < 20 ? 6_000 : -6_000) + ($0 % 7) * 50) }
    static let name = HearingDecoders.name

    static func recognizer(_ main: ScriptedDecoder, beside: ScriptedDecoder?, decodeAfterQuiet: Int? = 200) -> Recognizer {
        var settings = RecognitionSettings()
        settings.independentUtterances = true
        settings.tuning.decoding.decodeAfterQuietMilliseconds = decodeAfterQuiet
        let template = Grammar(name: "answer", root: "utterance", rules: [
            .init("utterance", .anyOf([.rule("answer"), .rule("garbage")])), .init("answer", .word("answer")),
            .init("garbage", .repeated(.rule("garbage_phone"), atLeastOnce: true)), .init("garbage_phone", GarbageModel.phones(weight: 0.01)),
        ])
        let answers = AnswerGrammar(template: template, garbageWeight: 0.01, maximumItemsInAnyOrder: 4)
        let decoders = HearingDecoders(decoder: main, plainGrammar: beside, answers: answers, commandSentences: nil)
        return Recognizer(model: .compiled(.languageModel), settings: settings, decoders: decoders)
    }

    @Test("a command is decoded by both searches at once, and the decision of the two is the intent")
    func twoDecodes() throws {
        let main = ScriptedDecoder(active: Self.name(.commands), script: [Self.name(.commands): HearingPolicyTests.heard("end the lesson")])
        let beside = ScriptedDecoder(active: Self.name(.plainGrammar), script: [Self.name(.plainGrammar): HearingPolicyTests.heard("end the lesson")])
        let recognizer = Self.recognizer(main, beside: beside)
        let heard = try recognizer.recognize(Self.speech)
        #expect(heard.intent == .command(.endLesson))
        #expect(main.decoded == [Self.name(.commands)])
        #expect(beside.decoded == [Self.name(.plainGrammar)])
        #expect(main.resets == 1 && beside.resets == 1)
        #expect(heard.decodes?.grammar.text == "end the lesson")
    }

    @Test("during a lesson the grammar beside decodes without look-ups, and with them again once the lesson is over")
    func lessonSearch() throws {
        let main = ScriptedDecoder(active: Self.name(.commands), script: [Self.name(.commands): HearingPolicyTests.heard("read the passage")])
        let beside = ScriptedDecoder(active: Self.name(.plainGrammar), script: [
            Self.name(.plainGrammar): HearingPolicyTests.heard("read the passage"),
            Self.name(.lessonGrammar): HearingPolicyTests.heard("read the passage"),
        ])
        let recognizer = Self.recognizer(main, beside: beside)
        try recognizer.expect(.lessonCommands)
        #expect(try recognizer.recognize(Self.speech).intent == .command(.readPassage))
        try recognizer.expect(.commands)
        #expect(try recognizer.recognize(Self.speech).intent == .command(.readPassage))
        #expect(beside.decoded == [Self.name(.lessonGrammar), Self.name(.plainGrammar)])
        #expect(main.decoded == [Self.name(.commands), Self.name(.commands)])
    }

    @Test("a decode made in the trailing silence is the answer when only silence followed, and made again when speech resumed")
    func earlyDecode() throws {
        let main = ScriptedDecoder(active: Self.name(.commands), script: [Self.name(.commands): HearingPolicyTests.heard("read the passage")])
        let beside = ScriptedDecoder(active: Self.name(.plainGrammar), script: [Self.name(.plainGrammar): HearingPolicyTests.heard("read the passage")])
        let recognizer = Self.recognizer(main, beside: beside)
        try recognizer.begin()
        try recognizer.feed(Self.speech)
        try recognizer.heardQuiet(milliseconds: 100)
        #expect(main.decoded.isEmpty)
        try recognizer.heardQuiet(milliseconds: 200)
        #expect(main.decoded.count == 1)
        _ = try recognizer.finish(quietMilliseconds: 500)
        #expect(main.decoded.count == 1, "the early decode was used")

        try recognizer.begin()
        try recognizer.feed(Self.speech)
        try recognizer.heardQuiet(milliseconds: 200)
        try recognizer.heardQuiet(milliseconds: 0)  // speech again
        try recognizer.feed(Self.speech)
        _ = try recognizer.finish(quietMilliseconds: 500)
        #expect(main.decoded.count == 3, "speech after the early decode throws it away")
    }

    @Test("an answer the garbage path took is heard again with the command search, and the answer search is active after")
    func answerRecheck() throws {
        let main = ScriptedDecoder(active: Self.name(.commands), script: [
            Self.name(.answer): HearingPolicyTests.heard("what g_ah g_t"),
            Self.name(.commands): HearingPolicyTests.heard("what should i do about my job"),
        ])
        let recognizer = Self.recognizer(main, beside: ScriptedDecoder(active: Self.name(.plainGrammar), script: [:]))
        try recognizer.expect(.answer(["abraham"]))
        let given = main.grammars[Self.name(.answer)] ?? ""
        #expect(given.contains("public <utterance> = <answer> | <garbage>;") && given.contains("<answer> = abraham;"), "\(given)")
        let heard = try recognizer.recognize(Self.speech)
        #expect(main.decoded == [Self.name(.answer), Self.name(.commands)])
        #expect(main.activeSearch == Self.name(.answer))
        #expect(heard.hypothesis.text == "what should i do about my job")
        #expect(heard.rechecked?.text == "what g_ah g_t")
    }

    @Test("a decoder's failure reaches the caller, and the next utterance is heard")
    func failure() throws {
        let main = ScriptedDecoder(active: Self.name(.commands), script: [:])
        let beside = ScriptedDecoder(active: Self.name(.plainGrammar), script: [Self.name(.plainGrammar): HearingPolicyTests.heard("end the lesson")])
        let recognizer = Self.recognizer(main, beside: beside, decodeAfterQuiet: nil)
        #expect(throws: DecoderError.self) { try recognizer.recognize(Self.speech) }
        main.script[Self.name(.commands)] = HearingPolicyTests.heard("end the lesson")
        #expect(try recognizer.recognize(Self.speech).intent == .command(.endLesson))
    }
}
