import Decoding
import Hearing
import Intents
import Testing
import Vocabulary

/// Hearing's policy as tables: the facts of one utterance (its noise, the session's
/// expectation, what each search heard) in, the next step out. No audio and no decoder:
/// the decodes are scripted.
@Suite("Hearing policy")
struct HearingPolicyTests {
    /// A decode of `text`, each word 30 frames at `score` per frame, after a second of
    /// silence; `pause` frames of silence between the first word and the rest.
    static func heard(_ text: String, score: Int = -10, pause: Int = 1) -> Hypothesis {
        var segments: [Hypothesis.Segment] = [.init(word: "<sil>", startFrame: 0, endFrame: 99, acousticScore: 0, languageScore: 0)]
        var frame = 100
        for (i, word) in text.split(separator: " ").enumerated() {
            if i == 1 {
                segments.append(.init(word: "<sil>", startFrame: frame, endFrame: frame + pause - 1, acousticScore: 0, languageScore: 0))
                frame += pause
            }
            segments.append(.init(word: String(word), startFrame: frame, endFrame: frame + 29, acousticScore: score * 30, languageScore: 0))
            frame += 30
        }
        return Hypothesis(text: text, score: 0, segments: segments, frames: frame)
    }

    static let sentences: Set<[String]> = [["begin", "the", "lesson"], ["read", "the", "passage"], ["end", "the", "lesson"]]
    static func policy(_ model: HearingPolicy.Model = .compiled(.languageModel), minimumConfidence: Double = 0,
                       verifies: Bool = false, cleansStream: Bool = false) -> HearingPolicy {
        HearingPolicy(model: model, minimumConfidence: minimumConfidence, verifiesWithPhoneLoop: verifies,
                      cleansStream: cleansStream, isSentence: { sentences.contains($0) })
    }
    static let asHeard = PreparedAudio(version: .asHeard, signalToNoise: 30)

    static func conclusion(_ step: HearingStep) -> HeardVerdict? {
        if case .conclude(let verdict) = step { return verdict }
        return nil
    }

    /// The verdict's intent is `intent`, or (nil) no accepted intent.
    static func expect(_ verdict: HeardVerdict, means intent: Intent?, sourceLocation: SourceLocation = #_sourceLocation) {
        if let intent {
            #expect(verdict.intent == intent, "\(verdict.intent)", sourceLocation: sourceLocation)
        } else {
            #expect(!verdict.intent.isAccepted, "\(verdict.intent)", sourceLocation: sourceLocation)
        }
    }

    static func searches(_ step: HearingStep) -> [HearingSearch]? {
        if case .decode(let searches) = step { return searches }
        return nil
    }

    @Test("noise: an utterance below the gate is decoded cleaned, by the stream cleaner when it runs and cleaned it, else by WebRTC",
          arguments: [(30.0, false, true, AudioVersion.asHeard), (30, true, true, .asHeard), (12, false, true, .suppressed),
                      (12, true, true, .streamCleaned), (12, true, false, .suppressed), (30, true, false, .asHeard)])
    func noise(snr: Double, cleansStream: Bool, streamCleaned: Bool, version: AudioVersion) {
        let facts = UtteranceFacts(expected: .commands, signalToNoise: snr, streamCleaned: streamCleaned)
        let step = Self.policy(cleansStream: cleansStream).next(facts)
        guard case .prepare(let asked) = step else { Issue.record("\(step)"); return }
        #expect(asked == version)
    }

    @Test("which searches hear an utterance first, by model and expectation", arguments: [
        (HearingPolicy.Model.compiled(.languageModel), ExpectedSpeech.commands, [HearingSearch.commands, .plainGrammar]),
        (.compiled(.languageModel), .lessonCommands, [.commands, .lessonGrammar]),
        (.compiled(.grammar), .commands, [.commands]),
        (.compiled(.grammar), .lessonCommands, [.commands]),
        (.compiled(.languageModel), .answer(["abraham"]), [.answer]),
        (.compiled(.grammar), .answer(["abraham"]), [.answer]),
        (.stock, .commands, [.stock]),
        (.stock, .lessonCommands, [.stock]),
        (.stock, .answer(["abraham"]), [.stock]),
    ])
    func firstDecodes(model: HearingPolicy.Model, expected: ExpectedSpeech, searches: [HearingSearch]) {
        let step = Self.policy(model).next(UtteranceFacts(expected: expected, signalToNoise: 30, prepared: Self.asHeard))
        #expect(Self.searches(step) == searches, "\(step)")
    }

    /// The command decision's two decodes: (the language model heard, the grammar heard) → intent.
    @Test("two decodes of a command: acted on when they agree, not when the model heard other words", arguments: [
        ("begin the lesson", "begin the lesson", Intent.command(.beginLesson)),
        ("read the passage", "read the passage", .command(.readPassage)),
        ("begin the dishes", "begin the lesson", nil),
        ("could you pass me the salt please", "read the passage", nil),
        ("", "end the lesson", .rejected(.nothingHeard)),
    ])
    func commandDecision(model: String, grammar: String, intent: Intent?) throws {
        let facts = UtteranceFacts(expected: .commands, signalToNoise: 30, prepared: Self.asHeard,
                                   decodes: [.commands: Self.heard(model), .plainGrammar: Self.heard(grammar)])
        let verdict = try #require(Self.conclusion(Self.policy().next(facts)))
        Self.expect(verdict, means: intent)
        #expect(verdict.decodes?.languageModel.text == model)
    }

    /// During a lesson: (the language model heard, the lesson grammar heard) → intent. The
    /// plain grammar with look-ups is not the one read, even where it was decoded.
    @Test("during a lesson the decision weighs the grammar without look-ups", arguments: [
        ("read the passage", "read the passage", Intent.command(.readPassage)),
        ("begin the dishes", "begin the lesson", nil),
    ])
    func lessonDecision(model: String, grammar: String, intent: Intent?) throws {
        let facts = UtteranceFacts(expected: .lessonCommands, signalToNoise: 30, prepared: Self.asHeard, decodes: [
            .commands: Self.heard(model), .lessonGrammar: Self.heard(grammar), .plainGrammar: Self.heard("end the lesson"),
        ])
        let verdict = try #require(Self.conclusion(Self.policy().next(facts)))
        Self.expect(verdict, means: intent)
        #expect(verdict.decodes?.grammar.text == grammar)
        let unmade = UtteranceFacts(expected: .lessonCommands, signalToNoise: 30, prepared: Self.asHeard,
                                    decodes: [.commands: Self.heard(model), .plainGrammar: Self.heard(grammar)])
        #expect(Self.searches(Self.policy().next(unmade)) == [.commands, .lessonGrammar])
    }

    @Test("the decision reads the ratio of the audio decoded, and WebRTC's output as heard", arguments: [
        (AudioVersion.asHeard, 8.0), (.streamCleaned, 25), (.suppressed, 8),
    ])
    func decisionNoise(version: AudioVersion, read: Double) throws {
        let facts = UtteranceFacts(expected: .commands, signalToNoise: 8,
                                   prepared: PreparedAudio(version: version, signalToNoise: version == .asHeard ? 8 : 25),
                                   decodes: [.commands: Self.heard("end the lesson"), .plainGrammar: Self.heard("end the lesson")])
        let verdict = try #require(Self.conclusion(Self.policy().next(facts)))
        #expect(verdict.decodes?.signalToNoise == read)
    }

    @Test("when the grammar's sentence is taken for other words heard, it stands and the model's words are kept beside")
    func grammarReplacesWords() throws {
        // The model heard the look-up with a noise at its start heard as a word.
        let facts = UtteranceFacts(expected: .commands, signalToNoise: 30, prepared: Self.asHeard, decodes: [
            .commands: Self.heard("be read john chapter three verse sixteen"),
            .plainGrammar: Self.heard("read john chapter three verse sixteen"),
        ])
        let verdict = try #require(Self.conclusion(Self.policy().next(facts)))
        guard case .lookup(let reference) = verdict.intent else { Issue.record("\(verdict.intent)"); return }
        #expect(reference.compact == "John 3:16")
        #expect(verdict.heard.text == "read john chapter three verse sixteen")
        #expect(verdict.rechecked?.text == "be read john chapter three verse sixteen")
    }

    @Test("one decode with the garbage path: garbage, a long pause, a low confidence or a command", arguments: [
        ("g_ah g_t g_s", -10, 1, Intent.rejected(.notACommand)),
        ("read the passage", -10, 90, .rejected(.longPause(milliseconds: 900))),
        ("read the passage", -10, 80, .command(.readPassage)),
        ("read the passage", -35, 1, .rejected(.lowConfidence(0.5))),
        ("", -10, 1, .rejected(.nothingHeard)),
    ])
    func grammarSearch(text: String, score: Int, pause: Int, intent: Intent) throws {
        let facts = UtteranceFacts(expected: .commands, signalToNoise: 30, prepared: Self.asHeard,
                                   decodes: [.commands: Self.heard(text, score: score, pause: pause)])
        let verdict = try #require(Self.conclusion(Self.policy(.compiled(.grammar), minimumConfidence: 0.7).next(facts)))
        #expect(verdict.intent == intent, "\(verdict.intent)")
    }

    @Test("an answer the garbage path took is heard again by the command language model, which may hear a question in it")
    func answerRecheck() throws {
        let policy = Self.policy()
        var facts = UtteranceFacts(expected: .answer(["abraham"]), signalToNoise: 30, prepared: Self.asHeard,
                                   decodes: [.answer: Self.heard("what g_ah g_t")])
        #expect(Self.searches(policy.next(facts)) == [.commands])
        facts.decodes[.commands] = Self.heard("what should i do about my job")
        let question = try #require(Self.conclusion(policy.next(facts)))
        #expect(question.heard.text == "what should i do about my job")
        #expect(question.rechecked?.text == "what g_ah g_t")
        #expect(!question.intent.isAccepted)

        facts.decodes[.commands] = Self.heard("the dishes are done")
        let garbage = try #require(Self.conclusion(policy.next(facts)))
        #expect(garbage.intent == .rejected(.notACommand))
        #expect(garbage.rechecked == nil)
    }

    @Test("an answer heard is acted on, and never heard again")
    func answer() throws {
        let facts = UtteranceFacts(expected: .answer(["abraham"]), signalToNoise: 30, prepared: Self.asHeard,
                                   decodes: [.answer: Self.heard("abraham")])
        let verdict = try #require(Self.conclusion(Self.policy().next(facts)))
        #expect(verdict.intent == .answer("abraham"))
    }

    @Test("the stock model matches loosely and is not held to the garbage path or the pause")
    func stock() throws {
        let facts = UtteranceFacts(expected: .commands, signalToNoise: 30, prepared: Self.asHeard,
                                   decodes: [.stock: Self.heard("begin the lessons", pause: 120)])
        let verdict = try #require(Self.conclusion(Self.policy(.stock).next(facts)))
        #expect(verdict.intent == .command(.beginLesson), "\(verdict.intent)")
    }

    @Test("verification decodes the phone loop once the hypothesis is known, and only when it has words")
    func verification() throws {
        let policy = Self.policy(verifies: true)
        var facts = UtteranceFacts(expected: .commands, signalToNoise: 30, prepared: Self.asHeard,
                                   decodes: [.commands: Self.heard("end the lesson"), .plainGrammar: Self.heard("end the lesson")])
        #expect(Self.searches(policy.next(facts)) == [.phoneLoop])
        facts.decodes[.phoneLoop] = Self.heard("eh n d dh ah l eh s ah n", score: -9)
        let verdict = try #require(Self.conclusion(policy.next(facts)))
        #expect(verdict.verification?.words.map(\.word) == ["end", "the", "lesson"])

        let silent = UtteranceFacts(expected: .commands, signalToNoise: 30, prepared: Self.asHeard,
                                    decodes: [.commands: Self.heard(""), .plainGrammar: Self.heard("")])
        #expect(Self.conclusion(policy.next(silent))?.verification == nil)
    }
}

/// The review question's answer grammar.
@Suite("Answer grammar")
struct AnswerGrammarTests {
    static let template = Grammar(name: "answer", root: "utterance", rules: [
        .init("utterance", .anyOf([.rule("answer"), .rule("garbage")])), .init("answer", .word("answer")),
        .init("garbage", .repeated(.rule("garbage_phone"), atLeastOnce: true)), .init("garbage_phone", GarbageModel.phones(weight: 0.01)),
    ])

    static func words(_ phrase: String) -> [String] { phrase.split(separator: " ").map(String.init) }

    @Test("a list answer may be said in any order, with or without its last 'and'")
    func anyOrder() {
        let grammar = AnswerGrammar(template: Self.template, garbageWeight: 0, maximumItemsInAnyOrder: 4).grammar(for: ["land, descendants, and blessing"])
        for phrase in ["land descendants and blessing", "blessing land and descendants", "descendants blessing land"] {
            #expect(grammar.accepts(Self.words(phrase)), "\(phrase) in \(grammar.jsgf)")
        }
        #expect(!grammar.accepts(Self.words("answer")), "the question's answers take the template's place")
        #expect(grammar[GarbageModel.pathRule] == nil, "a garbage weight of 0 takes the rejection path out")
    }

    @Test("a list longer than the limit is heard only as written")
    func tooManyItems() {
        let grammar = AnswerGrammar(template: Self.template, garbageWeight: 0, maximumItemsInAnyOrder: 2).grammar(for: ["land, descendants, and blessing"])
        #expect(grammar.jsgf.contains("public <utterance> = <answer>;"), "\(grammar.jsgf)")
        #expect(grammar.jsgf.contains("<answer> = land descendants and blessing;"), "\(grammar.jsgf)")
    }
}
