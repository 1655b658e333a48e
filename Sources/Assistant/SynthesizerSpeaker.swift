import Support
import Audio
import Course
import Voice

/// The daemon's voice as the session's ``SessionSpeaker``: espeak-ng through the
/// ``SpeechSynthesizer`` into a sink, metered so that a virtual clock moves by what
/// played. Speech is cut between sentences when `stopFlag` is raised; `heartbeat` is
/// called between sentences (the systemd watchdog). Used from one thread.
public final class SynthesizerSpeaker: SessionSpeaker {
    public let synthesizer: SpeechSynthesizer
    /// Called between sentences.
    public var heartbeat: () -> Void = {}
    /// Receives each piece played, at the synthesiser's rate (the demo's session WAV).
    public var onPlay: ((_ samples: [Int16], _ sampleRate: Int) -> Void)? {
        get { sink.onPlay }
        set { sink.onPlay = newValue }
    }
    private let sink: MeteredSink
    private let stopFlag: StopFlag

    public init(synthesizer: SpeechSynthesizer, sink: any AudioSink, stopFlag: StopFlag = StopFlag()) {
        self.synthesizer = synthesizer
        self.sink = MeteredSink(sink)
        self.stopFlag = stopFlag
    }

    public func speak(_ text: String) -> SpeakerOutcome {
        sink.resetMeter()
        var failure: String?
        var playbackFailed = false
        do {
            try synthesizer.speak(text, to: sink, shouldStop: { [heartbeat, stopFlag] in
                heartbeat()
                return stopFlag.isRaised
            })
        } catch {
            failure = String(describing: error)
            if case .playback = error { playbackFailed = true }
        }
        return SpeakerOutcome(played: .seconds(double: sink.playedSeconds), failure: failure, playbackFailed: playbackFailed)
    }
}
