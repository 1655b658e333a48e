import Foundation
import Scripture
import Intents

/// One line of the text-mode session's output (`bible-course session`), printed as JSON.
public struct SessionRecord: Sendable, Hashable, Encodable {
    /// `state`, `reply`, `segment`, `passage`, `heard`, `timer`, `log` or `error`.
    public var type: String
    /// Virtual seconds since the session started.
    public let time: Double
    public var state: String?
    public var lesson: String?
    public var segment: Int?
    public var segmentType: String?
    public var command: String?
    public var timer: String?
    public var reference: String?
    public var text: String?

    init(type: String, time: Duration) {
        self.type = type
        let parts = time.components
        self.time = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    enum CodingKeys: String, CodingKey {
        case type, time, state, lesson, segment, command, timer, reference, text
        case segmentType = "segment_type"
    }

    /// The record as one line of JSON (keys sorted).
    public var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self), let line = String(data: data, encoding: .utf8) else {
            return #"{"type":"error","text":"unencodable record"}"#
        }
        return line
    }
}

/// A whole session driven by lines of text, on virtual time, with the real machine, the
/// real curriculum and the real progress database.
///
/// Each line is put through the transcript normaliser, then read as a command, a look-up
/// (``LookupPhrase``) or other words, and routed by ``SessionMachine/heard(_:typed:)`` as
/// the daemon routes what it hears: look-ups are read in IDLE, words during the review
/// question are the answer unless they are a command or a question to the course.
///
/// Playback ends at once (each ``SessionEffect/playSegment(_:)`` is answered with
/// ``SessionEvent/playbackFinished(_:)`` straight away). Each input line is delivered the
/// next time the machine listens (IDLE, a READY state, the asked question,
/// SESSION_COMPLETE), before that state's timer fires; while it does not listen, its
/// timers fire. ``finish()`` fires the pending timers until none is left. Every state
/// change, reply, segment and passage goes to `emit`.
///
/// Not thread-safe: one caller drives it.
public final class TextSession {
    public let courseID: String
    private let loader: CurriculumLoader
    private let store: ProgressStore
    private let matcher: CommandMatcher
    /// Puts a line's misspelt or misheard names right before it is read (the transcript
    /// normaliser; unchanged by default).
    private let normalise: (String) -> String
    private let passageText: (ScriptureReference) throws -> String
    private let emit: (SessionRecord) -> Void
    private let timing: SessionTiming
    private var machine: SessionMachine
    private var clock = VirtualClock()

    /// - Parameters:
    ///   - passageText: the text of a passage (from `Bible.db`); throws why there is none.
    ///   - emit: receives each output record, in order.
    public init(
        courseID: String, loader: CurriculumLoader, store: ProgressStore,
        matcher: CommandMatcher = CommandMatcher(tolerance: .exact),
        timing: SessionTiming = SessionTiming(),
        normalise: @escaping (String) -> String = { $0 },
        passageText: @escaping (ScriptureReference) throws -> String,
        emit: @escaping (SessionRecord) -> Void
    ) {
        self.normalise = normalise
        self.courseID = courseID
        self.loader = loader
        self.store = store
        self.matcher = matcher
        self.timing = timing
        self.passageText = passageText
        self.emit = emit
        self.machine = SessionMachine(timing: timing)
    }

    /// The machine's current state.
    public var state: SessionState { machine.state }

    /// Registers the course and resumes the saved session (at the start of the segment it
    /// was in, or IDLE).
    public func start() {
        let (saved, lesson) = loader.sessionToResume(courseID: courseID, store: store) { problem, courseUnreadable in
            var line = record(courseUnreadable ? "error" : "log")
            line.text = problem
            emit(line)
        }
        let (machine, effects) = SessionMachine.start(from: saved, lesson: lesson, timing: timing)
        self.machine = machine
        var started = record("state")
        started.state = machine.state.rawValue
        started.lesson = machine.lesson?.id
        started.segment = machine.state.segment?.number
        emit(started)
        carryOut(effects)
    }

    /// Delivers one line the next time the machine listens. Blank lines are nothing heard.
    public func receive(_ line: String) {
        let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return }
        while !machine.isListening, fireNextTimer() {}
        let line = normalise(text)
        let input: HeardInput
        var heard = record("heard")
        heard.text = line
        if let command = matcher.command(for: line) {
            input = .command(command)
            heard.command = command.id
        } else if let lookup = LookupPhrase.match(text: line) {
            input = lookup
            if case .lookup(let reference) = lookup { heard.reference = reference.description }
        } else {
            input = .speech(line)
        }
        emit(heard)
        carryOut(machine.heard(input, typed: true))
    }

    /// End of input: fires the pending timers until none is left.
    public func finish() {
        while fireNextTimer() {}
    }

    // MARK: - Carrying out effects

    @discardableResult
    private func fireNextTimer() -> Bool {
        guard let timer = clock.fireNext() else { return false }
        var fired = record("timer")
        fired.timer = timer.kind.rawValue
        emit(fired)
        carryOut(machine.handle(.timerFired(timer)))
        return true
    }

    private func carryOut(_ effects: [SessionEffect]) {
        do {
            try store.persist(effects)
        } catch {
            report(error)
        }
        var followUps: [SessionEvent] = []
        for effect in effects {
            clock.apply(effect)
            switch effect {
            case .saveSessionState(let saved):
                var change = record("state")
                change.state = saved.state.rawValue
                change.lesson = saved.lessonID
                change.segment = saved.segment
                emit(change)
            case .speakReply(let reply):
                var spoken = record("reply")
                spoken.text = reply.text
                emit(spoken)
            case .playSegment(let playback):
                var segment = record("segment")
                segment.segmentType = playback.type.rawValue
                segment.segment = playback.type.number
                segment.text = playback.script
                emit(segment)
                if let reference = playback.passage {
                    emit(passage(reference))
                }
                followUps.append(.playbackFinished(playback.type))
            case .loadNextLesson:
                followUps.append(loadNextLesson())
            case .logLessonFailure(let reason):
                var log = record("log")
                log.text = "lesson unavailable: \(reason)"
                emit(log)
            case .readPassage(let reference):
                emit(passage(reference))
            case .sayNoSuchPassage(let error):
                var spoken = record("reply")
                spoken.text = SpokenReference.noSuchPassage(error)
                emit(spoken)
            case .startTimer, .cancelTimer, .listen, .recordAnswer, .markLessonComplete:
                break
            }
        }
        for event in followUps {
            carryOut(machine.handle(event))
        }
    }

    /// The passage's record: its text, or why it cannot be read.
    private func passage(_ reference: ScriptureReference) -> SessionRecord {
        var read = record("passage")
        read.reference = reference.description
        do {
            read.text = try passageText(reference)
        } catch {
            read.type = "error"
            read.text = "cannot read \(reference.description): \(error)"
        }
        return read
    }

    private func loadNextLesson() -> SessionEvent {
        loader.nextLessonEvent(courseID: courseID, store: store)
    }

    private func record(_ type: String) -> SessionRecord {
        SessionRecord(type: type, time: clock.now)
    }

    private func report(_ error: any Error) {
        var line = record("error")
        line.text = String(describing: error)
        emit(line)
    }
}
