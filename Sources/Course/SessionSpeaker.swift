import Foundation

/// The session's voice, a port of ``SessionDriver``: espeak-ng to a speaker (or to a
/// recording) in the daemon, `simulate` and `demo`; nothing, or espeak-ng with `--speak`,
/// in the text `session`.
public protocol SessionSpeaker: AnyObject {
    /// Speaks `text` to the end, or until the session is stopped, and says how it went.
    func speak(_ text: String) -> SpeakerOutcome
    /// Plays the recorded narration at `recording` (a segment's `audio_file`) to the end,
    /// or until the session is stopped. A file that cannot be read is a failure that is not
    /// the device's (``SpeakerOutcome/playbackFailed`` false): the script is spoken instead.
    func play(_ recording: URL) -> SpeakerOutcome
}
