import Assistant
import Audio
import Course
import Foundation
import Hearing
import Intents
import Logging
import Rehearsal
import Scripture
import Voice
import Vocabulary
import Phonetics
import SpeechFixtures

/// A daemon session on virtual time for the tests: the real curriculum (copied to a temp
/// dir, so tests may break it), a temp progress database, the real Bible.db, the compiled
/// model (built once for all tests), the daemon's voice into a recording sink, and a
/// person who speaks with espeak-ng.
///
/// The person's voice is en-us+f2 at espeak-ng's normal rate: measured with `recognize`
/// on the commands and a look-up, it was heard 8 of 8 times, against 3-5 of 8 for en-us,
/// en-gb, en-gb+m3 and en-us+m3 (PersonVoice). It is said by ``TestVoice`` (a fresh
/// espeak-ng process), so a line sounds the same whichever tests ran before it. A line
/// that is not recognised fails its test: nothing is retried here.
final class SpokenSession {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let courseID = "biblical-foundations-01"

    /// The compiled model, prepared once (in a folder shared by the test runs).
    static let model: Result<CompiledModel, VocabularyError> = {
        let locations = VocabularyLocations(
            grammarDirectory: checkout.appendingPathComponent("Grammars"),
            pronunciationsFile: checkout.appendingPathComponent("Models/pronunciations.tsv"),
            curriculumDirectory: checkout.appendingPathComponent("curriculum"),
            userVocabulary: nil,
            modelDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("bible-course-assistant-tests/model"))
        return RecognitionModel.prepare(locations, garbageWeight: HearingTuning.shipped.decoding.garbageWeight).map(\.0)
    }()

    static let daemonVoice = try! SpeechSynthesizer(
        configuration: SpeechConfiguration(),
        pronunciations: SpokenPronunciations(lexicon: (try? AuthoredLexicon.load(checkout.appendingPathComponent("Models/pronunciations.tsv"))) ?? [:]))
    private static let lock = NSLock()
    nonisolated(unsafe) private static var utterances: [String: [Int16]] = [:]

    /// `text` said by the person (16 kHz, half a second of silence around), made once.
    static func utterance(_ text: String) -> [Int16] {
        lock.lock(); defer { lock.unlock() }
        if let made = utterances[text] { return made }
        let made = try! TestVoice.audio(text, voice: PersonVoice.defaultVoice, rateFactor: 1.0)
        utterances[text] = made
        return made
    }

    /// Warnings and errors only: the event stream is what the tests read.
    static let quietLogger: Logger = {
        var logger = Logger(label: "bible-course.test")
        logger.logLevel = .warning
        return logger
    }()

    let directory: URL
    let curriculum: URL
    let stateDirectory: URL
    let store: ProgressStore
    let sink = RecordingAudioSink()
    let runtime: SessionRuntime
    let conversation: ScriptedConversation

    /// A session whose progress database holds `saved` (and `completed` lessons) before
    /// it starts; `prepare` may change the copied curriculum first.
    init(saved: SavedSession? = nil, completed: [String] = [], stateDirectory existing: URL? = nil,
         recording: Bool = true, narrator: (any Narrator)? = nil, hearsWhileSpeaking: Bool = false, room: RoomEcho? = nil,
         roomNoise: [Int16] = [],
         prepare: (URL) throws -> Void = { _ in }) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("assistant-test-\(UUID().uuidString)")
        curriculum = directory.appendingPathComponent("curriculum")
        stateDirectory = existing ?? directory.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.checkout.appendingPathComponent("curriculum"), to: curriculum)
        store = try ProgressStore(stateDirectory: stateDirectory)
        let loader = CurriculumLoader(directory: curriculum)
        if saved != nil || !completed.isEmpty {
            let course = try loader.loadCourse(Self.courseID)
            try store.register(course: course)
            var effects: [SessionEffect] = []
            for id in completed + [saved?.lessonID].compactMap({ $0 }) {
                try store.register(lesson: try loader.loadLesson(id, course: course),
                                   jsonPath: loader.lessonPath(id, courseID: Self.courseID))
            }
            effects += completed.map { .markLessonComplete(lessonID: $0) }
            if let saved { effects.append(.saveSessionState(saved)) }
            try store.persist(effects)
        }
        try prepare(curriculum)
        var settings = RecognitionSettings()
        settings.independentUtterances = true
        let recognizer = try Recognizer(compiled: try Self.model.get(), settings: settings)
        let bible: any PassageSource = (try? BibleStore(path: Self.checkout.appendingPathComponent("Models/Bible.db").path))
            ?? UnavailableBible(reason: "Models/Bible.db is not built")
        runtime = SessionRuntime(.init(
            courseID: Self.courseID, loader: loader, store: store, bible: bible, recognizer: recognizer,
            synthesizer: narrator ?? Self.daemonVoice, sink: recording ? sink : DiscardingSink(), clock: VirtualSessionClock(),
            hearsWhileSpeaking: hearsWhileSpeaking),
            logger: Self.quietLogger)
        conversation = ScriptedConversation(runtime: runtime, room: room, roomNoise: roomNoise)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Starts (resumes) the session; returns the events of the start.
    @discardableResult
    func start() -> [RuntimeEvent] {
        let first = conversation.events.count
        runtime.start()
        return conversation.events[first...].map(\.event)
    }

    /// The person says `text` when the session next listens; the events of that turn.
    func say(_ text: String) -> [RuntimeEvent] {
        (conversation.say(Self.utterance(text)) ?? []).map(\.event)
    }

    /// `duration` of silence (a look-up's correction window runs out in it); its events.
    func silence(_ duration: Duration) -> [RuntimeEvent] {
        let first = conversation.events.count
        conversation.hearSilence(duration)
        return conversation.events[first...].map(\.event)
    }

    /// Silence until no timer is pending and no passage is being read.
    func finish() -> [RuntimeEvent] {
        let first = conversation.events.count
        conversation.finish()
        return conversation.events[first...].map(\.event)
    }
}

/// A loudspeaker that plays nothing and keeps nothing.
final class DiscardingSink: AudioSink {
    func play(_ samples: [Int16], sampleRate: Int) throws(AudioError) {}
    func stop() {}
    func close() {}
}

extension [RuntimeEvent] {
    /// The states entered, in order.
    var states: [SessionState] {
        compactMap { if case .state(let state, _, _) = $0 { return state } else { return nil } }
    }

    /// The intents, in order.
    var intents: [Intent] {
        compactMap { if case .intent(let intent) = $0 { return intent } else { return nil } }
    }

    /// What the daemon said, in order.
    var said: [(text: String, kind: SpeechKind)] {
        compactMap { if case .said(let text, let kind, _) = $0 { return (text, kind) } else { return nil } }
    }

    var failures: [String] {
        compactMap { if case .failure(let text) = $0 { return text } else { return nil } }
    }

    var notices: [String] {
        compactMap { if case .notice(let text) = $0 { return text } else { return nil } }
    }
}
