import CSpeexDSP

/// Takes the daemon's own voice out of what the microphone hears, given the samples it
/// played: speexdsp's adaptive echo canceller (MDF) and its residual echo suppressor, on
/// 16 kHz audio in 10 ms frames.
///
/// Both streams are placed on one timeline of 16 kHz samples (the session clock's): the
/// played voice where it was handed to the loudspeaker, the captured audio where it was
/// heard. The canceller's filter models an echo that arrives up to ``tailSamples`` after
/// the voice it belongs to, so the played stamps may run early (the loudspeaker's buffer,
/// the capture period) but must not run late. Two clocks drift (a USB microphone and
/// speaker); a captured stream that strays from its stamps by more than
/// ``resyncSamples`` is placed by them again.
///
/// Not thread-safe: one thread plays and cleans.
public final class EchoCanceller {
    /// 10 ms at 16 kHz.
    public static let frameSamples = 160
    /// How late an echo may come after its voice (the filter's length), in samples.
    public let tailSamples: Int
    /// How far the captured stream may stray from its stamps before it is placed again.
    public let resyncSamples = AudioFormat.samples(milliseconds: 30)
    private let echo: OpaquePointer
    private let residual: OpaquePointer
    /// The voice played: `reference[0]` is the timeline's sample `referenceOrigin`.
    private var reference: [Int16] = []
    private var referenceOrigin = 0
    /// Where the next captured sample lies on the timeline (nil before the first).
    private var captureCursor: Int?
    /// Captured samples short of a whole frame.
    private var pending: [Int16] = []

    /// A canceller for echoes up to `tailMilliseconds` late; nil when speexdsp cannot set
    /// itself up.
    public init?(tailMilliseconds: Int) {
        tailSamples = AudioFormat.samples(milliseconds: tailMilliseconds)
        guard let echo = speex_echo_state_init(Int32(Self.frameSamples), Int32(tailSamples)) else { return nil }
        guard let residual = speex_preprocess_state_init(Int32(Self.frameSamples), Int32(AudioFormat.sampleRate)) else {
            speex_echo_state_destroy(echo)
            return nil
        }
        var rate = Int32(AudioFormat.sampleRate)
        speex_echo_ctl(echo, SPEEX_ECHO_SET_SAMPLING_RATE, &rate)
        var off: Int32 = 0
        // Only the echo's residue is suppressed here; the room's noise is the denoiser's.
        speex_preprocess_ctl(residual, SPEEX_PREPROCESS_SET_DENOISE, &off)
        speex_preprocess_ctl(residual, SPEEX_PREPROCESS_SET_AGC, &off)
        speex_preprocess_ctl(residual, SPEEX_PREPROCESS_SET_VAD, &off)
        speex_preprocess_ctl(residual, SPEEX_PREPROCESS_SET_DEREVERB, &off)
        speex_preprocess_ctl(residual, SPEEX_PREPROCESS_SET_ECHO_STATE, UnsafeMutableRawPointer(echo))
        self.echo = echo
        self.residual = residual
    }

    deinit {
        speex_preprocess_state_destroy(residual)
        speex_echo_state_destroy(echo)
    }

    /// The daemon played `samples` (16 kHz) from the timeline's sample `start`.
    public func played(_ samples: [Int16], from start: Int) {
        if reference.isEmpty { referenceOrigin = start }
        let end = referenceOrigin + reference.count
        if start > end {
            reference += [Int16](repeating: 0, count: start - end)
        }
        // Overlapping the voice already placed (stamps run a little ahead): it follows it.
        reference += samples
    }

    /// `samples` captured from the timeline's sample `start`, the played voice taken out.
    /// Whole frames are returned; a remainder waits for the next call.
    public func clean(_ samples: [Int16], from start: Int) -> [Int16] {
        let expected = (captureCursor ?? start) + pending.count
        if captureCursor == nil || abs(expected - start) > resyncSamples {
            captureCursor = start - pending.count
        }
        pending += samples
        var out: [Int16] = []
        out.reserveCapacity(pending.count)
        var captured = [Int16](repeating: 0, count: Self.frameSamples)
        var played = [Int16](repeating: 0, count: Self.frameSamples)
        var cleaned = [Int16](repeating: 0, count: Self.frameSamples)
        var offset = 0
        while pending.count - offset >= Self.frameSamples, let cursor = captureCursor {
            for i in 0..<Self.frameSamples {
                captured[i] = pending[offset + i]
                let index = cursor + i - referenceOrigin
                played[i] = index >= 0 && index < reference.count ? reference[index] : 0
            }
            speex_echo_cancellation(echo, captured, played, &cleaned)
            speex_preprocess_run(residual, &cleaned)
            out += cleaned
            offset += Self.frameSamples
            captureCursor = cursor + Self.frameSamples
        }
        pending.removeFirst(offset)
        forgetPlayed()
        return out
    }

    /// Drops the voice the captured stream has passed.
    private func forgetPlayed() {
        guard let cursor = captureCursor else { return }
        let drop = min(reference.count, max(0, cursor - referenceOrigin))
        guard drop >= AudioFormat.sampleRate else { return }
        reference.removeFirst(drop)
        referenceOrigin += drop
        if reference.isEmpty { referenceOrigin = cursor }
    }
}
