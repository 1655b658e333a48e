import Scripture
import Testing
import Intents

@Suite("Intent matcher")
struct IntentMatcherTests {
    let matcher = IntentMatcher()

    func intent(_ text: String) -> Intent { matcher.command(words: text.split(separator: " ").map(String.init)) }

    @Test("the seven commands, exactly", arguments: Command.allCases)
    func commands(_ command: Command) {
        #expect(intent(command.phrase.lowercased()) == .command(command))
    }

    @Test("look-ups become validated references")
    func lookups() throws {
        #expect(intent("read habakkuk chapter two verse four") == .lookup(try #require(ScriptureReference.parse("Hab 2:4").first)))
        #expect(intent("look up zephaniah three seventeen") == .lookup(try #require(ScriptureReference.parse("Zeph 3:17").first)))
        #expect(intent("turn to psalm twenty three") == .lookup(try #require(ScriptureReference.parse("Ps 23").first)))
        #expect(intent("read jude verse three") == .lookup(try #require(ScriptureReference.parse("Jude 3").first)))
    }

    @Test("a passage that does not exist is rejected with the reason, never read")
    func missingPassages() {
        guard case .rejected(.invalidReference(.noChapter(let book, 4))) = intent("read jude chapter four") else {
            Issue.record("Jude 4 was not rejected as a missing chapter: \(intent("read jude chapter four"))")
            return
        }
        #expect(book.osis == "Jude")
        if case .rejected(.invalidReference) = intent("read john three ninety nine") {} else {
            Issue.record("John 3:99 was accepted")
        }
    }

    @Test("everything else is rejected")
    func rejected() {
        #expect(intent("") == .rejected(.nothingHeard))
        #expect(intent("read the news") == .rejected(.unmatched))
        #expect(intent("begin the dishes") == .rejected(.unmatched))
        #expect(intent("read") == .rejected(.unmatched))
        #expect(intent("read hezekiah three four") == .rejected(.unmatched))
    }

    @Test("answers are passed on as heard; a question to the course is no answer")
    func answers() {
        #expect(matcher.answer(words: ["a", "rainbow"]) == .answer("a rainbow"))
        #expect(matcher.answer(words: []) == .rejected(.nothingHeard))
        #expect(matcher.answer(words: "is there a god".split(separator: " ").map(String.init)) == .rejected(.unmatched))
        #expect(matcher.answer(words: "what should i'd do about my job".split(separator: " ").map(String.init))
            == .rejected(.unmatched))
        // A question's bare opening is no answer either (the answer grammar hears it so).
        #expect(matcher.answer(words: ["is", "god"]) == .rejected(.unmatched))
        // Nor is an answer put as a question: it gets the guardrail's reply, not a judgement.
        #expect(matcher.answer(words: ["should", "i", "say", "rainbow"]) == .rejected(.unmatched))
        #expect(matcher.isQuestion(words: ["should", "i", "say", "rainbow"]))
    }
}

@Suite("HeardInput: sound cut at the maximum")
struct CutSoundTests {
    @Test("what was cut at the maximum, or ran on after it, is neither acted on nor answered",
          arguments: [Intent.command(.beginLesson), .lookup(try! ScriptureReference.parse("Joel 3")[0]),
                      .refusal, .control(.pause), .rejected(.invalidReference(.noChapter(BookCatalog.book(named: "Jude")!, chapter: 4))),
                      .rejected(.uncertainReference(nil)), .rejected(.unmatched), .rejected(.lowConfidence(0.2))])
    func cutIsNothing(intent: Intent) {
        #expect(HeardInput(intent, words: "read joel three", cutAtMaximum: true) == .nothing)
        #expect(HeardInput(intent, words: "read joel three", cutAtMaximum: false) != .nothing)
    }
}
