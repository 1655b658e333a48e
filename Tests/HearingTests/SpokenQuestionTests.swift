import Audio
import Course
import Foundation
import Hearing
import Testing
import Vocabulary
import Intents
import SpeechFixtures

/// A question to the course is heard by its opening: the command language model knows the
/// carriers ("what does the bible say about"), the rest is heard as everyday words and
/// never read. Spoken by Piper's natural voice (installed by scripts/setup.sh for tests);
/// the benchmark measures the same on real recordings.
@Suite("Spoken questions", .serialized)
struct SpokenQuestionTests {
    static let questions: [(String, InputRejection)] = [
        ("what does the bible say about divorce", .theologicalQuestion),
        ("how does this apply to my life", .applicationRequest),
        ("why does god allow suffering", .theologicalQuestion),
        ("is baptism necessary for salvation", .theologicalQuestion),
        // Short openings: heard with what follows.
        ("is jesus coming back soon", .theologicalQuestion),
        ("does god hear every prayer", .theologicalQuestion),
        // "I" after a short opening, heard only since "i" sounds as the pronoun.
        ("should i forgive my brother", .applicationRequest),
        ("what do i do about my anger", .applicationRequest),
    ]

    /// Conversation in the room and Scripture read aloud, which must not be taken for a
    /// question (nor acted on).
    static let conversation = [
        "the children are playing in the garden", "what time is it in new york",
        "could you pass me the salt please", "my sister is coming over for dinner on sunday",
        "in the beginning god created the heavens and the earth", "the lord is my shepherd i shall not want",
    ]

    @Test("spoken questions get their kind, conversation and Scripture read aloud do not")
    func questionsAreHeardByTheirOpenings() throws {
        try PiperVoice.prepare(Self.questions.map(\.0) + Self.conversation)
        var settings = RecognitionSettings()
        settings.independentUtterances = true
        let recognizer = try Recognizer(compiled: TestModel.compiled(), settings: settings)
        let classifier = InputClassifier()
        var right: [String] = []
        for (question, kind) in Self.questions {
            let recognition = try recognizer.recognize(try PiperVoice.audio(question))
            #expect(!recognition.intent.isAccepted, "\(question) → \(recognition.hypothesis.text)")
            if classifier.classify(recognition.hypothesis.text, heard: true) == kind { right.append(question) }
            print("\(question) → \(recognition.hypothesis.text)")
        }
        #expect(right.count >= 7, "heard as questions: \(right)")

        for sentence in Self.conversation {
            let recognition = try recognizer.recognize(try PiperVoice.audio(sentence))
            #expect(!recognition.intent.isAccepted, "\(sentence) → \(recognition.hypothesis.text)")
            #expect(!classifier.isQuestion(recognition.hypothesis.text, heard: true), "\(sentence) → \(recognition.hypothesis.text)")
        }
    }

    @Test("while the review question is asked, a spoken question is no answer and gets its kind; the answer is still heard")
    func questionsDuringTheReviewQuestion() throws {
        try PiperVoice.prepare(Self.questions.map(\.0) + ["a rainbow"])
        var settings = RecognitionSettings()
        settings.independentUtterances = true
        let recognizer = try Recognizer(compiled: TestModel.compiled(), settings: settings)
        try recognizer.expect(.answer(["A rainbow", "rainbow", "the bow"]))
        let classifier = InputClassifier()
        var right: [String] = []
        for (question, kind) in Self.questions {
            let recognition = try recognizer.recognize(try PiperVoice.audio(question))
            #expect(!recognition.intent.isAccepted, "\(question) → \(recognition.intent)")
            // What the daemon classifies: the words heard, without the rejection path's phones.
            let words = recognition.hypothesis.words.filter { !GarbageModel.isGarbage($0) }.joined(separator: " ")
            if classifier.classify(words, heard: true) == kind { right.append(question) }
            print("\(question) → \(recognition.hypothesis.text)")
        }
        #expect(right.count >= 7, "heard as questions: \(right)")

        let answer = try recognizer.recognize(try PiperVoice.audio("a rainbow"))
        #expect(answer.intent == .answer("a rainbow"), "a rainbow → \(answer.hypothesis.text)")
    }
}

