import Support
import Audio
import Course
import Foundation
import Logging
import Hearing
import Scripture
import Voice
import Vocabulary
import Intents

/// The daemon's one loop: captured audio in, spoken course out.
///
/// Audio → ``Endpointer`` → ``Recognizer`` (the search the machine's `listen` effects
/// chose) → ``Intent`` → the ``SessionDriver`` every mode shares, which routes it and
/// carries out the machine's effects: speech through the ``SpeechSynthesizer`` to the
/// sink (``SynthesizerSpeaker``), passages from `Bible.db`, timers on the
/// ``SessionClock``, saves through the ``ProgressStore``.
///
/// - Hearing while it speaks (``Parts/hearsWhileSpeaking``): the microphone is read
///   (``microphoneWhileSpeaking``) after every tenth of a second of speech and heard with
///   the correction search (``ExpectedSpeech/correction``: "stop", "pause", a look-up, a
///   command); what ``SessionMachine/interrupts(_:)`` allows cuts the speech at once, the
///   rest is let be. A segment is then said a sentence at a time, so "pause" holds it in
///   its sentence.
/// - Else half-duplex: while the daemon speaks nothing is heard (speaking blocks this
///   loop), and audio captured before the end of the speech plus ``echoTail`` is
///   discarded, so the daemon never hears and obeys itself.
/// - What was heard is routed by ``SessionMachine/heard(_:typed:)`` as in every mode:
///   look-ups in IDLE ("Read Habakkuk chapter two verse four") are read from `Bible.db`
///   once their correction window has passed (a "no" heard in it reads nothing);
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
        /// `Bible.db`, or ``UnavailableBible`` when it cannot be opened (passages are then
        /// not read, and the daemon says why in the log).
        public var bible: any PassageSource
        public var recognizer: Recognizer
        public var endpointer: Endpointer.Configuration
        /// The voice (espeak-ng's ``SpeechSynthesizer``, or a ``PiperNarrator``).
        public var synthesizer: any Narrator
        public var sink: any AudioSink
        public var clock: any SessionClock
        /// The session's timers; the correction window is hearing's
        /// (``HearingTuning/Conversation/correctionWindowMilliseconds`` of the recogniser,
        /// after ``echoTail``).
        public var timing: SessionTiming
        /// How long after its own speech the daemon stays deaf, for the room's echo
        /// (half-duplex only).
        public var echoTail: Duration
        /// Whether the daemon hears the person while it speaks (the microphone is read
        /// through ``SessionRuntime/microphoneWhileSpeaking``); else it is deaf while it
        /// speaks and for ``echoTail`` after.
        public var hearsWhileSpeaking = false
        /// The state directory's lock (``StateDirectoryLock``), held for as long as the
        /// runtime lives: one session at a time writes the progress there.
        public var stateLock: StateDirectoryLock?

        public init(courseID: String, loader: CurriculumLoader, store: ProgressStore, bible: any PassageSource,
                    recognizer: Recognizer, endpointer: Endpointer.Configuration = Endpointer.Configuration(),
                    synthesizer: any Narrator, sink: any AudioSink, clock: any SessionClock,
                    timing: SessionTiming = SessionTiming(), echoTail: Duration = .milliseconds(HearingTuning.shipped.noise.echoTailMilliseconds),
                    hearsWhileSpeaking: Bool = false, stateLock: StateDirectoryLock? = nil) {
            self.stateLock = stateLock
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
            self.hearsWhileSpeaking = hearsWhileSpeaking
        }
    }

    public let courseID: String
    public let echoTail: Duration
    /// Held, not used: the state directory stays this runtime's while it lives.
    private let stateLock: StateDirectoryLock?
    /// Raised to stop: speech is cut between sentences and nothing more is carried out.
    public var stopFlag: StopFlag { driver.stopFlag }
    /// Receives every event, in order, on the runtime's thread.
    public var onEvent: (TimedEvent) -> Void = { _ in }
    /// Called often from the loop and between sentences (the systemd watchdog).
    public var heartbeat: () -> Void = {} {
        didSet { speaker.heartbeat = heartbeat }
    }
    /// Receives all audio in time order: each chunk heard (16 kHz, gated or not; not what is
    /// heard while the daemon speaks) and each piece spoken (at the synthesiser's rate). For
    /// the demo's session WAV.
    public var onAudio: ((_ samples: [Int16], _ sampleRate: Int, _ spoken: Bool) -> Void)? {
        didSet {
            let record = onAudio
            speaker.onPlay = record.map { record in { samples, rate in record(samples, rate, true) } }
        }
    }

    private let driver: SessionDriver
    /// The endpointer and the recogniser, hearing the microphone.
    private let listener: UtteranceListener<Recognizer>
    private let speaker: SynthesizerSpeaker
    private let clock: any SessionClock
    private let logger: Logger
    /// How long it listens between two verses of a passage asked for, after the echo tail.
    private let readingGap: Duration
    /// The longest utterance decoded while the daemon speaks, ms.
    private let longestWhileSpeaking: Int
    /// Fewer words that are no command than this are noise (``HearingTuning/Conversation/fewestWordsAnswered``).
    private let fewestWordsAnswered: Int
    /// Samples discarded by the half-duplex gate.
    public private(set) var gatedSamples = 0
    /// Whether the person is heard while the daemon speaks.
    public let hearsWhileSpeaking: Bool
    /// The microphone's audio (16 kHz) not yet heard, read while the daemon speaks: live, what
    /// the capture thread has queued; in `simulate`, what was said up to `reached` on the
    /// session clock (the speech's start plus what has played of it).
    public var microphoneWhileSpeaking: ((_ reached: Duration) -> [CaptureThread.Chunk])?
    /// Receives each piece of the daemon's voice (16 kHz) as it plays while it hears, with
    /// when it began on the session clock: `simulate`'s room (``RoomEcho``).
    public var onVoicePlayed: ((_ voice: [Int16], _ at: Duration) -> Void)?
    /// Takes the daemon's voice out of what it hears, while it speaks and after (hearing
    /// while it speaks only; nil when speexdsp could not set itself up).
    private let echoCanceller: EchoCanceller?
    /// What the microphone heard that the session has yet to act on (an utterance the
    /// listener closed), in order.
    private var closed: [(RecognizedUtterance, cutAtMaximum: Bool)] = []
    /// Whether the open utterance began while the daemon spoke.
    private var openedOverSpeech = false
    /// An utterance the session would only answer (``SessionDriver/onlyAnswers(_:)``),
    /// held until the run-on pause has passed in quiet after its sound (`until`): answered
    /// then, or let go as talk in the room if more sound comes first.
    private var answerHeld: (recognition: RecognizedUtterance, until: Duration)?
    /// Where on the session clock the audio heard last ended: time the microphone was not
    /// heard (the daemon's own voice) counts in the pause before the next utterance.
    private var heardUntil: Duration?
    /// How far behind the microphone hearing over the daemon's voice gives way
    /// (``HearingTuning/Conversation/stopsHearingOverSpeechBehindMilliseconds``; 0: never),
    /// whether it has for what is being said now, and how often it has.
    private let stopsHearingOverSpeechBehind: Int
    private var deafOverSpeech = false
    private var deafOverSpeechTally = LoggedTally()
    /// The search in force before the speech playing now began.
    private var searchBeforeSpeech: ExpectedSpeech?

    public init(_ parts: Parts, logger: Logger = Logger(label: "bible-course.runtime")) {
        courseID = parts.courseID
        stateLock = parts.stateLock
        listener = UtteranceListener(hearer: parts.recognizer, endpointer: parts.endpointer)
        clock = parts.clock
        echoTail = parts.echoTail
        self.logger = logger
        let stopFlag = StopFlag()
        speaker = SynthesizerSpeaker(synthesizer: parts.synthesizer, sink: parts.sink, stopFlag: stopFlag)
        hearsWhileSpeaking = parts.hearsWhileSpeaking
        echoCanceller = parts.hearsWhileSpeaking
            ? EchoCanceller(tailMilliseconds: parts.recognizer.settings.tuning.noise.echoFilterMilliseconds,
                            residueMarginDecibels: parts.recognizer.settings.tuning.noise.echoResidueMarginDecibels) : nil
        let recognizer = parts.recognizer
        var timing = parts.timing
        // The window is what is heard: it opens once the reference's echo has died away.
        timing.correctionWindow = parts.echoTail + .milliseconds(recognizer.settings.tuning.conversation.correctionWindowMilliseconds)
        readingGap = .milliseconds(recognizer.settings.tuning.conversation.readingGapMilliseconds)
        longestWhileSpeaking = recognizer.settings.tuning.conversation.longestWhileSpeakingMilliseconds
        fewestWordsAnswered = recognizer.settings.tuning.conversation.fewestWordsAnswered
        stopsHearingOverSpeechBehind = recognizer.settings.tuning.conversation.stopsHearingOverSpeechBehindMilliseconds
        var ports = SessionDriver.Ports(
            courseID: parts.courseID, loader: parts.loader, store: parts.store, passages: parts.bible,
            speaker: speaker, clock: parts.clock, timing: timing,
            listen: { try recognizer.expect($0) })
        ports.listensBetweenVerses = true
        ports.hearsWhileSpeaking = parts.hearsWhileSpeaking
        driver = SessionDriver(ports, stopFlag: stopFlag)
        driver.onEvent = { [unowned self] event in
            log(event)
            onEvent(event)
        }
        if parts.hearsWhileSpeaking {
            speaker.willSpeak = { [unowned self] in
                searchBeforeSpeech = recognizer.expected
                if recognizer.expected != .correction { try? recognizer.expect(.correction) }
            }
            speaker.didSpeak = { [unowned self] in
                if let before = searchBeforeSpeech, before != recognizer.expected { try? recognizer.expect(before) }
                searchBeforeSpeech = nil
            }
            speaker.hearWhilePlaying = { [unowned self] samples, rate in hearWhileSpeaking(played: samples, sampleRate: rate) }
        }
    }

    // MARK: - What drivers ask

    /// The session's state.
    public var state: SessionState { driver.state }
    /// The active lesson's id.
    public var lessonID: String? { driver.lesson?.id }
    /// The active lesson.
    public var lesson: Lesson? { driver.lesson }
    /// Whether the session waits for something a person says.
    public var isListening: Bool { driver.isListening }
    /// Whether a passage asked for is still being read, a verse at a time.
    public var isReading: Bool { driver.isReading }
    /// Whether an utterance is being heard or decided now (talk running on after a cut is
    /// not one: it is let go, ``Endpointer/runsOn``; one held for the run-on pause is).
    public var isInUtterance: Bool { (listener.endpointer.isInSpeech && !listener.endpointer.runsOn) || answerHeld != nil }
    /// When the next timer runs out, on the session clock.
    public var nextTimerDeadline: Duration? { driver.nextTimerDeadline }
    /// The session clock's time.
    public var now: Duration { clock.now }

    // MARK: - Running

    /// Registers the course and resumes the saved session (at the start of the segment it
    /// was in, or IDLE), carrying out what that asks (which may be speaking a segment).
    public func start() {
        driver.start()
    }

    /// Hears one chunk of 16 kHz audio that ended at `capturedAt` on the session clock
    /// (now, when nil). A virtual clock moves by the chunk's length first.
    public func hear(_ samples: [Int16], capturedAt: Duration? = nil) {
        let length = Duration.seconds(double: Double(samples.count) / Double(AudioFormat.sampleRate))
        clock.pass(length)
        onAudio?(samples, AudioFormat.sampleRate, false)
        heartbeat()
        guard !stopFlag.isRaised else { return }
        // The daemon is not speaking: it hears over its voice again the next time it speaks.
        deafOverSpeech = false
        let end = capturedAt ?? clock.now
        lastCapturedAt = capturedAt
        // The echo's tail is not heard; an utterance begun over the daemon's voice is heard on.
        if end - length < deafUntil, !(hearsWhileSpeaking && listener.endpointer.isInSpeech) {
            gatedSamples += samples.count
            fireDueTimers()
            return
        }
        if let heardUntil, end - length > heardUntil {
            listener.skip(AudioFormat.samples(milliseconds: Int(((end - length - heardUntil).seconds * 1000).rounded())))
        }
        heardUntil = end
        // How far hearing runs behind the microphone, for the stream cleaner to give way.
        let behind = capturedAt.map(millisecondsBehind)
        listen(to: echoCanceller?.clean(samples, from: AudioFormat.sample(at: end - length)) ?? samples,
               behindMilliseconds: behind)
        tellOfGivingWay()
        if openedOverSpeech, listener.openMilliseconds > longestWhileSpeaking { listener.abandon() }
        // Acted on once the listener is done with the chunk: the reply may be heard over.
        let heard = closed
        closed = []
        for (recognition, cutAtMaximum) in heard where !stopFlag.isRaised {
            let overSpeech = openedOverSpeech
            openedOverSpeech = false
            // Begun over the daemon's voice, it may be that voice: only what may cut it counts.
            if overSpeech, !driver.interrupts(recognition.input(cutAtMaximum: cutAtMaximum)) { continue }
            act(on: recognition, cutAtMaximum: cutAtMaximum, followsSound: listener.endpointer.followsSound)
        }
        if !listener.isOpen { openedOverSpeech = false }
        answerHeldUntilPause()
        fireDueTimers()
    }

    /// Says in the log that the stream cleaner gave way to hearing falling behind: at the
    /// first time, then at most once a minute, with how many times since.
    private func tellOfGivingWay() {
        guard let cleaner = listener.cleaner,
              let times = cleanerGivingWayTally.reached(cleaner.timesGivenWay, at: ContinuousClock.now) else { return }
        let behind = String(format: "%.1f", Double(cleaner.lastGaveWayBehindMilliseconds) / 1000)
        logger.info("hearing fell \(behind) s behind the microphone (the processor is too slow for the noise cleaner here): the cleaner gives way until hearing catches up\(times > 1 ? " (\(times) times since the last line)" : "")")
    }

    /// How often the stream cleaner gave way, for the daemon's last line; nil when it never did.
    var cleanerGaveWay: String? {
        guard let cleaner = listener.cleaner, cleaner.timesGivenWay > 0 else { return nil }
        let times = cleaner.timesGivenWay == 1 ? "once" : "\(cleaner.timesGivenWay) times"
        let seconds = String(format: "%.1f", Double(cleaner.samplesGivenWay) / Double(AudioFormat.sampleRate))
        return "the noise cleaner gave way \(times) (\(seconds) s heard uncleaned)"
    }

    /// How long ago (ms) the microphone heard what it handed over at `capturedAt`.
    private func millisecondsBehind(_ capturedAt: Duration) -> Int {
        Int(((clock.now - capturedAt).seconds * 1000).rounded())
    }

    /// The stream cleaner's giving way, as told in the log.
    private var cleanerGivingWayTally = LoggedTally()

    /// Hears `samples` and keeps each utterance closed in them for acting on. An utterance
    /// closes the chunk: the rest of it was captured before the reply (half-duplex, before
    /// the gate).
    /// `behindMilliseconds`: how long ago the microphone heard the chunk's end; nil for
    /// recorded audio.
    private func listen(to samples: [Int16], behindMilliseconds: Int? = nil) {
        listener.hear(samples, behindMilliseconds: behindMilliseconds, heard: { recognition, cutAtMaximum in
            closed.append((recognition, cutAtMaximum))
            return false
        }, failed: { driver.report(.failure("recogniser: \($0)")) })
    }

    /// Hears what the microphone caught while the daemon spoke, up to now, its voice (the
    /// piece just `played`) taken out: what cuts the speech
    /// (``SessionMachine/interrupts(_:)``), or nil. Other utterances are let be.
    private func hearWhileSpeaking(played: [Int16], sampleRate: Int) -> SpokenOver? {
        guard let microphone = microphoneWhileSpeaking, !stopFlag.isRaised else { return nil }
        heartbeat()
        let reached = clock.now + .seconds(double: speaker.playedSeconds)
        if echoCanceller != nil || onVoicePlayed != nil {
            let voice = Resampler.resample(played, from: sampleRate, to: AudioFormat.sampleRate)
            // Stamped as handed to the loudspeaker, which plays it a little later: early, as
            // the canceller needs.
            if !deafOverSpeech { echoCanceller?.played(voice, from: AudioFormat.sample(at: reached) - voice.count) }
            onVoicePlayed?(voice, reached - .seconds(double: Double(played.count) / Double(sampleRate)))
        }
        // Given way: what was caught is let go, so that the capture's queue keeps up.
        if deafOverSpeech {
            _ = microphone(reached)
            return nil
        }
        var cut: SpokenOver?
        for chunk in microphone(reached) where cut == nil && !chunk.samples.isEmpty {
            let behind = millisecondsBehind(chunk.capturedAt)
            if stopsHearingOverSpeechBehind > 0, behind >= stopsHearingOverSpeechBehind, !listener.isOpen {
                giveWayOverSpeech(behindMilliseconds: behind)
                break
            }
            // Not handed to `onAudio`: its recording holds the speech in this stretch.
            let start = AudioFormat.sample(at: chunk.capturedAt) - chunk.samples.count
            let cleaned = echoCanceller?.clean(chunk.samples, from: start) ?? chunk.samples
            // Until the canceller has learnt the room, what it returns is the voice itself.
            guard echoCanceller?.hearsThrough ?? true else {
                if listener.isOpen { listener.abandon() }
                continue
            }
            lastCapturedAt = chunk.capturedAt
            // Heard between pieces of speech as they play: as late as hearing runs behind.
            listen(to: cleaned, behindMilliseconds: behind)
            tellOfGivingWay()
            heardUntil = chunk.capturedAt
            if listener.openMilliseconds > longestWhileSpeaking { listener.abandon() }
            openedOverSpeech = listener.isOpen
            for (recognition, cutAtMaximum) in closed where cut == nil {
                let input = recognition.input(cutAtMaximum: cutAtMaximum)
                if driver.interrupts(input) {
                    cut = SpokenOver(input: input, intent: recognition.intent, text: recognition.hypothesis.text,
                                     decoding: decoding(of: recognition))
                }
            }
            closed = []
        }
        return cut
    }

    /// Stops hearing over the daemon's voice until it has said what it is saying, hearing
    /// having fallen `behindMilliseconds` behind the microphone; says so in the log at the
    /// first time, then at most once a minute.
    private func giveWayOverSpeech(behindMilliseconds: Int) {
        deafOverSpeech = true
        guard let times = deafOverSpeechTally.count(at: ContinuousClock.now) else { return }
        let behind = String(format: "%.1f", Double(behindMilliseconds) / 1000)
        logger.info("hearing fell \(behind) s behind the microphone while the daemon spoke (the processor is too slow to hear over its voice): it hears again once it has said this\(times > 1 ? " (\(times) times since the last line)" : "")")
    }

    /// How often hearing over the daemon's voice gave way, for the daemon's last line; nil
    /// when it never did.
    var hearingOverSpeechGaveWay: String? {
        switch deafOverSpeechTally.total {
        case 0: nil
        case 1: "hearing over its own voice gave way once"
        case let times: "hearing over its own voice gave way \(times) times"
        }
    }

    /// Fires the timers that are due (live: call when no audio arrived for a while).
    public func tick() {
        heartbeat()
        answerHeldUntilPause()
        fireDueTimers()
    }

    /// Saves the session state as it is now (the shutdown's last write).
    public func saveState() {
        driver.saveState()
    }

    // MARK: - Utterances


    /// When the chunk heard last arrived from the microphone (nil: virtual time), for how
    /// late an intent was ready (``DecodeReport/lateMilliseconds``).
    private var lastCapturedAt: Duration?

    /// Audio captured before this is the daemon's own voice or its echo.
    private var deafUntil: Duration {
        driver.spokeUntil.map { $0 + echoTail } ?? .zero
    }

    /// Routes what was heard; what the session would only answer waits for the run-on
    /// pause (``answerHeld``), and is let go at once when it followed other sound without
    /// a pause, or is words too few to be more than noise.
    private func act(on recognition: RecognizedUtterance, cutAtMaximum: Bool, followsSound: Bool) {
        let input = recognition.input(cutAtMaximum: cutAtMaximum)
        letGoOfHeldAnswer()
        guard driver.onlyAnswers(input) else { return route(recognition, as: input) }
        if followsSound { return route(recognition, as: .nothing) }
        // One or two words that are no command are the room's noise.
        if case .speech(let words) = input, words.split(separator: " ").count < fewestWordsAnswered {
            return route(recognition, as: .nothing)
        }
        let extra = listener.endpointer.configuration.runOnPauseMilliseconds
            - listener.endpointer.configuration.trailingSilenceMilliseconds
        answerHeld = (recognition, clock.now + .milliseconds(max(0, extra)))
    }

    /// Answers the held utterance once the pause has passed in quiet; lets it go when more
    /// sound began first.
    private func answerHeldUntilPause() {
        guard let (recognition, until) = answerHeld else { return }
        if listener.endpointer.isInSpeech { return letGoOfHeldAnswer() }
        guard clock.now >= until else { return }
        answerHeld = nil
        route(recognition, as: recognition.input(cutAtMaximum: false))
    }

    /// The held utterance was talk in the room: reported, not answered.
    private func letGoOfHeldAnswer() {
        guard let (recognition, _) = answerHeld else { return }
        answerHeld = nil
        route(recognition, as: .nothing)
    }

    private func route(_ recognition: RecognizedUtterance, as input: HeardInput) {
        driver.hear(input, intent: recognition.intent, text: recognition.hypothesis.text, decoding: decoding(of: recognition))
    }

    private func decoding(of recognition: RecognizedUtterance) -> DecodeReport {
        DecodeReport(confidence: recognition.confidence, decodeMilliseconds: recognition.decodeMilliseconds,
                 audioMilliseconds: recognition.audioMilliseconds,
                 lateMilliseconds: lastCapturedAt.map { max(0, (clock.now - $0).seconds * 1000) })
    }

    /// A timer that runs out while someone is speaking waits until the utterance is decided;
    /// so does the next verse of a passage being read, which follows the gap after the one
    /// before.
    private func fireDueTimers() {
        guard !isInUtterance else { return }
        driver.fireDueTimers()
        if driver.isReading, clock.now >= deafUntil + readingGap, !isInUtterance {
            driver.readNextVerse()
        }
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

