import ArgumentParser
import Assistant
import Audio
import Course
import Foundation
import Logging
import Recognition
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

    @OptionGroup var paths: PathOptions

    func run() throws {
        let listener = try Self.makeListener(paths, stock: stock)
        let print = { (heard: ScriptureListener.Heard, file: String?) in
            FileHandle.standardOutput.write(Data(((json ? heard.jsonLine(file: file) : heard.textLine) + "\n").utf8))
        }
        guard !files.isEmpty else {
            bootstrapLogging(.notice)
            try Self.listenLive(listener, source: CaptureLoop(device: captureDevice) { line in warn(line) },
                                captureDevice: captureDevice, notifier: SystemdNotifier(),
                                logger: Logger(label: "bible-course")) { print($0, nil) }
            return
        }
        var failed = false
        for file in files {
            do {
                for heard in try listener.transcribe(try WAVFile.read(URL(fileURLWithPath: file))) { print(heard, file) }
            } catch {
                failed = true
                warn("\(file): \(error)")
            }
        }
        if failed { throw ExitCode(1) }
    }

    /// Listens live (the microphone, or a file at real-time pace) under the daemon's loop
    /// until SIGTERM or SIGINT, `emit` getting each utterance: `listen` with no file and the
    /// daemon's listen mode.
    static func listenLive(_ listener: ScriptureListener, source: any AudioSource, captureDevice: String,
                           notifier: SystemdNotifier, logger: Logger,
                           emit: @escaping (ScriptureListener.Heard) -> Void) throws {
        let runtime = ListeningRuntime(listener: listener, logger: Logger(label: "bible-course.listen"), emit: emit)
        let capture = CaptureThread(source: source, clock: MonotonicSessionClock(),
                                    maximumQueued: ListeningRuntime.maximumQueued)
        let daemon = Daemon(runtime: runtime, capture: capture, captureDevice: captureDevice, sink: nil,
                            notifier: notifier, logger: logger)
        let status = daemon.run()
        if status != 0 { throw ExitCode(status) }
    }

    /// The listener of `listen` and of the daemon's listen mode: the domain model (built
    /// when missing or stale) or the stock one, the transcript normaliser (without it,
    /// references are read from the words as heard) and the indexes of quoted verses, by
    /// their words and by the sound of their words (the recogniser's pronunciations).
    static func makeListener(_ paths: PathOptions, stock: Bool = false) throws -> ScriptureListener {
        let transcriber: Transcriber
        let verses: [(book: Book, verse: Verse)]
        let dictionary: URL
        do {
            verses = try BibleStore(path: paths.bibleURL.path).allVerses()
            if stock {
                dictionary = URL(fileURLWithPath: PocketSphinxDecoder.defaultDictionary)
                transcriber = try Transcriber(languageModel: URL(fileURLWithPath: PocketSphinxDecoder.defaultLanguageModel),
                                              dictionary: dictionary)
            } else {
                let started = Date()
                let (model, outcome) = try DomainModelSetup.prepare(paths.vocabularyLocations, bible: paths.bibleURL)
                if case .built(let why) = outcome {
                    warn(String(format: "domain model built in %.1f s (%@): %@", Date().timeIntervalSince(started),
                                why.description, model.directory.path))
                }
                dictionary = model.dictionary
                transcriber = try Transcriber(languageModel: model.languageModel, everydayModel: model.everydayModel,
                                              dictionary: dictionary)
            }
        } catch {
            throw CommandFailure("listen: \(error)")
        }
        let normaliser: Normaliser?
        do {
            normaliser = try TranscriptNormaliserSetup.load(NormaliseCommand.inputs(paths))
        } catch {
            warn("the transcript normaliser cannot be set up (\(error)); references are read from the words as heard")
            normaliser = nil
        }
        let quotations = QuotationIndex(verses: verses)
        let sounds: VerseSoundIndex?
        do {
            let text = try String(contentsOf: dictionary, encoding: .utf8)
            sounds = VerseSoundIndex(quotations: quotations, pronunciations: PronunciationDictionary.entries(text))
        } catch {
            warn("cannot read the pronunciations of \(dictionary.path) (\(error)); a verse read in noise is looked for by its rare words only")
            sounds = nil
        }
        return ScriptureListener(transcriber: transcriber, normaliser: normaliser, quotations: quotations, sounds: sounds)
    }
}
