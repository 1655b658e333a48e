import Testing
import Intents

@Suite("CommandMatcher")
struct CommandMatcherTests {
    let exact = CommandMatcher(tolerance: .exact)
    let fuzzy = CommandMatcher(tolerance: .fuzzy)

    @Test("each canonical phrase matches its command in both modes, whatever the case and punctuation",
          arguments: Command.allCases)
    func canonicalPhrases(command: Command) {
        #expect(exact.command(for: command.phrase) == command)
        #expect(exact.command(for: command.phrase.uppercased() + ".") == command)
        #expect(exact.command(for: "  " + command.phrase.lowercased() + "!  ") == command)
        #expect(fuzzy.command(for: command.phrase) == command)
    }

    @Test("the seed's ids and phrases")
    func idsAndPhrases() {
        #expect(Command.allCases.map(\.id) == [
            "BEGIN_LESSON", "READ_PASSAGE", "EXPLAIN_CONTEXT", "ANALYZE_STRUCTURE",
            "SUMMARIZE_THEMES", "ASK_QUESTION", "END_LESSON",
        ])
        #expect(Command.allCases.map(\.phrase) == [
            "Begin the lesson", "Read the passage", "Explain the context", "Analyze the structure",
            "Summarize the key themes", "Ask the review question", "End the lesson",
        ])
    }

    @Test("exact mode accepts no variation", arguments: [
        "begin lesson", "read passage", "analyse the structure", "begin the lessons", "please begin the lesson",
    ])
    func exactIsExact(text: String) {
        #expect(exact.command(for: text) == nil)
    }

    @Test("fuzzy mode accepts small variations", arguments: [
        ("begin lesson", Command.beginLesson),
        ("Begin a lesson", .beginLesson),
        ("please begin the lesson", .beginLesson),
        ("begin the lessen", .beginLesson),
        ("read passage", .readPassage),
        ("read the passages", .readPassage),
        ("explain context", .explainContext),
        ("analyse the structure", .analyzeStructure),
        ("analyze structure please", .analyzeStructure),
        ("summarise the key themes", .summarizeThemes),
        ("summarize the themes", .summarizeThemes),
        ("ask the question", .askQuestion),
        ("ask the review questions", .askQuestion),
        ("end lesson", .endLesson),
    ])
    func fuzzyVariations(text: String, command: Command) {
        #expect(fuzzy.command(for: text) == command)
    }

    @Test("conversation never matches, in either mode", arguments: [
        "begin the dishes", "read me the news", "can you explain the context of this to me",
        "end the season", "begin the session", "read it", "what is the context",
        "tell me about the passage", "skip to question", "go back to context", "repeat that",
        "and the lesson", "begin", "lesson", "the", "", "   ", "?!",
        "summarize the key themes of the book of romans", "please please please",
        "explain the concept", "ask the review board",
    ])
    func conversationNeverMatches(text: String) {
        #expect(fuzzy.command(for: text) == nil)
        #expect(exact.command(for: text) == nil)
    }
}

@Suite("InputClassifier")
struct InputClassifierTests {
    let classifier = InputClassifier()

    @Test func kinds() {
        #expect(classifier.classify("") == .notRecognized)
        #expect(classifier.classify("  ... ") == .notRecognized)
        #expect(classifier.classify("how do I apply this") == .applicationRequest)
        #expect(classifier.classify("what does this mean for me") == .applicationRequest)
        #expect(classifier.classify("why did God choose Abram") == .theologicalQuestion)
        #expect(classifier.classify("is hell real") == .theologicalQuestion)
        #expect(classifier.classify("tell me a joke") == .conversation)
        #expect(classifier.classify("what's the weather") == .conversation)
    }

    @Test("the seed's questions by their openings, whatever follows", arguments: [
        ("How does this apply to my life?", InputRejection.applicationRequest),
        ("What should I do about my marriage", .applicationRequest),
        ("how should i forgive my brother", .applicationRequest),
        ("Is baptism necessary for salvation?", .theologicalQuestion),
        ("What does the Bible say about divorce?", .theologicalQuestion),
        ("Why does God allow suffering", .theologicalQuestion),
        ("is it a sin to work on sunday", .theologicalQuestion),
        ("do you believe in miracles", .theologicalQuestion),
        ("in my garden the roses are out", .conversation),
        ("what time is it in new york", .conversation),
        ("the children are playing in the garden", .conversation),
    ])
    func questions(text: String, kind: InputRejection) {
        #expect(classifier.classify(text) == kind)
        #expect(classifier.classify(text, heard: true) == kind)
    }

    @Test func heardSpeechIsAQuestionOnlyByItsOpening() {
        #expect(classifier.classify("what should i'd do about my job", heard: true) == .applicationRequest)
        #expect(classifier.classify("is hell real") == .theologicalQuestion)
        #expect(classifier.classify("is hell real", heard: true) == .conversation)
        #expect(classifier.classify("this helps me in my life", heard: true) == .applicationRequest)
    }

    @Test("heard, a short opening is a question only with two words after it; typed, always", arguments: [
        ("should i forgive my brother", InputRejection.applicationRequest, InputRejection.applicationRequest),
        ("how do i use this in my daily life", .applicationRequest, .applicationRequest),
        ("is jesus coming back soon", .theologicalQuestion, .theologicalQuestion),
        ("does god hear every prayer", .theologicalQuestion, .theologicalQuestion),
        ("how can i be saved", .theologicalQuestion, .theologicalQuestion),  // the longer opening decides
        ("should i go", .conversation, .applicationRequest),
        ("how do i know", .conversation, .applicationRequest),
        ("how should i know", .conversation, .applicationRequest),
        ("how should i pray about this", .applicationRequest, .applicationRequest),
        ("is god", .conversation, .theologicalQuestion),
        ("should i", .conversation, .applicationRequest),
    ])
    func shortOpenings(text: String, heard: InputRejection, typed: InputRejection) {
        #expect(classifier.classify(text, heard: true) == heard)
        #expect(classifier.classify(text) == typed)
        #expect(classifier.opensAsAQuestion(text))
    }
}
