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
        // The compiled model when it can be had, else the stock one (and a warning saying why).
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
