import Support
import Audio
import Course
import Foundation
import Voice

/// The daemon's voice as the session's ``SessionSpeaker``: espeak-ng (``SpeechSynthesizer``)
/// or Piper (``PiperNarrator``) into a sink, and recorded narrations played as they are,
/// metered so that a virtual clock moves by what played. Speech is cut between sentences
/// when `stopFlag` is raised; `heartbeat` is called between sentences (the systemd
/// watchdog). Used from one thread.
public final class SynthesizerSpeaker: SessionSpeaker {
    public let synthesizer: any Narrator
    /// Called between sentences.
    public var heartbeat: () -> Void = {}
    /// Receives each piece played, at the synthesiser's rate (the demo's session WAV).
    public var onPlay: ((_ samples: [Int16], _ sampleRate: Int) -> Void)? {
        get { sink.onPlay }
        set { sink.onPlay = newValue }
    }
    private let sink: MeteredSink
    private let stopFlag: StopFlag

    public init(synthesizer: any Narrator, sink: any AudioSink, stopFlag: StopFlag = StopFlag()) {
        self.synthesizer = synthesizer
        self.sink = MeteredSink(sink)
        self.stopFlag = stopFlag
    }

    public func speak(_ text: String) -> SpeakerOutcome {
        sink.resetMeter()
        var failure: String?
        var playbackFailed = false
        do {
            _ = try synthesizer.speak(text, to: sink, shouldStop: { [heartbeat, stopFlag] in
                heartbeat()
                return stopFlag.isRaised
            })
        } catch {
            failure = String(describing: error)
            if case .playback = error { playbackFailed = true }
        }
        return SpeakerOutcome(played: .seconds(double: sink.playedSeconds), failure: failure, playbackFailed: playbackFailed)
    }

    /// Plays the recording at its own rate a second at a time, each second queued behind
    /// the one playing (no gap between them) and the last waited for until heard; asks
    /// `stopFlag` and calls `heartbeat` between seconds.
    public func play(_ recording: URL) -> SpeakerOutcome {
        sink.resetMeter()
        let reader: WAVReader
        do { reader = try WAVReader(recording, outputRate: nil) } catch {
            return SpeakerOutcome(played: .zero, failure: error.description)
        }
        var pending: [Int16] = []
        while !stopFlag.isRaised {
            heartbeat()
            let block: [Int16]
            do { block = try reader.read(maxFrames: reader.outputRate) } catch {
                return SpeakerOutcome(played: .seconds(double: sink.playedSeconds), failure: error.description)
            }
            do {
                if block.isEmpty {
                    try sink.play(pending, sampleRate: reader.outputRate)
                    break
                }
                if !pending.isEmpty { try sink.queue(pending, sampleRate: reader.outputRate) }
            } catch {
                return SpeakerOutcome(played: .seconds(double: sink.playedSeconds), failure: "playback: \(error)", playbackFailed: true)
            }
            pending = block
        }
        return SpeakerOutcome(played: .seconds(double: sink.playedSeconds))
    }
}
