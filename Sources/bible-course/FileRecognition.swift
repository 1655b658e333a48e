import Support
import ArgumentParser
import Assistant
import Audio
import Course
import Decoding
import Foundation
import Hearing
import Intents
import Scripture
import Vocabulary

/// One file through the endpointer and the recogniser: the first utterance the daemon
/// would act on, or the reason none.
struct FileRecognition {
    var texts: [String] = []
    var intent: Intent = .rejected(.nothingHeard)
    var confidence = 0.0
    var decodeMilliseconds = 0.0
    var latencyMilliseconds = 0.0
    var audioMilliseconds = 0.0
    var score = 0
    var acousticScore = 0
    var frames = 0
    /// The lowest signal-to-noise ratio of the file's utterances, and whether any had its
    /// noise suppressed.
    var signalToNoise: Double?
    var noiseSuppressed = false
    /// The words' mean acoustic score per frame (``Hypothesis/wordScorePerFrame``), of the
    /// utterance that decided.
    var wordScore: Double?
    /// The phone loop's view of the utterance that decided.
    var verification: PhoneLoopVerification?
    /// What the command language model heard in the utterance that decided, when the
    /// grammar's recheck replaced it.
    var rechecked: String?
    /// What the daemon takes the rejected utterance that decided for: a request for
    /// application or a theological question (``InputClassifier``, by the opening of
    /// what was heard), else nil.
    var question: InputRejection?
    /// Each utterance the endpointer cut from the file, in order.
    var utterances: [UtteranceJSON] = []
    /// Whether the JSON line carries ``decodes``.
    var printsDecodes = false
    /// Each command utterance's two decodes (``CommandDecodes``), printed with --features.
    var decodes: [DecodesJSON] = []

    static func run(_ samples: [Int16], recognizer: Recognizer, endpointer configuration: Endpointer.Configuration) throws -> FileRecognition {
        let utterances = try RecordedSpeech.utterances(samples, with: recognizer, endpointer: configuration)
        let recognitions = utterances.map(\.recognition)
        var result = FileRecognition()
        result.utterances = utterances.map(UtteranceJSON.init)
        for recognition in recognitions {
            if !recognition.hypothesis.text.isEmpty { result.texts.append(recognition.hypothesis.text) }
            result.decodeMilliseconds += recognition.decodeMilliseconds
            result.audioMilliseconds += recognition.audioMilliseconds
            result.latencyMilliseconds = max(result.latencyMilliseconds, recognition.finishMilliseconds)
            result.score += recognition.hypothesis.score
            result.acousticScore += recognition.hypothesis.acousticScore
            result.frames += recognition.hypothesis.frames
            if let snr = recognition.signalToNoise { result.signalToNoise = min(result.signalToNoise ?? snr, snr) }
            result.noiseSuppressed = result.noiseSuppressed || recognition.noiseSuppressed
            if let decodes = recognition.decodes {
                let words = decodes.grammar.words
                let meaning = IntentMatcher().meaning(of: words, expected: recognizer.expected)
                result.decodes.append(DecodesJSON(decodes, intent: meaning))
            }
        }
        if let decided = RecordedSpeech.decision(utterances) {
            let decision = decided.recognition
            result.intent = decision.intent
            result.confidence = decision.confidence
            result.wordScore = decision.hypothesis.wordScorePerFrame
            result.verification = decision.verification
            result.rechecked = decision.rechecked?.text
            // Words the session takes as words (not silence, a passage that does not exist
            // or sound that ran past the longest utterance) may be a question to the course.
            if case .speech(let words) = decided.input {
                let kind = InputClassifier().classify(words, heard: true)
                if kind == .applicationRequest || kind == .theologicalQuestion { result.question = kind }
            }
        }
        return result
    }

    /// The intent as `{"command": id}`, `{"lookup": reference}`, `{"refusal": true}`,
    /// `{"control": "pause"}` or `{"answer": text}`; nil (printed as null) when rejected.
    static func intentJSON(_ intent: Intent) -> JSONLine? {
        var line = JSONLine()
        switch intent {
        case .command(let command): line.add("command", command.id)
        case .lookup(let reference): line.add("lookup", reference.compact)
        case .refusal: line.add("refusal", true)
        case .control(let control): line.add("control", control.word)
        case .answer(let text): line.add("answer", text)
        case .rejected: return nil
        }
        return line
    }

    var rejection: String? {
        if case .rejected(let why) = intent { return why.description }
        return nil
    }

    /// The part of a look-up the decodes agreed on when they did not agree on its passage
    /// ("Ezra 1"), which the daemon asks to complete.
    var partial: String? {
        if case .rejected(.uncertainReference(let part?)) = intent { return part.compact }
        return nil
    }

    func jsonLine(file: String) -> String {
        var line = JSONLine()
        line.add("file", file)
        line.add("text", texts.joined(separator: " | "))
        line.add("intent", object: Self.intentJSON(intent))
        line.add("confidence", confidence, decimals: 3)
        line.add("decode_ms", decodeMilliseconds, decimals: 1)
        line.add("audio_ms", audioMilliseconds.rounded(.towardZero))
        line.add("latency_ms", latencyMilliseconds, decimals: 1)
        line.add("rejected", rejection)
        line.add("partial", partial)
        line.add("score", score)
        line.add("acoustic", acousticScore)
        line.add("frames", frames)
        line.add("snr_db", signalToNoise, decimals: 1)
        line.add("denoised", noiseSuppressed)
        line.add("word_score", wordScore, decimals: 1)
        line.add("rechecked", rechecked)
        line.add("question", question.map { $0 == .applicationRequest ? "application" : "theology" })
        if let verification {
            line.add("loop_score", verification.scorePerFrame, decimals: 2)
            line.add("loop_words", verification.words.map { LoopWord(word: $0.word, frames: $0.frames, score: $0.scorePerFrame) })
        }
        line.add("utterances", objects: utterances.map(\.json))
        if printsDecodes { line.add("decodes", decodes) }
        return line.text
    }

    /// A word of the phone loop's verification, printed as `[word, frames, score per frame]`.
    private struct LoopWord: Encodable {
        let word: String
        let frames: Int
        let score: Double

        func encode(to encoder: Encoder) throws {
            var row = encoder.unkeyedContainer()
            try row.encode(word)
            try row.encode(frames)
            try row.encode((score * 10).rounded() / 10)
        }
    }

    func textLine(file: String) -> String {
        let what: String
        switch intent {
        case .command(let command): what = command.id
        case .lookup(let reference): what = "lookup \(reference.compact)"
        case .refusal: what = "refusal"
        case .control(let control): what = control.word
        case .answer(let text): what = "answer \"\(text)\""
        case .rejected(let why): what = "rejected (\(why))"
        }
        return "\(file): \(what)  [heard \"\(texts.joined(separator: " | "))\"]"
    }
}
