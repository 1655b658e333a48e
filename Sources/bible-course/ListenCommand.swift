import ArgumentParser
import Assistant
import Audio
import Course
import Foundation
import Hearing
import Listening
import Logging
import Scripture
import Vocabulary

/// `bible-course listen [FILE.wav ...]`: free speech transcribed with the Bible-domain
/// language model, and the passages it names or quotes; the microphone when no file is
/// given.
struct ListenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Transcribe free speech (preaching, teaching, reading aloud) and name the passages it names or quotes.",
        discussion: """
            Each WAV file, or the microphone when no file is given (until Ctrl-C), is cut \
            into utterances and each utterance decoded with a language model of the Bible's \
            words (estimated from Bible.db, the ways references are said, the lesson scripts \
            and the vocabulary's terms; built at first use into the state directory and \
            reused while they are unchanged). An utterance in which no passage is found is \
            decoded again with that model mixed with everyday English (the stock en-us \
            model's commonest words and word pairs), and those words are printed. The text \
            goes through the transcript normaliser. A passage is "named" when a reference is said ("as it says in \
            habakkuk two four") and "quoted" when the words are a verse's (most of its rarer \
            three-word runs heard) or, when too few words were heard right (a noisy room), \
            when the sound reads as a verse's words, whole and in order, about as well as \
            it reads as any phones at all. One line per utterance: "[start-end] text  → passages", \
            or with --json {"file", "start", "end", "text", "references": [{"reference": \
            "Hab 2:4", "how": "named" | "quoted", "confidence"}]} (seconds from the start; \
            "file" only for files; the confidence is, named, how well the words fit the \
            sound and, quoted, the share of the verse heard or how well the verse reads \
            against the sound, 0-1). --stock decodes with \
            PocketSphinx's stock en-us model instead, to compare. The daemon does the same \
            with mode = "listen" in its config.
            """
    )

    @Argument(help: "WAV files (16-bit PCM; other rates and channel counts are converted). None: the microphone.")
    var files: [String] = []

    @Flag(help: "One JSON object per utterance.")
    var json = false

    @Flag(help: "Decode with PocketSphinx's stock en-us language model instead of the Bible-domain one.")
    var stock = false

    @Option(help: "ALSA capture device when no file is given (\"default\", \"plughw:1,0\").")
    var captureDevice = "default"

    @Option(help: ArgumentHelp("The numbers of hearing from a JSON file, all or part (docs/hearing.md): free speech's endpointing, quotation and sound check.", valueName: "file"))
    var hearingTuning: String?

    @OptionGroup var paths: PathOptions

    func run() throws {
        var tuning = HearingTuning.shipped
        var listening = ListenTuning.shipped
        if let hearingTuning {
            do {
                let (hearing, part) = try DaemonConfiguration.readHearingTuning(hearingTuning)
                tuning = hearing
                if let part { listening = try ListenTuning.load(part) }
            } catch {
                throw CommandFailure("--hearing-tuning: \(error)")
            }
        }
        let environment = try Self.environment(paths, tuning: tuning, listening: listening, stock: stock)
        let print = { (heard: ScriptureListener.Heard, file: String?) in
            FileHandle.standardOutput.write(Data(((json ? heard.jsonLine(file: file) : heard.textLine) + "\n").utf8))
        }
        guard !files.isEmpty else {
            bootstrapLogging(.notice)
            let status = environment.run(source: CaptureLoop(device: captureDevice) { line in warn(line) },
                                         captureDevice: captureDevice, notifier: SystemdNotifier(),
                                         logger: Logger(label: "bible-course")) { print($0, nil) }
            if status != 0 { throw ExitCode(status) }
            return
        }
        var failed = false
        for file in files {
            do {
                try environment.listener.transcribe(try WAVReader(URL(fileURLWithPath: file))) { print($0, file) }
            } catch {
                failed = true
                // An audio error names the file already.
                warn(error is AudioError ? "\(error)" : "\(file): \(error)")
            }
        }
        if failed { throw ExitCode(1) }
    }

    /// The listening environment of `listen` and of the daemon's listen mode, its set-up
    /// errors as command failures.
    static func environment(_ paths: PathOptions, tuning: HearingTuning = .shipped, listening: ListenTuning = .shipped,
                            stock: Bool = false) throws -> ListeningEnvironment {
        do {
            return try ListeningEnvironment(paths: paths.dataPaths, normaliser: NormaliseCommand.inputs(paths),
                                            tuning: tuning, listening: listening, stock: stock) { warn($0) }
        } catch {
            throw CommandFailure("listen: \(error)")
        }
    }
}
