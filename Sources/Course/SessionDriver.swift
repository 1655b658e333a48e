import Foundation
import Support
import Intents
import Scripture

/// The one interpreter of the session's effects, for every mode: the daemon (`run`),
/// `simulate`, `demo` and the text `session`.
///
/// It holds the ``SessionMachine`` and carries out what the machine returns over small
/// ports: a ``SessionSpeaker`` for the voice, a ``PassageSource`` for `Bible.db`, the
/// ``ProgressStore``, the session's timers on a ``SessionClock``, and `listen` for the
/// recogniser's search. What a person said arrives as an ``Intent`` (heard or typed) and
/// is routed by ``SessionMachine/heard(_:typed:)``. Everything done or noticed goes to
/// ``onEvent`` as a ``TimedEvent``, the one event format every mode prints or logs.
///
/// - Persistence effects are written first, in one transaction, then the rest in order.
/// - Speech moves the clock by the time it played (nothing on a live clock); timers count
///   from the end of what was said before them.
/// - A failing playback device is reported once, and again only after it has worked in
///   between; other speech failures each time. A segment that was not delivered (speech
///   failed, or the reading's passage could not be read) is not finished: the machine
///   hears ``SessionEvent/playbackFailed(_:)`` and waits at that segment, so progress never
///   records a lesson the person did not hear.
/// - ``stopFlag`` raised: nothing more is carried out.
/// - A speaker that hears while it speaks may be cut short by the person
///   (``SpeakerOutcome/cutBy``): the speech still to come of that turn is not said, a cut
///   segment is not finished, and what cut it is routed by
///   ``SessionMachine/heardOver(_:segmentSentence:)`` (with the sentence of the segment it
///   was cut in, which a hold resumes from).
///
/// Not thread-safe: one thread drives it (``stopFlag`` may be raised from any thread).
public final class SessionDriver {
    /// What a session runs over.
    public struct Ports {
        public var courseID: String
        public var loader: CurriculumLoader
        public var store: ProgressStore
        public var passages: any PassageSource
        public var speaker: any SessionSpeaker
        public var clock: any SessionClock
        public var timing: SessionTiming
        /// Switches the recogniser's search; throws why it cannot (nothing to switch when
        /// the input is typed).
        public var listen: (ExpectedSpeech) throws -> Void
        /// Whether a passage asked for is read a verse at a time, the runner listening
        /// between verses and asking for each (``readNextVerse()``): the daemon and
        /// `simulate`. Else it is read whole at once (the text `session`).
        public var listensBetweenVerses = false
        /// Whether the speaker hears the person while it speaks (``SpeakerOutcome/cutBy``):
        /// a segment is then said a sentence at a time (a verse at a time for the reading's
        /// passage), so that a hold knows the sentence it resumes from. Else each segment's
        /// script and passage are said whole.
        public var hearsWhileSpeaking = false

        public init(courseID: String, loader: CurriculumLoader, store: ProgressStore, passages: any PassageSource,
                    speaker: any SessionSpeaker, clock: any SessionClock, timing: SessionTiming = SessionTiming(),
                    listen: @escaping (ExpectedSpeech) throws -> Void = { _ in }) {
            self.courseID = courseID
            self.loader = loader
            self.store = store
            self.passages = passages
            self.speaker = speaker
            self.clock = clock
            self.timing = timing
            self.listen = listen
        }
    }

    public let courseID: String
    /// Raised to stop: nothing more is carried out.
    public let stopFlag: StopFlag
    /// Receives every event, in order, on the driver's thread.
    public var onEvent: (TimedEvent) -> Void = { _ in }
    /// When the last speech ended, on the session clock (the daemon stays deaf until its
    /// echo has died away); nil before anything was said.
    public private(set) var spokeUntil: Duration?

    private let ports: Ports
    private var machine: SessionMachine
    private var timers = SessionTimers()
    private var playbackFailing = false
    /// The verses of the passage asked for that are still to be read.
    private var unread: [String] = []
    /// What the person said over the speech just played, until it is routed.
    private var cutBy: SpokenOver?
    /// When progress kept in memory (a write that failed) was last tried again.
    private var progressTriedAt: Duration?

    /// - Parameter stopFlag: the flag that stops the session (shared with the speaker, which
    ///   cuts speech between sentences when it is raised).
    public init(_ ports: Ports, stopFlag: StopFlag = StopFlag()) {
        self.ports = ports
        self.stopFlag = stopFlag
        courseID = ports.courseID
        machine = SessionMachine(timing: ports.timing)
    }

    // MARK: - What runners ask

    /// The session's state.
    public var state: SessionState { machine.state }
    /// The active lesson.
    public var lesson: Lesson? { machine.lesson }
    /// Whether the session waits for something a person says.
    public var isListening: Bool { machine.isListening }
    /// What the session listens for now (a look-up's correction window included).
    public var expectedSpeech: ExpectedSpeech { machine.expectedSpeech }
    /// When the next timer runs out, on the session clock.
    public var nextTimerDeadline: Duration? { timers.nextDeadline }
    /// Whether verses of a passage asked for are still to be read (``readNextVerse()``).
    public var isReading: Bool { !unread.isEmpty }
    /// The session clock's time.
    public var now: Duration { ports.clock.now }
    /// Whether `input`, heard while the daemon speaks, cuts its speech
    /// (``SessionMachine/interrupts(_:)``).
    public func interrupts(_ input: HeardInput) -> Bool { machine.interrupts(input) }
    /// Whether all the session would do with `input` is answer it
    /// (``SessionMachine/onlyAnswers(_:)``).
    public func onlyAnswers(_ input: HeardInput) -> Bool { machine.onlyAnswers(input) }

    // MARK: - Running

    /// Registers the course and resumes the saved session (at the start of the segment it
    /// was in, or IDLE), carrying out what that asks (which may be speaking a segment).
    public func start() {
        let (saved, lesson) = ports.loader.sessionToResume(courseID: courseID, store: ports.store) { problem, courseUnreadable in
            report(courseUnreadable ? .failure(problem) : .notice(problem))
        }
        let (started, effects) = SessionMachine.start(from: saved, lesson: lesson, timing: ports.timing)
        machine = started
        let saves = effects.contains { if case .saveSessionState = $0 { true } else { false } }
        if !saves {
            report(.state(machine.state, lessonID: machine.lesson?.id, segment: machine.state.segment?.number))
        }
        carryOut(effects)
    }

    /// What a person typed: `text` and what it means.
    public func hear(_ intent: Intent, text: String, typed: Bool = false) {
        hear(HeardInput(intent, words: text), intent: intent, text: text, typed: typed)
    }

    /// What a person said or typed: `text` as heard (with its `decoding`) or typed, what it
    /// means (`intent`) and what that asks of the session (`input`: the one routing of an
    /// intent, ``HeardInput/init(_:words:cutAtMaximum:)``).
    public func hear(_ input: HeardInput, intent: Intent, text: String, decoding: DecodeReport? = nil, typed: Bool = false) {
        report(.heard(text: text, decoding: decoding))
        report(.intent(intent))
        carryOut(machine.heard(input, typed: typed))
    }

    /// Reads the next verse of the passage asked for; after the last, tells the machine the
    /// passage was read.
    public func readNextVerse() {
        guard !unread.isEmpty, !stopFlag.isRaised else { return }
        let verse = unread.removeFirst()
        if !say(verse, kind: .lookup) { unread = [] }
        if let cut = cutBy {
            route(cut, segmentSentence: nil)
            return
        }
        if unread.isEmpty { carryOut(machine.handle(.passageRead)) }
    }

    /// Fires the timers due now, and tries again, once a ``SessionTiming/progressRetry``,
    /// to write progress that a failed write left in memory.
    public func fireDueTimers() {
        retryUnsavedProgress()
        while !stopFlag.isRaised, let timer = timers.takeDue(at: now) {
            fire(timer)
        }
    }

    /// Moves a virtual clock to the next timer's deadline and fires it. False when no timer
    /// is pending, or on a live clock (which cannot be moved) when it is not due yet.
    @discardableResult
    public func fireNextTimer() -> Bool {
        guard !stopFlag.isRaised, let deadline = timers.nextDeadline else { return false }
        ports.clock.pass(deadline - now)
        guard let timer = timers.takeDue(at: now) else { return false }
        fire(timer)
        return true
    }

    /// Writes the progress a failed write left in memory, when a retry is due; says so when
    /// it is written (the failure was said when it happened).
    private func retryUnsavedProgress() {
        guard ports.store.unsavedChanges > 0 else { return }
        if let tried = progressTriedAt, now - tried < ports.timing.progressRetry { return }
        progressTriedAt = now
        do {
            try ports.store.retryUnsaved()
            reportProgressSaved()
        } catch {
            // Still kept; tried again after the next interval.
        }
    }

    /// Says that progress a failed write had left in memory is now on disk.
    private func reportProgressSaved() {
        report(.notice("progress saved: the changes kept in memory are written to \(ports.store.path)"))
    }

    /// Saves the session state as it is now (the shutdown's last write).
    public func saveState() {
        do {
            try ports.store.persist([.saveSessionState(machine.savedSession)])
        } catch {
            report(.failure(String(describing: error)))
        }
    }

    /// Reports `event` now, as the driver's own events are reported.
    public func report(_ event: RuntimeEvent) {
        onEvent(TimedEvent(time: now, event: event))
    }

    // MARK: - Effects

    private func fire(_ timer: SessionTimer) {
        report(.timer(timer.kind))
        carryOut(machine.handle(.timerFired(timer)))
    }

    private func carryOut(_ effects: [SessionEffect]) {
        let waiting = ports.store.unsavedChanges
        do {
            try ports.store.persist(effects)
            if waiting > 0 { reportProgressSaved() }
        } catch {
            progressTriedAt = now
            report(.failure(String(describing: error)))
        }
        var followUps: [SessionEvent] = []
        /// The sentence of the segment the person's words cut.
        var segmentCutAt: Int?
        for effect in effects {
            if stopFlag.isRaised { return }
            if cutBy != nil, effect.speaks {
                // Cut short: nothing more is said this turn; a segment not begun is held
                // where it would have begun.
                if case .playSegment(let playback) = effect { segmentCutAt = playback.fromSentence }
                continue
            }
            timers.apply(effect, now: now)
            switch effect {
            case .saveSessionState(let saved):
                report(.state(saved.state, lessonID: saved.lessonID, segment: saved.segment))
            case .speakReply(let reply):
                say(reply.text, kind: .reply)
            case .playSegment(let playback):
                switch deliver(playback) {
                case .delivered: followUps.append(.playbackFinished(playback.type))
                case .failed: followUps.append(.playbackFailed(playback.type))
                case .cut(let sentence): segmentCutAt = sentence
                }
            case .listen(let mode):
                listen(mode)
            case .loadNextLesson:
                followUps.append(ports.loader.nextLessonEvent(courseID: courseID, store: ports.store))
            case .logLessonFailure(let reason):
                report(.notice("lesson unavailable: \(reason)"))
            case .sayReference(let reference):
                say(SpokenReference.phrase(reference) + ".", kind: .reference)
            case .readPassage(let reference):
                let found = passage(reference)
                guard let passage = found, !passage.verses.isEmpty else {
                    if found != nil { say(Reply.noSuchPassage.text, kind: .reply) }
                    followUps.append(.passageRead)
                    break
                }
                if ports.listensBetweenVerses {
                    unread = passage.verses.map(\.text)
                    readNextVerse()
                } else {
                    say(passage.text, kind: .lookup)
                    followUps.append(.passageRead)
                }
            case .stopReading:
                unread = []
            case .sayNoSuchPassage(let error):
                say(SpokenReference.noSuchPassage(error), kind: .reply)
            case .askForMissingPart(let part):
                say(SpokenReference.askingFor(part), kind: .reference)
            case .startTimer, .cancelTimer, .recordAnswer, .markLessonComplete:
                break
            }
        }
        if let cut = cutBy {
            route(cut, segmentSentence: segmentCutAt)
            return
        }
        for event in followUps {
            if stopFlag.isRaised { return }
            carryOut(machine.handle(event))
        }
    }

    /// Routes what the person said over the daemon's speech (see ``SpokenOver``).
    private func route(_ cut: SpokenOver, segmentSentence: Int?) {
        cutBy = nil
        report(.heard(text: cut.text, decoding: cut.decoding))
        report(.intent(cut.intent))
        carryOut(machine.heardOver(cut.input, segmentSentence: segmentSentence))
    }

    /// The passage from the source, or nil after reporting why it cannot be read.
    private func passage(_ reference: ScriptureReference) -> Passage? {
        do {
            return try ports.passages.passage(reference)
        } catch {
            report(.failure("cannot read \(reference.description): \(error)"))
            return nil
        }
    }

    private func listen(_ mode: ExpectedSpeech) {
        do {
            try ports.listen(mode)
        } catch {
            report(.failure("recogniser: cannot switch search: \(error)"))
        }
    }

    /// What became of a segment played.
    private enum SegmentDelivery {
        case delivered
        /// Not delivered: the person did not hear all of it.
        case failed
        /// The person cut it in this sentence (``cutBy``).
        case cut(sentence: Int)
    }

    /// One piece of a segment as it is said: its recording, or a sentence (a verse).
    private enum SegmentPiece {
        case recording(URL, script: String)
        case text(String, SpeechKind)
    }

    /// Plays a segment from its ``SegmentPlayback/fromSentence``: its recorded narration or
    /// its script, then for the reading segment the passage from `Bible.db`. Said a
    /// sentence (a verse) at a time when the speaker hears while it speaks; stops at the
    /// first piece that fails.
    private func deliver(_ playback: SegmentPlayback) -> SegmentDelivery {
        let apart = ports.hearsWhileSpeaking
        var pieces: [SegmentPiece] = []
        if let recording = playback.recording {
            pieces.append(.recording(recording, script: playback.script))
        } else {
            pieces += (apart ? SentenceSplitter.sentences(in: playback.script) : [playback.script]).map { .text($0, .segment) }
        }
        var delivered = true
        if let reference = playback.passage {
            if let passage = passage(reference) {
                if passage.verses.isEmpty {
                    report(.failure("cannot read \(reference.description): no verses found in Bible.db"))
                    delivered = false
                }
                pieces += (apart ? passage.verses.map(\.text) : [passage.text]).map { .text($0, .passage) }
            } else {
                delivered = false
            }
        }
        // A hold saved before the lesson's file changed may point past its end: from the start.
        let first = playback.fromSentence < pieces.count ? playback.fromSentence : 0
        for index in pieces.indices.dropFirst(first) {
            if stopFlag.isRaised { break }
            let said = switch pieces[index] {
            case .recording(let recording, let script): present(recording, script: script)
            case .text(let text, let kind): say(text, kind: kind)
            }
            if cutBy != nil { return .cut(sentence: index) }
            if !said {
                delivered = false
                break
            }
        }
        return delivered ? .delivered : .failed
    }

    /// Plays a segment's recorded narration, or speaks its script when the file cannot be
    /// read (one notice says why). Whether it was delivered.
    private func present(_ recording: URL, script: String) -> Bool {
        let started = now
        let outcome = ports.speaker.play(recording)
        if let failure = outcome.failure, !outcome.playbackFailed {
            report(.notice("recording \(recording.path) not played (\(failure)); its script is spoken"))
            return say(script, kind: .segment)
        }
        return account(outcome, started: started, text: script, kind: .segment)
    }

    /// Speaks `text`; the clock moves by the time it played. Whether it was delivered (the
    /// speaker reported no failure).
    @discardableResult
    private func say(_ text: String, kind: SpeechKind) -> Bool {
        guard !text.isEmpty, !stopFlag.isRaised else { return true }
        let started = now
        return account(ports.speaker.speak(text), started: started, text: text, kind: kind)
    }

    /// Reports what became of speech (or a recording) of `text` that began at `started`,
    /// moves the clock by what played, and says whether it was delivered.
    private func account(_ outcome: SpeakerOutcome, started: Duration, text: String, kind: SpeechKind) -> Bool {
        if let failure = outcome.failure {
            if !playbackFailing { report(.failure("speech: \(failure)")) }
            if outcome.playbackFailed { playbackFailing = true }
        } else if playbackFailing {
            playbackFailing = false
            report(.notice("playback works again"))
        }
        ports.clock.pass(outcome.played)
        spokeUntil = now
        if let cut = outcome.cutBy { cutBy = cut }
        onEvent(TimedEvent(time: started, event: .said(text: text, kind: kind, seconds: outcome.played / .seconds(1))))
        return outcome.failure == nil
    }
}
