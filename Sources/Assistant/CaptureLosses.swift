import Audio
import Foundation
import Logging

/// Audio the daemon lost before hearing it, told in the log: the microphone's overruns (the
/// capture thread was kept from reading it in time: the processor is too busy, and commands
/// said then may not be heard) and what was dropped because hearing fell more than
/// ``CaptureThread/maximumQueued`` behind (a processor too slow, or a long reply spoken
/// with `hear_while_speaking = false`, when it would not have been heard anyway). Told as it
/// grows, at most once every ``interval``, and in total when the daemon stops.
struct CaptureLosses {
    /// The least time between two lines.
    static let interval: Duration = .seconds(10)

    private let capture: CaptureThread
    private var toldOverruns = 0
    private var toldDropped = 0
    private var toldAt: ContinuousClock.Instant?

    init(capture: CaptureThread) {
        self.capture = capture
    }

    /// What was lost since the last line, when something was and the last line is at least
    /// ``interval`` ago: an overrun is a warning, audio dropped is information.
    mutating func news() -> (level: Logger.Level, line: String)? {
        let overruns = capture.overruns, dropped = capture.droppedSamples
        guard overruns > toldOverruns || dropped > toldDropped else { return nil }
        let now = ContinuousClock.now
        if let toldAt, now - toldAt < Self.interval { return nil }
        defer { (toldOverruns, toldDropped, toldAt) = (overruns, dropped, now) }
        var parts: [String] = []
        if overruns > toldOverruns {
            parts.append("the microphone overran \(overruns - toldOverruns) times (its audio was not read in time)")
        }
        if dropped > toldDropped {
            parts.append(String(format: "%.1f s of audio was dropped unheard (hearing fell behind)", seconds(dropped - toldDropped)))
        }
        return (overruns > toldOverruns ? .warning : .info, "audio lost: " + parts.joined(separator: "; "))
    }

    /// Everything lost since the start: "capture: 0 overruns, 0.0 s dropped".
    var total: String {
        String(format: "capture: %d overruns, %.1f s dropped", capture.overruns, seconds(capture.droppedSamples))
    }

    private func seconds(_ samples: Int) -> Double { Double(samples) / Double(AudioFormat.sampleRate) }
}
