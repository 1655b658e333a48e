import Support
import Foundation
import Intents

/// Something a session did or noticed, reported once, in order, by ``SessionDriver`` in
/// every mode: `simulate` and `session` print each as a JSON line (``TimedEvent/jsonLine``,
/// the one format, documented in the README), `demo` as a line of the conversation, the
/// daemon logs it (without what the person said at info level).
public enum RuntimeEvent: Sendable, Hashable {
    /// The session moved to `state` (and saved it).
    case state(SessionState, lessonID: String?, segment: Int?)
    /// What a person said: the recogniser's words (empty when nothing was made out) and how
    /// they were decoded, or a typed line (after the transcript normaliser) with no decoding.
    case heard(text: String, decoding: DecodeReport?)
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
