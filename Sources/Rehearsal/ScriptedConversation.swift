import Audio
import Assistant
import Course
import Foundation

/// Drives a ``SessionRuntime`` on virtual time with scripted utterances: the person's
/// side of `simulate`, `demo` and the tests.
///
/// The microphone hears a timeline: silence, and each utterance from the moment it is said,
/// 100 ms at a time, so timers run out as they would live. ``say(_:)`` says an utterance
/// when the session next listens (after the daemon has finished speaking), ``say(_:at:)``
/// at a time on the session clock whatever the daemon is doing then; silence follows until
/// the utterance has been decided. While the daemon speaks, a runtime that hears while it
/// speaks reads the timeline as far as its speech has played
/// (``SessionRuntime/microphoneWhileSpeaking``); a half-duplex one does not hear what was
/// said meanwhile (its gate discards the first ``SessionRuntime/echoTail`` after it too,
/// which is why utterances should start with half a second of silence). Not thread-safe:
/// one caller.
public final class ScriptedConversation {
    public let runtime: SessionRuntime
    /// Everything the runtime reported since the conversation was made.
    public private(set) var events: [TimedEvent] = []
    private let chunk = AudioFormat.samples(milliseconds: 100)
    /// The utterances said, each from its first sample on the session's timeline.
    private var said: [(start: Int, samples: [Int16])] = []
    /// The timeline's sample the microphone hears next.
    private var cursor = 0
    /// The daemon's voice as the microphone hears it, when the room passes it back.
    public let room: RoomEcho?
    /// A room's noise (16 kHz mono, as recorded), looped under everything the microphone
    /// hears from the start: a television or a kitchen through the whole session.
    public let roomNoise: [Int16]

    /// Takes over the runtime's event stream (and passes each event on to the observer it
    /// had), and is the microphone while the daemon speaks. With a `room`, the microphone
    /// also hears the daemon's own voice through it; with a `roomNoise`, that noise too,
    /// all the time.
    public init(runtime: SessionRuntime, room: RoomEcho? = nil, roomNoise: [Int16] = []) {
        self.runtime = runtime
        self.room = room
        self.roomNoise = roomNoise
        if let room {
            runtime.onVoicePlayed = { voice, at in room.played(voice, from: AudioFormat.sample(at: at)) }
        }
        let previous = runtime.onEvent
        runtime.onEvent = { [unowned self] event in
            self.events.append(event)
            previous(event)
        }
        runtime.microphoneWhileSpeaking = { [unowned self] reached in
            let end = AudioFormat.sample(at: reached)
            guard end > cursor else { return [] }
            defer { cursor = end }
            return [CaptureThread.Chunk(samples: audio(from: cursor, count: end - cursor), capturedAt: reached)]
        }
    }

    /// Hears silence until the session listens and no utterance is open; false when it
    /// cannot happen (no timer pending and not listening) or `limit` of silence passed.
    @discardableResult
    public func waitUntilListening(limit: Duration = .seconds(600)) -> Bool {
        var waited: Duration = .zero
        while !(runtime.isListening && !runtime.isInUtterance) {
            if runtime.stopFlag.isRaised { return false }
            if runtime.nextTimerDeadline == nil && !runtime.isInUtterance && !runtime.isReading { return false }
            if waited >= limit { return false }
            hearNext()
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
        hear(utterance, from: AudioFormat.sample(at: runtime.now))
        return Array(events[first...])
    }

    /// Says `utterance` (16 kHz mono) at `time` on the session's clock, whatever the daemon
    /// is doing then, and hears silence until it has been decided; the events of this turn.
    /// Silence is heard until then. If the daemon is speaking at `time`, a runtime that
    /// hears while it speaks hears it over its voice; a half-duplex one loses what was said
    /// before the daemon fell quiet (live, its gate discards it).
    @discardableResult
    public func say(_ utterance: [Int16], at time: Duration) -> [TimedEvent] {
        let first = events.count
        hear(utterance, from: max(cursor, AudioFormat.sample(at: time)))
        return Array(events[first...])
    }

    /// Puts `utterance` (16 kHz mono) on the timeline at `time`, to be heard when the
    /// microphone gets there (over the daemon's voice, if it speaks then); nothing is heard
    /// now. For an utterance said while the reply to the next one is spoken.
    public func schedule(_ utterance: [Int16], at time: Duration) {
        said.append((max(cursor, AudioFormat.sample(at: time)), utterance))
    }

    /// Hears `duration` of silence (timers run out meanwhile).
    public func hearSilence(_ duration: Duration) {
        var left = duration
        while left > .zero, !runtime.stopFlag.isRaised {
            hearNext()
            left -= .milliseconds(100)
        }
    }

    /// Hears silence until no timer is pending and no passage is being read (or `limit`
    /// passed): the end of a script.
    public func finish(limit: Duration = .seconds(600)) {
        var waited: Duration = .zero
        while runtime.nextTimerDeadline != nil || runtime.isInUtterance || runtime.isReading, waited < limit,
              !runtime.stopFlag.isRaised {
            hearNext()
            waited += .milliseconds(100)
        }
    }

    // MARK: - The timeline

    /// Puts `utterance` on the timeline at sample `start`, hears up to its end, then silence
    /// until it has been decided.
    private func hear(_ utterance: [Int16], from start: Int) {
        said.append((start, utterance))
        if let room, let level = RoomEcho.speechLevel(utterance) { room.personLevel = level }
        while cursor < start + utterance.count, !runtime.stopFlag.isRaised {
            hearNext()
        }
        var waited = 0
        while runtime.isInUtterance, waited < 100, !runtime.stopFlag.isRaised {
            hearNext()
            waited += 1
        }
    }

    /// Hears the timeline's next 100 ms. The daemon's speech moves the clock past the cursor
    /// (a half-duplex runtime does not read the microphone while it speaks): what was said
    /// meanwhile is skipped.
    private func hearNext() {
        cursor = max(cursor, AudioFormat.sample(at: runtime.now))
        let samples = audio(from: cursor, count: chunk)
        cursor += chunk
        runtime.hear(samples)
    }

    /// `count` samples of the timeline from `start`: what was said then, else silence, over
    /// the room's noise.
    private func audio(from start: Int, count: Int) -> [Int16] {
        var mixed = [Int32](repeating: 0, count: count)
        for utterance in said where utterance.start < start + count && utterance.start + utterance.samples.count > start {
            let from = max(start, utterance.start)
            let to = min(start + count, utterance.start + utterance.samples.count)
            for index in from..<to {
                mixed[index - start] += Int32(utterance.samples[index - utterance.start])
            }
        }
        said.removeAll { $0.start + $0.samples.count <= start }
        if !roomNoise.isEmpty {
            for index in 0..<count { mixed[index] += Int32(roomNoise[(start + index) % roomNoise.count]) }
        }
        room?.add(to: &mixed, from: start)
        return mixed.map { Int16(clamping: $0) }
    }
}
