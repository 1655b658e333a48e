import Support
import Foundation
import Intents

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
