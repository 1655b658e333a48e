import Support
import Foundation
import Intents

/// What the daemon's voice was saying: a segment's script, a passage from `Bible.db`, a
/// fixed reply of the course, the reference of a passage asked for by name in IDLE, or
/// that passage.
public enum SpeechKind: String, Sendable, Hashable {
    case segment, passage, reply, reference, lookup
}

/// How the recogniser decoded an utterance (typed lines have none).
public struct Decoding: Sendable, Hashable {
    /// The recogniser's confidence, 0...1.
    public let confidence: Double
    /// How long the decode took.
    public let decodeMilliseconds: Double
    /// How long the utterance was.
    public let audioMilliseconds: Double
    /// How long after the audio that ended the utterance arrived from the microphone its
    /// intent was ready (wall clock: decoding, and any wait for the processor); nil where
    /// time is virtual (`simulate`) or nothing was captured (a typed line).
    public let lateMilliseconds: Double?

    public init(confidence: Double, decodeMilliseconds: Double, audioMilliseconds: Double, lateMilliseconds: Double? = nil) {
        self.confidence = confidence
        self.decodeMilliseconds = decodeMilliseconds
        self.audioMilliseconds = audioMilliseconds
        self.lateMilliseconds = lateMilliseconds
    }
}

/// Something a session did or noticed, reported once, in order, by ``SessionDriver`` in
/// every mode: `simulate` and `session` print each as a JSON line (``TimedEvent/jsonLine``,
/// the one format, documented in the README), `demo` as a line of the conversation, the
/// daemon logs it (without what the person said at info level).
public enum RuntimeEvent: Sendable, Hashable {
    /// The session moved to `state` (and saved it).
    case state(SessionState, lessonID: String?, segment: Int?)
    /// What a person said: the recogniser's words (empty when nothing was made out) and how
    /// they were decoded, or a typed line (after the transcript normaliser) with no decoding.
    case heard(text: String, decoding: Decoding?)
    /// What the utterance meant to the course.
    case intent(Intent)
    /// The daemon spoke `text` (for `seconds` of audio).
    case said(text: String, kind: SpeechKind, seconds: Double)
    /// A session timer ran out.
    case timer(TimerKind)
    /// Something a person running the daemon may want to know (a lesson that cannot be
    /// loaded, the model falling back); not a fault of the daemon.
    case notice(String)
    /// Something failed (playback, the database); the daemon goes on.
    case failure(String)

    /// The event's name in JSON and logs.
    public var name: String {
        switch self {
        case .state: "state"
        case .heard: "heard"
        case .intent: "intent"
        case .said: "said"
        case .timer: "timer"
        case .notice: "notice"
        case .failure: "error"
        }
    }
}

/// A ``RuntimeEvent`` and when it happened: seconds since the session started, on the
/// session's clock (virtual in `simulate`, `demo`, `session` and tests).
public struct TimedEvent: Sendable, Hashable {
    public let time: Duration
    public let event: RuntimeEvent

    public init(time: Duration, event: RuntimeEvent) {
        self.time = time
        self.event = event
    }

    /// Seconds since the start.
    public var seconds: Double { time / .seconds(1) }

    /// One line of JSON with a fixed key order: `{"event": "heard", "time": 1.25, ...}`.
    public var jsonLine: String {
        var line = JSONLine()
        line.add("event", event.name)
        line.add("time", (seconds * 1000).rounded() / 1000)
        switch event {
        case .state(let state, let lesson, let segment):
            line.add("state", state.rawValue)
            line.add("lesson", lesson)
            line.add("segment", segment.map(Double.init))
        case .heard(let text, let decoding):
            line.add("text", text)
            if let decoding {
                line.add("confidence", (decoding.confidence * 1000).rounded() / 1000)
                line.add("decode_ms", decoding.decodeMilliseconds.rounded())
                line.add("audio_ms", decoding.audioMilliseconds.rounded())
                if let late = decoding.lateMilliseconds { line.add("late_ms", late.rounded()) }
            }
        case .intent(let intent):
            switch intent {
            case .command(let command):
                line.add("intent", "command")
                line.add("command", command.id)
            case .lookup(let reference):
                line.add("intent", "lookup")
                line.add("reference", reference.compact)
            case .refusal:
                line.add("intent", "refusal")
            case .control(let control):
                line.add("intent", control.word)
            case .answer(let text):
                line.add("intent", "answer")
                line.add("text", text)
            case .rejected(let why):
                line.add("intent", "rejected")
                line.add("reason", why.description)
            }
        case .said(let text, let kind, let seconds):
            line.add("kind", kind.rawValue)
            line.add("text", text)
            line.add("seconds", (seconds * 100).rounded() / 100)
        case .timer(let kind):
            line.add("timer", kind.rawValue)
        case .notice(let text), .failure(let text):
            line.add("text", text)
        }
        return line.text
    }

    /// The event as a log line without anything the person said (info level): words
    /// heard, answers and passages asked for are left out.
    public var privateLogLine: String {
        switch event {
        case .state(let state, let lesson, let segment):
            return "state \(state.rawValue)" + (lesson.map { " lesson=\($0)" } ?? "") + (segment.map { " segment=\($0)" } ?? "")
        case .heard(_, let decoding?):
            let ready = decoding.lateMilliseconds.map { String(format: ", ready %.0f ms after it ended", $0) } ?? ""
            return String(format: "heard an utterance (%.0f ms of audio, decoded in %.0f ms",
                          decoding.audioMilliseconds, decoding.decodeMilliseconds) + ready + ")"
        case .heard(_, nil):
            return "read a typed line"
        case .intent(let intent):
            switch intent {
            case .command(let command): return "intent command \(command.id)"
            case .lookup: return "intent lookup"
            case .refusal: return "intent refusal"
            case .control(let control): return "intent \(control.word)"
            case .answer: return "intent answer"
            case .rejected(let why):
                if case .invalidReference = why { return "intent rejected: no such passage" }
                return "intent rejected: \(why)"
            }
        case .said(_, let kind, let seconds):
            return String(format: "said %@ (%.1f s)", kind.rawValue, seconds)
        case .timer(let kind):
            return "timer \(kind.rawValue) fired"
        case .notice(let text):
            return text
        case .failure(let text):
            return "error: \(text)"
        }
    }
}
