import Audio
import Course
import Foundation
import Hearing
import Logging
import Scripture
import Voice
import Vocabulary
import Phonetics

/// Why a session cannot be set up. Messages name the file, course or setting.
public enum SessionSetupError: Error, CustomStringConvertible {
    case noCourse(curriculum: String)
    /// The course cannot be taught (``CourseReadiness``), or `Bible.db` does not open.
    case course(String)
    case progress(ProgressStoreError)
    /// Another session holds the state directory.
    case stateDirectory(StateDirectoryLockError)
    case recogniser(String)
    case speech(SpeechError)

    public var description: String {
        switch self {
        case .noCourse(let curriculum): return "no course found under \(curriculum)/courses"
        case .course(let line): return line
        case .progress(let error): return error.description
        case .stateDirectory(let error): return error.description
        case .recogniser(let reason): return "the recogniser cannot start: \(reason)"
        case .speech(let error): return "the daemon's voice: \(error)"
        }
    }
}

/// Opens what a session needs from a ``DaemonConfiguration``: the curriculum, the
/// progress database, `Bible.db`, the recogniser (the compiled model, or standard
/// recognition with one warning when it cannot be had) and the daemon's voice. What is
/// left to the caller is where sound comes from and goes to, and the clock.
public struct SessionEnvironment {
    public let courseID: String
    public let loader: CurriculumLoader
    public let store: ProgressStore
    /// The state directory, held for as long as the environment lives: one session at a
    /// time writes its progress.
    public let lock: StateDirectoryLock
    /// `Bible.db` (the session does not start without it).
    public let bible: any PassageSource
    public let recognizer: Recognizer
    /// espeak-ng, in the configured voice (or standing in for Piper).
    public let synthesizer: SpeechSynthesizer
    /// The voice that speaks: espeak-ng, or Piper with espeak-ng standing by.
    public let narrator: any Narrator
    public let configuration: DaemonConfiguration

    /// - Parameter independentUtterances: start every utterance from the same feature
    ///   normalisation (scripted runs); live, adaptation carries over.
    public init(configuration: DaemonConfiguration, paths: DataPaths, independentUtterances: Bool,
                logger: Logger) throws(SessionSetupError) {
        self.configuration = configuration
        loader = CurriculumLoader(directory: paths.curriculum)
        guard let course = CourseReadiness.courseID(configured: configuration.course, loader: loader) else {
            throw .noCourse(curriculum: paths.curriculum.path)
        }
        courseID = course
        switch CourseReadiness.check(courseID: course, loader: loader, biblePath: paths.bible.path) {
        case .success(let store): bible = store
        case .failure(let problem): throw .course(problem.description)
        }
        do {
            lock = try StateDirectoryLock(directory: paths.stateDirectory)
        } catch {
            throw .stateDirectory(error)
        }
        do {
            store = try ProgressStore(stateDirectory: paths.stateDirectory)
        } catch {
            throw .progress(error)
        }
        if let damaged = store.damaged { logger.error("\(damaged)") }
        var settings = configuration.recognitionSettings
        settings.independentUtterances = independentUtterances
        do {
            recognizer = try RecognitionModel.recognizer(
                paths.vocabulary, settings: settings, standardRecognition: configuration.standardRecognition,
                warn: { logger.warning("\($0)") }, built: { logger.info("recognition model \($0)") })
        } catch {
            throw .recogniser(String(describing: error))
        }
        do {
            synthesizer = try paths.speech(configuration.speech, warn: { logger.warning("\($0)") })
        } catch {
            throw .speech(error)
        }
        switch VoiceChoice(configuration.voice) {
        case .espeak:
            narrator = synthesizer
        case .piper(let model):
            guard let piper = paths.piper else {
                throw .speech(.invalidConfiguration(reason: "voice \"\(configuration.voice)\": Piper is not installed here (scripts/setup.sh --piper or scripts/install.sh --piper)"))
            }
            narrator = PiperNarrator(launch: piper.launch(model: model, rateFactor: configuration.rate), cache: paths.voiceCache,
                                     fallback: synthesizer, log: { logger.warning("\($0)") })
        }
    }

    /// Renders what the course will say into the voice's cache (``FixedSpeech``), when the
    /// voice is Piper's; logs what it found and did. Meant for a background thread at start.
    public func renderAhead(shouldStop: () -> Bool, logger: Logger) {
        guard let piper = narrator as? PiperNarrator else { return }
        let texts = FixedSpeech.texts(loader: loader, courseID: courseID, bible: bible)
        let started = ContinuousClock.now
        let done = piper.renderAhead(texts, shouldStop: shouldStop)
        if done.rendered > 0 || done.failure != nil {
            let left = done.sentences - done.rendered - done.cached
            logger.notice("voice \(piper.voiceName): rendered \(done.rendered) of \(done.sentences) fixed sentences ahead in \(ContinuousClock.now - started)\(done.failure != nil ? "; stopped with \(left) not rendered (espeak-ng says them)" : "")")
        }
    }

    /// A runtime on these parts, speaking to `sink` on `clock`.
    public func runtime(sink: any AudioSink, clock: any SessionClock, timing: SessionTiming = SessionTiming(),
                        logger: Logger) -> SessionRuntime {
        SessionRuntime(
            .init(courseID: courseID, loader: loader, store: store, bible: bible, recognizer: recognizer,
                  endpointer: configuration.endpointer, synthesizer: narrator, sink: sink, clock: clock, timing: timing,
                  echoTail: .milliseconds(configuration.hearing.noise.echoTailMilliseconds),
                  hearsWhileSpeaking: configuration.hearWhileSpeaking, stateLock: lock),
            logger: logger)
    }
}
