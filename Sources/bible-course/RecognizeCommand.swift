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

/// `bible-course recognize FILE.wav ...`: decodes files with the daemon's pipeline.
struct RecognizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recognize",
        abstract: "Recognise commands and look-ups in WAV files, as the daemon would.",
        discussion: """
            Each file goes through the endpointer, the recogniser and the intent matcher. \
            With --json, one object per file (a stable format other tools read): \
            {"file", "text", "intent": {"command": "BEGIN_LESSON"} | {"lookup": "Hab 2:4"} | \
            {"answer": "..."} | null, "confidence", "decode_ms", "audio_ms"}, plus \
            "latency_ms" (processing between the end of the trailing silence and the \
            intent, as the daemon would have it with one core free: the utterance is \
            decoded 200 ms into its trailing silence), "snr_db", "denoised", \
            "word_score" (the words' acoustic score per frame), "rechecked" (what the \
            command language model heard, when the plain grammar's sentence was taken for it), \
            "question" ("application" or "theology" when speech that is not a command opens as a \
            question to the course, which the daemon answers with the guardrail's reply, unless it \
            ran past the longest utterance; else null), \
            "rejected" (why the intent is null), "partial" (a look-up's book, or book and \
            chapter, when that is all its decodes agreed on: "Ezra 1") and "utterances" (each utterance the file was cut \
            into: {"start", "end" (seconds), "text", "intent", "rejected"}, so a file with several \
            shows which was acted on: the first with an intent). Files are 16-bit PCM WAV; other rates and channel counts are \
            converted.
            """
    )

    @Argument(help: "WAV files.")
    var files: [String]

    @Flag(help: "One JSON object per file.")
    var json = false

    @Option(help: "Listen for these answers (separated by |) instead of commands.")
    var answers: String?

    @Flag(help: "Listen as during a lesson: the seven commands, where a look-up is conversation (the plain grammar decodes without look-ups). Default: as with no lesson active.")
    var lesson = false

    @Flag(help: "Listen as in a look-up's correction window, just after the reference is said: \"no\" (or stop, wrong, cancel), alone or before a reference, or another look-up.")
    var correction = false

    @Option(name: .customLong("missing-part"), help: ArgumentHelp("Listen as after asking for the rest of a look-up heard in part: the book (\"Ezra\": which chapter?) or the book and chapter (\"Ezra 1\": which verse?). The part alone (\"chapter one verse eleven\", \"eleven\") is completed with it.", valueName: "book [chapter]"))
    var missingPart: String?

    @OptionGroup var recognition: RecognitionOptions

    @Flag(help: "Verify each hypothesis against a free phone loop decode of the same audio.")
    var verify = false

    @Flag(name: .customLong("features"), help: ArgumentHelp("With --json, each command utterance's two decodes (for scripts/fit-decision.sh).", visibility: .hidden))
    var features = false

    @Option(help: "PocketSphinx's own log file.")
    var decoderLog: String = "/dev/null"

    @Option(name: .customLong("decoder-option"), parsing: .unconditionalSingleValue, help: ArgumentHelp("A PocketSphinx flag as KEY=VALUE (e.g. -cmn=batch).", visibility: .hidden))
    var decoderOptions: [String] = []

    @OptionGroup var paths: PathOptions

    /// `text` ("Ezra", "Ezra 1", "1 Corinthians 13") as the part of a look-up heard.
    static func partialReference(_ text: String) throws -> PartialReference {
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        let chapter = words.count > 1 ? Int(words.last!) : nil
        if chapter != nil { words.removeLast() }
        guard let book = BookCatalog.book(named: words.joined(separator: " ")) else {
            throw ValidationError("--missing-part: no book named \"\(words.joined(separator: " "))\" in the Bible")
        }
        let part = PartialReference(book: book, chapter: chapter)
        if let chapter, part.chapter != chapter {
            throw ValidationError("--missing-part: \(book.name) has no chapter \(chapter)")
        }
        return part
    }

    func run() throws {
        var configuration = DaemonConfiguration()
        do {
            try recognition.apply(to: &configuration)
        } catch {
            throw ValidationError(error.description)
        }
        var settings = configuration.recognitionSettings
        settings.independentUtterances = true
        settings.verifyWithPhoneLoop = verify
        settings.decoderLog = decoderLog
        for option in decoderOptions {
            let parts = option.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { settings.decoderOptions[parts[0]] = parts[1] }
        }
        // The compiled model when it can be had, else the fallback (and a warning saying why).
        let recognizer = try RecognitionModel.recognizer(
            paths.vocabularyLocations, settings: settings, standardRecognition: configuration.standardRecognition,
            warn: { warn("warning: \($0)") })
        if let answers {
            try recognizer.expect(.answer(answers.split(separator: "|").map(String.init)))
        } else if lesson {
            try recognizer.expect(.lessonCommands)
        } else if correction {
            try recognizer.expect(.correction)
        } else if let missingPart {
            try recognizer.expect(.missingPart(try Self.partialReference(missingPart)))
        }
        var failed = false
        for file in files {
            do {
                let samples = try WAVFile.read(URL(fileURLWithPath: file))
                var result = try FileRecognition.run(samples, recognizer: recognizer, endpointer: configuration.endpointer)
                result.printsDecodes = features
                print(json ? result.jsonLine(file: file) : result.textLine(file: file))
            } catch {
                failed = true
                // An audio error names the file already.
                warn(error is AudioError ? "\(error)" : "\(file): \(error)")
                if json {
                    var line = JSONLine()
                    line.add("file", file)
                    line.add("error", "\(error)")
                    print(line.text)
                }
            }
        }
        if failed { throw ExitCode(1) }
    }
}

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

/// One utterance of a file as `recognize --json` prints it in `utterances`: where it lies
/// (seconds), what was heard, and the intent or why there is none.
struct UtteranceJSON {
    let start: Double
    let end: Double
    let text: String
    let intent: Intent

    init(_ utterance: RecordedSpeech.Utterance) {
        start = utterance.start
        end = utterance.end
        text = utterance.recognition.hypothesis.text
        intent = utterance.recognition.intent
    }

    var json: JSONLine {
        var rejected: String? = nil
        if case .rejected(let why) = intent { rejected = why.description }
        var line = JSONLine()
        line.add("start", start, decimals: 1)
        line.add("end", end, decimals: 1)
        line.add("text", text)
        line.add("intent", object: FileRecognition.intentJSON(intent))
        line.add("rejected", rejected)
        return line
    }
}

/// One command utterance's two decodes as `recognize --features` prints them, for
/// `scripts/lib/fit_decision.py`.
struct DecodesJSON: Encodable {
    struct Decode: Encodable {
        /// Each segment (fillers too) as word, first frame, last frame, acoustic score.
        let words: [[String]]
        let text: String
        let acoustic: Int
        let frames: Int
        init(_ hypothesis: Hypothesis) {
            text = hypothesis.text
            acoustic = hypothesis.acousticScore
            frames = hypothesis.frames
            words = hypothesis.segments.map { [$0.word, "\($0.startFrame)", "\($0.endFrame)", "\($0.acousticScore)"] }
        }
    }
    let grammar: Decode
    let lm: Decode
    let snr: Double?
    /// The decision's features by name (``CommandFeatures/named``); nil when the grammar
    /// heard no words.
    let features: [String: Double]?
    /// What the grammar's sentence means: a command id, a reference, "refusal", or nil.
    let intent: String?

    init(_ decodes: CommandDecodes, intent: Intent) {
        grammar = Decode(decodes.grammar)
        lm = Decode(decodes.languageModel)
        snr = decodes.signalToNoise.flatMap { $0.isFinite ? $0 : nil }
        features = decodes.features?.named
        switch intent {
        case .command(let command): self.intent = command.id
        case .lookup(let reference): self.intent = reference.compact
        case .refusal: self.intent = "refusal"
        case .control(let control): self.intent = control.word
        case .answer(let text): self.intent = text
        case .rejected: self.intent = nil
        }
    }

}
