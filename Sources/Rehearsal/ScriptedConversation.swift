import Audio
import Assistant
import Course
import Foundation

/// Drives a ``SessionRuntime`` on virtual time with scripted utterances: the person's
/// side of `simulate`, `demo` and the tests.
///
/// Between utterances the microphone hears silence, 100 ms at a time, so timers run out
/// as they would live; each utterance is delivered when the session next listens (after
/// the daemon has finished speaking: the gate discards the first ``SessionRuntime/echoTail``
/// of it, which is why utterances should start with half a second of silence), and
/// silence follows until the utterance has been decided. Not thread-safe: one caller.
public final class ScriptedConversation {
    public let runtime: SessionRuntime
    /// Everything the runtime reported since the conversation was made.
    public private(set) var events: [TimedEvent] = []
    private let chunk = AudioFormat.samples(milliseconds: 100)
    private lazy var silentChunk = [Int16](repeating: 0, count: chunk)

    /// Takes over the runtime's event stream (and passes each event on to the observer it
    /// had).
    public init(runtime: SessionRuntime) {
        self.runtime = runtime
        let previous = runtime.onEvent
        runtime.onEvent = { [unowned self] event in
            self.events.append(event)
            previous(event)
        }
    }

    /// Hears silence until the session listens and no utterance is open; false when it
    /// cannot happen (no timer pending and not listening) or `limit` of silence passed.
    @discardableResult
    public func waitUntilListening(limit: Duration = .seconds(600)) -> Bool {
        var waited: Duration = .zero
        while !(runtime.isListening && !runtime.isInUtterance) {
            if runtime.stopFlag.isRaised { return false }
            if runtime.nextTimerDeadline == nil && !runtime.isInUtterance { return false }
            if waited >= limit { return false }
            runtime.hear(silentChunk)
            waited += .milliseconds(100)
        }
        return true
    }

    /// Says `utterance` (16 kHz mono) when the session next listens, then hears silence
    /// until the utterance has been decided. Returns the events of this turn, or nil when
    /// the session never listened.
    @discardableResult
    public func say(_ utterance: [Int16]) -> [TimedEvent]? {
        let first = events.count
        guard waitUntilListening() else { return nil }
        var offset = 0
        while offset < utterance.count, !runtime.stopFlag.isRaised {
            let end = min(utterance.count, offset + chunk)
            runtime.hear(Array(utterance[offset..<end]))
            offset = end
        }
        var waited = 0
        while runtime.isInUtterance, waited < 100, !runtime.stopFlag.isRaised {
            runtime.hear(silentChunk)
            waited += 1
        }
        return Array(events[first...])
    }

    /// Says `utterance` (16 kHz mono) at `time` on the session's clock, whatever the daemon
    /// is doing then, and hears silence until it has been decided; the events of this turn.
    /// Silence is heard until then; if the daemon is speaking at `time`, the part of the
    /// utterance said while it spoke is not heard (live, the microphone hears it, and the
    /// half-duplex gate discards it): only what is left of it once the daemon is quiet is.
    @discardableResult
    public func say(_ utterance: [Int16], at time: Duration) -> [TimedEvent] {
        let first = events.count
        while runtime.now + .milliseconds(100) <= time, !runtime.stopFlag.isRaised {
            runtime.hear(silentChunk)
        }
        if runtime.now < time {
            runtime.hear([Int16](repeating: 0, count: AudioFormat.samples(milliseconds: Int(((time - runtime.now) / .milliseconds(1)).rounded()))))
        }
        // The daemon may have spoken past `time`: what was said meanwhile is gone.
        let missed = max(0, AudioFormat.samples(milliseconds: Int(((runtime.now - time) / .milliseconds(1)).rounded())))
        var offset = min(utterance.count, missed)
        while offset < utterance.count, !runtime.stopFlag.isRaised {
            let end = min(utterance.count, offset + chunk)
            let startedAt = runtime.now
            runtime.hear(Array(utterance[offset..<end]))
            // Speech the chunk set off took time in which the rest of the utterance was said.
            let spokeFor = runtime.now - startedAt - .seconds(double: Double(end - offset) / Double(AudioFormat.sampleRate))
            offset = end + max(0, AudioFormat.samples(milliseconds: Int((spokeFor / .milliseconds(1)).rounded())))
        }
        var waited = 0
        while runtime.isInUtterance, waited < 100, !runtime.stopFlag.isRaised {
            runtime.hear(silentChunk)
            waited += 1
        }
        return Array(events[first...])
    }

    /// Hears `duration` of silence (timers run out meanwhile).
    public func hearSilence(_ duration: Duration) {
        var left = duration
        while left > .zero, !runtime.stopFlag.isRaised {
            runtime.hear(silentChunk)
            left -= .milliseconds(100)
        }
    }

    /// Hears silence until no timer is pending and no passage is being read (or `limit`
    /// passed): the end of a script.
    public func finish(limit: Duration = .seconds(600)) {
        var waited: Duration = .zero
        while runtime.nextTimerDeadline != nil || runtime.isInUtterance || runtime.isReading, waited < limit,
              !runtime.stopFlag.isRaised {
            runtime.hear(silentChunk)
            waited += .milliseconds(100)
        }
    }
}
