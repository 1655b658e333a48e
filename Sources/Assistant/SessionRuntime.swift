import Audio
import Course
import Foundation
import Logging
import Recognition
import Scripture
import Speech
import Vocabulary
import Intents

/// The daemon's one loop: captured audio in, spoken course out.
///
/// Audio → ``Endpointer`` → ``Recognizer`` (the search the machine's `listen` effects
/// chose) → ``Intent`` → ``SessionMachine`` event → effects carried out: speech through the
/// ``SpeechSynthesizer`` to the sink, passages from `Bible.db`, timers on the
/// ``SessionClock``, saves through the ``ProgressStore``.
///
/// - Half-duplex: while the daemon speaks nothing is heard (speaking blocks this loop),
///   and audio captured before the end of the speech plus ``echoTail`` is discarded, so
///   the daemon never hears and obeys itself.
/// - What was heard is routed by ``SessionMachine/heard(_:typed:)`` as in every mode:
///   look-ups in IDLE ("Read Habakkuk chapter two verse four") are read from `Bible.db`;
///   while the review question is asked, speech the answer grammar cannot place is judged
///   as a wrong answer (the person answered, with something the course does not accept),
///   unless it opens as a question to the course.
/// - Utterances with nothing in them (a cough, a door) are ignored without a reply, and so
///   is rejected sound that ran past the endpointer's longest utterance (steady noise,
///   people talking in the room).
/// - A timer that runs out while someone is speaking waits until the utterance is decided.
///
/// The same runtime runs live (``MonotonicSessionClock``, audio from the microphone, see
/// ``Daemon``) and scripted (``VirtualSessionClock``, see ``ScriptedConversation``).
///
/// Threads: one thread drives it (``start()``, ``hear(_:capturedAt:)``, ``tick()``); the
/// C handles it owns (decoder, sink) stay on that thread. ``stopFlag`` may be raised from
/// any thread.
public final class SessionRuntime {
    /// Everything a session is made of; see ``SessionEnvironment`` for opening them from
    /// a configuration.
    public struct Parts {
        public var courseID: String
        public var loader: CurriculumLoader
        public var store: ProgressStore
        /// `Bible.db`; nil when it cannot be opened (passages are then not read, and the
        /// daemon says so in the log).
        public var bible: BibleStore?
        public var recognizer: Recognizer
        public var endpointer: Endpointer.Configuration
        public var synthesizer: SpeechSynthesizer
        public var sink: any AudioSink
        public var clock: any SessionClock
        public var timing: SessionTiming
        /// How long after its own speech the daemon stays deaf, for the room's echo.
        public var echoTail: Duration

        public init(courseID: String, loader: CurriculumLoader, store: ProgressStore, bible: BibleStore?,
                    recognizer: Recognizer, endpointer: Endpointer.Configuration = Endpointer.Configuration(),
                    synthesizer: SpeechSynthesizer, sink: any AudioSink, clock: any SessionClock,
                    timing: SessionTiming = SessionTiming(), echoTail: Duration = .milliseconds(300)) {
            self.courseID = courseID
            self.loader = loader
            self.store = store
            self.bible = bible
            self.recognizer = recognizer
            self.endpointer = endpointer
            self.synthesizer = synthesizer
            self.sink = sink
            self.clock = clock
            self.timing = timing
            self.echoTail = echoTail
        }
    }

    public let courseID: String
    public let echoTail: Duration
    /// Raised to stop: speech is cut between sentences and nothing more is carried out.
    public let stopFlag = StopFlag()
    /// Receives every event, in order, on the runtime's thread.
    public var onEvent: (TimedEvent) -> Void = { _ in }
    /// Called often from the loop and between sentences (the systemd watchdog).
    public var heartbeat: () -> Void = {}
    /// Receives all audio in time order: each chunk heard (16 kHz, gated or not) and each
    /// piece spoken (at the synthesiser's rate). For the demo's session WAV.
    public var onAudio: ((_ samples: [Int16], _ sampleRate: Int, _ spoken: Bool) -> Void)? {
        didSet {
            let record = onAudio
            sink.onPlay = record.map { record in { samples, rate in record(samples, rate, true) } }
        }
    }

    private let loader: CurriculumLoader
    private let store: ProgressStore
    private let bible: BibleStore?
    /// The endpointer and the recogniser, hearing the microphone.
    private let listener: UtteranceListener
    private let synthesizer: SpeechSynthesizer
    private let sink: MeteredSink
    private let clock: any SessionClock
    private let timing: SessionTiming
    private let logger: Logger
    private var machine: SessionMachine
    private var timers = SessionTimers()
    /// Audio captured before this is the daemon's own voice or its echo.
    private var deafUntil: Duration = .zero
    private var playbackFailing = false
    /// Samples discarded by the half-duplex gate.
    public private(set) var gatedSamples = 0

    public init(_ parts: Parts, logger: Logger = Logger(label: "bible-course.runtime")) {
        courseID = parts.courseID
        loader = parts.loader
        store = parts.store
        bible = parts.bible
        listener = UtteranceListener(recognizer: parts.recognizer, endpointer: parts.endpointer)
        synthesizer = parts.synthesizer
        sink = MeteredSink(parts.sink)
        clock = parts.clock
        timing = parts.timing
        echoTail = parts.echoTail
        self.logger = logger
        machine = SessionMachine(timing: parts.timing)
    }

    // MARK: - What drivers ask

    /// The session's state.
    public var state: SessionState { machine.state }
    /// The active lesson's id.
    public var lessonID: String? { machine.lesson?.id }
    /// The active lesson.
    public var lesson: Lesson? { machine.lesson }
    /// Whether the session waits for something a person says.
    public var isListening: Bool { machine.isListening }
    /// Whether an utterance is being heard now.
    public var isInUtterance: Bool { listener.endpointer.isInSpeech }
    /// When the next timer runs out, on the session clock.
    public var nextTimerDeadline: Duration? { timers.nextDeadline }
    /// The session clock's time.
    public var now: Duration { clock.now }

    // MARK: - Running

    /// Registers the course and resumes the saved session (at the start of the segment it
    /// was in, or IDLE), carrying out what that asks (which may be speaking a segment).
    public func start() {
        let (saved, lesson) = loader.sessionToResume(courseID: courseID, store: store) { problem, courseUnreadable in
            emit(courseUnreadable ? .failure(problem) : .notice(problem))
        }
        let (started, effects) = SessionMachine.start(from: saved, lesson: lesson, timing: timing)
        machine = started
        let saves = effects.contains { if case .saveSessionState = $0 { true } else { false } }
        if !saves {
            emit(.state(machine.state, lessonID: machine.lesson?.id, segment: machine.state.segment?.number))
        }
        carryOut(effects)
    }

    /// Hears one chunk of 16 kHz audio that ended at `capturedAt` on the session clock
    /// (now, when nil). A virtual clock moves by the chunk's length first.
    public func hear(_ samples: [Int16], capturedAt: Duration? = nil) {
        let length = Duration.seconds(double: Double(samples.count) / Double(AudioFormat.sampleRate))
        clock.pass(length)
        onAudio?(samples, AudioFormat.sampleRate, false)
        heartbeat()
        guard !stopFlag.isRaised else { return }
        let end = capturedAt ?? clock.now
        if end - length < deafUntil {
            gatedSamples += samples.count
            fireDueTimers()
            return
        }
        listener.hear(samples, heard: { recognition, cutAtMaximum in
            act(on: recognition, cutAtMaximum: cutAtMaximum)
            // The rest of this chunk was captured while the reply was being decided; if the
            // daemon spoke since, it is before the gate.
            return deafUntil <= end && !stopFlag.isRaised
        }, failed: { emit(.failure("recogniser: \($0)")) })
        fireDueTimers()
    }

    /// Fires the timers that are due (live: call when no audio arrived for a while).
    public func tick() {
        heartbeat()
        fireDueTimers()
    }

    /// Saves the session state as it is now (the shutdown's last write).
    public func saveState() {
        do {
            try store.persist([.saveSessionState(machine.savedSession)])
        } catch {
            emit(.failure(String(describing: error)))
        }
    }

    // MARK: - Utterances

    private func act(on recognition: Recognition, cutAtMaximum: Bool) {
        emit(.heard(text: recognition.hypothesis.text, confidence: recognition.confidence,
                    decodeMilliseconds: recognition.decodeMilliseconds,
                    audioMilliseconds: recognition.audioMilliseconds))
        emit(.intent(recognition.intent))
        let words = recognition.hypothesis.words.filter { !GarbageModel.isGarbage($0) }.joined(separator: " ")
        let input: HeardInput
        switch recognition.intent {
        case .command(let command): input = .command(command)
        case .lookup(let reference): input = .lookup(reference)
        case .answer(let text): input = .answer(text)
        case .rejected(.nothingHeard): input = .nothing
        case .rejected(.invalidReference(let error)): input = .noSuchPassage(error)
        // Sound that went on past the longest utterance and was no command: a steady noise
        // or a conversation in the room. Answering it would talk over the room every ten
        // seconds.
        case .rejected where cutAtMaximum: input = .nothing
        case .rejected: input = .speech(words)
        }
        carryOut(machine.heard(input))
    }

    /// Reads a passage asked for in IDLE.
    private func read(_ reference: ScriptureReference) {
        guard let bible else {
            emit(.failure("cannot read \(reference): Bible.db is not open"))
            return
        }
        do {
            let passage = try bible.passage(reference)
            guard !passage.verses.isEmpty else {
                say("There is no such passage.", kind: .reply)
                return
            }
            say(SpokenReference.phrase(reference) + ". " + passage.text, kind: .lookup)
        } catch {
            emit(.failure(error.description))
        }
    }

    // MARK: - Effects

    private func fireDueTimers() {
        while !listener.endpointer.isInSpeech, !stopFlag.isRaised, let timer = timers.takeDue(at: clock.now) {
            emit(.timer(timer.kind))
            carryOut(machine.handle(.timerFired(timer)))
        }
    }

    private func carryOut(_ effects: [SessionEffect]) {
        do {
            try store.persist(effects)
        } catch {
            emit(.failure(error.description))
        }
        var followUps: [SessionEvent] = []
        for effect in effects {
            if stopFlag.isRaised { return }
            timers.apply(effect, now: clock.now)
            switch effect {
            case .saveSessionState(let saved):
                emit(.state(saved.state, lessonID: saved.lessonID, segment: saved.segment))
            case .speakReply(let reply):
                say(reply.text, kind: .reply)
            case .playSegment(let playback):
                say(playback.script, kind: .segment)
                if let reference = playback.passage, !stopFlag.isRaised {
                    readPassage(reference)
                }
                if stopFlag.isRaised { return }
                followUps.append(.playbackFinished(playback.type))
            case .listen(let mode):
                listen(mode)
            case .loadNextLesson:
                followUps.append(loadNextLesson())
            case .logLessonFailure(let reason):
                emit(.notice("lesson unavailable: \(reason)"))
            case .readPassage(let reference):
                read(reference)
            case .sayNoSuchPassage(let error):
                say(SpokenReference.noSuchPassage(error), kind: .reply)
            case .startTimer, .cancelTimer, .recordAnswer, .markLessonComplete:
                break
            }
        }
        for event in followUps {
            if stopFlag.isRaised { return }
            carryOut(machine.handle(event))
        }
    }

    private func readPassage(_ reference: ScriptureReference) {
        guard let bible else {
            emit(.failure("cannot read \(reference): Bible.db is not open"))
            return
        }
        do {
            let passage = try bible.passage(reference)
            say(passage.text, kind: .passage)
        } catch {
            emit(.failure(error.description))
        }
    }

    private func listen(_ mode: ListeningMode) {
        do {
            switch mode {
            case .commands:
                try listener.recognizer.listen(for: .commands)
            case .answer(let question):
                try listener.recognizer.listen(for: .answer([question.correctAnswer] + question.acceptableVariants))
            }
        } catch {
            emit(.failure("recogniser: cannot switch search: \(error)"))
        }
    }

    /// Speaks `text`, then closes the ear until the echo has died away.
    private func say(_ text: String, kind: SpeechKind) {
        guard !text.isEmpty else { return }
        let started = clock.now
        sink.resetMeter()
        do {
            try synthesizer.speak(text, to: sink, shouldStop: { [heartbeat, stopFlag] in
                heartbeat()
                return stopFlag.isRaised
            })
            if playbackFailing {
                playbackFailing = false
                emit(.notice("playback works again"))
            }
        } catch {
            if !playbackFailing {
                emit(.failure("speech: \(error)"))
            }
            if case .playback = error { playbackFailing = true }
        }
        let seconds = sink.playedSeconds
        clock.pass(.seconds(double: seconds))
        deafUntil = clock.now + echoTail
        onEvent(TimedEvent(time: started, event: .said(text: text, kind: kind, seconds: seconds)))
        log(TimedEvent(time: started, event: .said(text: text, kind: kind, seconds: seconds)))
    }

    private func loadNextLesson() -> SessionEvent {
        loader.nextLessonEvent(courseID: courseID, store: store)
    }

    private func emit(_ event: RuntimeEvent) {
        let timed = TimedEvent(time: clock.now, event: event)
        log(timed)
        onEvent(timed)
    }

    /// One line per event: without the person's words at info level; at debug level the
    /// whole event (words, confidence, timings) instead.
    private func log(_ timed: TimedEvent) {
        switch timed.event {
        case .failure:
            logger.error("\(timed.privateLogLine)")
        case .notice:
            logger.notice("\(timed.privateLogLine)")
        default:
            if logger.logLevel <= .debug {
                logger.debug("\(timed.jsonLine)")
            } else {
                logger.info("\(timed.privateLogLine)")
            }
        }
    }
}
