import Assistant
import Audio
import Course
import Foundation
import Hearing

/// Prints the demo's conversation as it happens: who said what, what the daemon heard and
/// made of it, state changes and timers, each with its virtual time.
final class DemoTranscript {
    private var lastState: String?

    func print(_ event: TimedEvent) {
        let time = String(format: "[%6.1fs]", event.seconds)
        switch event.event {
        case .state(let state, let lesson, _):
            guard state.rawValue != lastState else { return }
            lastState = state.rawValue
            write("\(time) ── state \(state.rawValue)" + (lesson.map { " (\($0))" } ?? ""))
        case .heard(let text, let decoding):
            let figures = decoding.map {
                String(format: " (%.1f s of speech, decoded in %.0f ms, confidence %.2f)",
                       $0.audioMilliseconds / 1000, $0.decodeMilliseconds, $0.confidence)
            }
            write("\(time) daemon heard \"\(text)\"" + (figures ?? ""))
        case .intent(let intent):
            let meaning: String
            switch intent {
            case .command(let command): meaning = "command \(command.id)"
            case .lookup(let reference): meaning = "look-up \(reference)"
            case .refusal: meaning = "refusal"
            case .control(let control): meaning = "\"\(control.word)\""
            case .answer(let text): meaning = "answer \"\(text)\""
            case .rejected(let why): meaning = "rejected: \(why)"
            }
            write("\(time)   → \(meaning)")
        case .said(let text, let kind, let seconds):
            write("\(time) daemon (\(kind.rawValue), \(String(format: "%.1f", seconds)) s): \"\(Self.shortened(text))\"")
        case .timer(let kind):
            write("\(time) ── timer \(kind.rawValue) ran out")
        case .notice(let text):
            write("\(time) ── \(text)")
        case .failure(let text):
            write("\(time) !! \(text)")
        }
    }

    func person(_ text: String, at time: Duration) {
        write(String(format: "[%6.1fs] ", time.seconds) + "person: \"\(text)\"")
    }

    func note(_ text: String) {
        write("          \(text)")
    }

    func line(_ text: String) { write(text) }

    private func write(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func shortened(_ text: String, limit: Int = 110) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }
}
