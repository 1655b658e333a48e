import Foundation

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
