import Intents
import Scripture

/// A whole session driven by lines of text (`bible-course session`), on virtual time,
/// with the real machine, the real curriculum and the real progress database.
///
/// Each line is put through the transcript normaliser, then read by the same
/// ``IntentMatcher`` the recogniser's words go through (a command, a look-up, or, during
/// the review question, an answer) and handed to the one ``SessionDriver``, which routes
/// it as the daemon routes what it hears and reports the same events.
///
/// Each input line is delivered the next time the machine listens (IDLE, a READY state,
/// the asked question, SESSION_COMPLETE), before that state's timer fires; while it does
/// not listen, its timers fire (time jumps to their deadlines). The line after a look-up is
/// heard in its correction window ("no", or another reference); an empty line there is
/// silence, which closes the window and reads the passage. ``finish()`` fires the
/// pending timers until none is left. Speech takes the time the speaker played (none for
/// the ``SilentSpeaker``).
///
/// Not thread-safe: one caller drives it.
public final class TextSession {
    /// The driver: state, events (``SessionDriver/onEvent``) and timers.
    public let driver: SessionDriver
    private let matcher: IntentMatcher
    /// Puts a line's misspelt or misheard names right before it is read (the transcript
    /// normaliser; unchanged by default).
    private let normalise: (String) -> String

    /// - Parameters:
    ///   - ports: what the session runs over; its clock should be a ``VirtualSessionClock``.
    ///   - emit: receives each event, in order.
    public init(ports: SessionDriver.Ports, matcher: IntentMatcher = IntentMatcher(),
                normalise: @escaping (String) -> String = { $0 }, emit: @escaping (TimedEvent) -> Void) {
        driver = SessionDriver(ports)
        driver.onEvent = emit
        self.matcher = matcher
        self.normalise = normalise
    }

    /// The machine's current state.
    public var state: SessionState { driver.state }

    /// Registers the course and resumes the saved session (at the start of the segment it
    /// was in, or IDLE).
    public func start() {
        driver.start()
    }

    /// Delivers one line the next time the machine listens. Blank lines are nothing heard:
    /// silence, which closes a look-up's correction window (and lets a question for the
    /// missing part of a look-up lapse).
    public func receive(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace) else {
            switch driver.expectedSpeech {
            case .correction, .missingPart: driver.fireNextTimer()
            default: break
            }
            return
        }
        while !driver.isListening, driver.fireNextTimer() {}
        let text = normalise(line.trimmingCharacters(in: .whitespacesAndNewlines))
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        let intent: Intent = switch driver.expectedSpeech {
        case .answer: matcher.answer(words: words, typed: true)
        case .correction: matcher.correction(words: words)
        case .missingPart(let part): matcher.missingPart(words: words, of: part)
        case .commands, .lessonCommands: matcher.command(words: words)
        }
        driver.hear(intent, text: text, typed: true)
    }

    /// End of input: fires the pending timers until none is left.
    public func finish() {
        while driver.fireNextTimer() {}
    }
}
