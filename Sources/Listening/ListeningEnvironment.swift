import Assistant
import Audio
import Course
import Decoding
import Foundation
import Hearing
import Logging
import Scripture
import Vocabulary
import Phonetics
import Normalisation

/// What `listen` and the daemon's listen mode are assembled from, beside
/// ``SessionEnvironment`` (the course): the listener (the domain model, built when missing
/// or stale, or the stock one; the transcript normaliser; the indexes of quoted verses by
/// their words and by the sound of their words) and the live loop that feeds it.
public struct ListeningEnvironment {
    public let listener: ScriptureListener

    /// Sets up the listener. A missing Bible or a model that cannot be built is an error;
    /// a normaliser or pronunciations that cannot be read are warned about through `warn`
    /// and done without (references are then read from the words as heard, and a verse
    /// read in noise is looked for by its rare words only). `tuning` holds the numbers of
    /// hearing and `listening` `listen`'s (the config's `hearing_tuning`; shipped by default).
    public init(paths: DataPaths, normaliser normaliserInputs: TranscriptNormaliserSetup.Inputs,
                tuning: HearingTuning = .shipped, listening: ListenTuning = .shipped, stock: Bool = false,
                warn: (String) -> Void) throws {
        let verses = try BibleStore(path: paths.bible.path).allVerses()
        let transcriber: Transcriber
        let dictionary: URL
        if stock {
            dictionary = URL(fileURLWithPath: SpeechDecoders.stockDictionary)
            transcriber = try Transcriber(languageModel: URL(fileURLWithPath: SpeechDecoders.stockLanguageModel),
                                          dictionary: dictionary, tuning: tuning, listening: listening)
        } else {
            let started = Date()
            let (model, outcome) = try DomainModelSetup.prepare(paths.vocabulary, verses: verses)
            if case .built(let why) = outcome {
                warn(String(format: "domain model built in %.1f s (%@): %@", Date().timeIntervalSince(started),
                            why.description, model.directory.path))
            }
            dictionary = model.dictionary
            transcriber = try Transcriber(languageModel: model.languageModel, everydayModel: model.everydayModel,
                                          dictionary: dictionary, tuning: tuning, listening: listening)
        }
        let normaliser: Normaliser?
        do {
            normaliser = try TranscriptNormaliserSetup.load(normaliserInputs)
        } catch {
            warn("the transcript normaliser cannot be set up (\(error)); references are read from the words as heard")
            normaliser = nil
        }
        let quotations = QuotationIndex(verses: verses, thresholds: listening.quotation)
        let sounds: VerseSoundIndex?
        do {
            let text = try String(contentsOf: dictionary, encoding: .utf8)
            sounds = VerseSoundIndex(quotations: quotations, pronunciations: PronunciationDictionary.entries(text))
        } catch {
            warn("cannot read the pronunciations of \(dictionary.path) (\(error)); a verse read in noise is looked for by its rare words only")
            sounds = nil
        }
        listener = ScriptureListener(transcriber: transcriber, normaliser: normaliser, quotations: quotations, sounds: sounds,
                                     soundCheck: listening.soundCheck)
    }

    /// Listens live (the microphone, or a file at real-time pace) under the daemon's loop
    /// until SIGTERM or SIGINT, `emit` getting each utterance. Returns the daemon's exit
    /// status.
    public func run(source: any AudioSource, captureDevice: String, notifier: SystemdNotifier, logger: Logger,
                    emit: @escaping (ScriptureListener.Heard) -> Void) -> Int32 {
        let runtime = ScriptureListenerRuntime(listener: listener, logger: Logger(label: "bible-course.listen"), emit: emit)
        let capture = CaptureThread(source: source, clock: MonotonicSessionClock(),
                                    maximumQueued: ScriptureListenerRuntime.maximumQueued)
        let daemon = Daemon(runtime: runtime, capture: capture, captureDevice: captureDevice, sink: nil,
                            notifier: notifier, logger: logger)
        return daemon.run()
    }
}
