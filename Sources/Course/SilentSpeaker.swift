import Foundation

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
