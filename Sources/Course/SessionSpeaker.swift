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

/// What became of one ``SessionSpeaker/speak(_:)``.
public struct SpeakerOutcome: Sendable, Hashable {
    /// How long the speech played (on a virtual clock, the time it takes).
    public var played: Duration
    /// Why speech failed (the synthesiser or the playback device), nil when it did not.
    public var failure: String?
    /// The playback device failed (a loudspeaker unplugged): reported once until it works
    /// again, where a synthesis failure is reported each time.
    public var playbackFailed: Bool
    /// What the person said that cut the speech short (a speaker that hears while it
    /// speaks); nil when nothing did.
    public var cutBy: SpokenOver?

    public init(played: Duration, failure: String? = nil, playbackFailed: Bool = false, cutBy: SpokenOver? = nil) {
        self.played = played
        self.failure = failure
        self.playbackFailed = playbackFailed
        self.cutBy = cutBy
    }
}

/// A voice that says nothing and takes no time: the text session without `--speak`.
public final class SilentSpeaker: SessionSpeaker {
    public init() {}

    public func speak(_ text: String) -> SpeakerOutcome {
        SpeakerOutcome(played: .zero)
    }

    public func play(_ recording: URL) -> SpeakerOutcome {
        SpeakerOutcome(played: .zero)
    }
}
