import Support
import Audio
import Course
import Foundation
import Voice

/// The daemon's voice as the session's ``SessionSpeaker``: espeak-ng (``SpeechSynthesizer``)
/// or Piper (``PiperNarrator``) into a sink, and recorded narrations played as they are,
/// metered so that a virtual clock moves by what played. Speech is cut between sentences
/// when `stopFlag` is raised; `heartbeat` is called between sentences (the systemd
/// watchdog). With ``hearWhilePlaying`` set, it is asked after every tenth of a second
/// played what the person said over it, and speech stops at once when that cuts it
/// (``SpeakerOutcome/cutBy``). Used from one thread.
public final class SynthesizerSpeaker: SessionSpeaker {
    public let synthesizer: any Narrator
    /// Called between sentences.
    public var heartbeat: () -> Void = {}
    /// Receives each piece played, at the synthesiser's rate (the demo's session WAV).
    public var onPlay: ((_ samples: [Int16], _ sampleRate: Int) -> Void)? {
        get { sink.onPlay }
        set { sink.onPlay = newValue }
    }
    /// Hears the person while speech plays: given each piece played, what they said that
    /// cuts it, or nil.
    public var hearWhilePlaying: ((_ samples: [Int16], _ sampleRate: Int) -> SpokenOver?)? {
        didSet {
            guard let hear = hearWhilePlaying else { sink.whilePlaying = nil; return }
            sink.whilePlaying = { [unowned self] samples, rate in
                guard let heard = hear(samples, rate) else { return false }
                cutBy = heard
                return true
            }
        }
    }
    /// Called before each speech or recording starts and after it ends.
    public var willSpeak: () -> Void = {}
    public var didSpeak: () -> Void = {}
    /// Seconds played of the speech playing now.
    public var playedSeconds: Double { sink.playedSeconds }
    private let sink: MeteredSink
    private let stopFlag: StopFlag
    private var cutBy: SpokenOver?

    public init(synthesizer: any Narrator, sink: any AudioSink, stopFlag: StopFlag = StopFlag()) {
        self.synthesizer = synthesizer
        self.sink = MeteredSink(sink)
        self.stopFlag = stopFlag
    }

    public func speak(_ text: String) -> SpeakerOutcome {
        begin()
        defer { didSpeak() }
        var failure: String?
        var playbackFailed = false
        do {
            _ = try synthesizer.speak(text, to: sink, shouldStop: { [heartbeat, stopFlag, sink] in
                heartbeat()
                return stopFlag.isRaised || sink.isCut
            })
        } catch {
            failure = String(describing: error)
            if case .playback = error { playbackFailed = true }
        }
        return outcome(failure: failure, playbackFailed: playbackFailed)
    }

    private func begin() {
        sink.resetMeter()
        cutBy = nil
        willSpeak()
    }

    private func outcome(failure: String? = nil, playbackFailed: Bool = false) -> SpeakerOutcome {
        SpeakerOutcome(played: .seconds(double: sink.playedSeconds), failure: failure, playbackFailed: playbackFailed,
                       cutBy: cutBy)
    }

    /// Plays the recording at its own rate a second at a time, each second queued behind
    /// the one playing (no gap between them) and the last waited for until heard; asks
    /// `stopFlag` and calls `heartbeat` between seconds.
    public func play(_ recording: URL) -> SpeakerOutcome {
        begin()
        defer { didSpeak() }
        let reader: WAVReader
        do { reader = try WAVReader(recording, outputRate: nil) } catch {
            return SpeakerOutcome(played: .zero, failure: error.description)
        }
        var pending: [Int16] = []
        while !stopFlag.isRaised, !sink.isCut {
            heartbeat()
            let block: [Int16]
            do { block = try reader.read(maxFrames: reader.outputRate) } catch {
                return outcome(failure: error.description)
            }
            do {
                if block.isEmpty {
                    try sink.play(pending, sampleRate: reader.outputRate)
                    break
                }
                if !pending.isEmpty { try sink.queue(pending, sampleRate: reader.outputRate) }
            } catch {
                return outcome(failure: "playback: \(error)", playbackFailed: true)
            }
            pending = block
        }
        return outcome()
    }
}
