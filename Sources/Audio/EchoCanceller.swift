import CSpeexDSP
import Foundation

/// Takes the daemon's own voice out of what the microphone hears, given the samples it
/// played: speexdsp's adaptive echo canceller (MDF) and its residual echo suppressor, on
/// 16 kHz audio in 10 ms frames.
///
/// Both streams are placed on one timeline of 16 kHz samples (the session clock's): the
/// played voice where it was handed to the loudspeaker, the captured audio where it was
/// heard. The canceller's filter models an echo that arrives up to ``tailSamples`` after
/// the voice it belongs to, so the played stamps may run early (the loudspeaker's buffer,
/// the capture period) but must not run late. Two clocks drift (a USB microphone and
/// speaker): ``ClockDrift`` follows the drift and the voice is given to the filter resampled
/// to keep pace with its echo; a captured stream that strays from its stamps by more than
/// ``resyncSamples`` is placed by them again.
///
/// Nothing to cancel, nothing spent: while no voice played within the filter's reach, the
/// microphone is passed through as the canceller would have passed it (its rumble taken
/// out, ``RumbleFilter``, one frame late: the residual suppressor's delay), and speexdsp is
/// not run; when the voice comes back, what it missed of the last reach of captured audio
/// is run through it first with no voice, so it picks up as if it had run all along (its
/// learnt filter kept).
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
    /// How far above the echo's usual residue (dB) a cleaned frame must be to be the person.
    public let residueMarginDecibels: Double
    /// The residue gate's fixed parts: a played frame louder than this (dBFS) is the voice
    /// playing; a captured frame quieter than this (dBFS) is too quiet to measure against;
    /// how many frames (10 ms) the residue is the median of, and how many it needs first.
    static let voiceDecibels = -50.0
    static let quietestMeasuredDecibels = -55.0
    static let residueFrames = 300
    static let residueFramesNeeded = 50
    /// How loud a played sample must be to count the voice as playing for the drift's
    /// measurement, and how much of a block's length it must fill in the window measured.
    static let voicedSample: Int16 = 300
    static let voicedShare = 0.5
    /// The residue gate: how much quieter than the microphone the cleaned audio is while
    /// only the voice's echo is heard (dB, recent frames), and where the voice last played.
    private var residueRatios: [Double] = []
    private var voiceHeardUntil = Int.min
    /// Whether the residue gate has acted (the canceller has learnt the room's echo; kept
    /// when a moment of the echo is taken out less well).
    private var residueLearnt = false
    /// The clocks' drift, and the captured audio waiting to be measured against the voice.
    private var drift: ClockDrift
    private var driftBlock: [Int16] = []
    private var driftBlockStart = 0
    /// How far back (samples) the voice is read for the filter at capture position `n`:
    /// `shiftBase + shiftSlope * (n - shiftAnchor)`, continuous as the slope is refined.
    private var shiftBase = 0.0
    private var shiftSlope = 0.0
    private var shiftAnchor = 0
    /// The last timeline position at which the voice given to the filter was not silent.
    private var voiceGivenAt = Int.min
    /// The frames speexdsp missed since it began resting (no voice within reach), the last
    /// reach of them, the latest last; empty while it runs.
    private var missed: [[Int16]] = []
    /// The microphone as speexdsp would pass it with no voice, frame by frame (the latest
    /// frame's, for the next frame to pass while resting).
    private var rumbleFilter = RumbleFilter()
    private var lastFiltered = [Int16](repeating: 0, count: EchoCanceller.frameSamples)

    /// Whether speexdsp rests while no voice is within reach (false: it runs on every frame,
    /// the comparison that shows resting changes nothing heard).
    public let rests: Bool

    /// A canceller for echoes up to `tailMilliseconds` late; nil when speexdsp cannot set
    /// itself up.
    public init?(tailMilliseconds: Int, residueMarginDecibels: Double, rests: Bool = true) {
        self.residueMarginDecibels = residueMarginDecibels
        self.rests = rests
        tailSamples = AudioFormat.samples(milliseconds: tailMilliseconds)
        drift = ClockDrift(longestLag: tailSamples)
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

    /// Whether what ``clean(_:from:)`` returns may be heard as the person: once a second of
    /// the voice has been measured, either it does not reach the microphone or the canceller
    /// has learnt its echo well enough to gate the residue, once. Before, what it returns is
    /// mostly the voice itself (the filter takes seconds of speech to converge).
    public var hearsThrough: Bool {
        drift.measurements > 0 && (!drift.hasFoundTheVoice || residueLearnt)
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
            drift.restart()
            driftBlock = []
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
                played[i] = voice(at: Double(cursor + i) - shift(at: cursor + i))
                if played[i] != 0 { voiceGivenAt = cursor + i }
            }
            followDrift(captured, at: cursor)
            // Beyond the filter's reach and the residue gate's (which needs a frame more).
            if rests, voiceGivenAt < cursor - tailSamples - Self.frameSamples {
                out += lastFiltered
                missed.append(captured)
                if missed.count > Self.framesToCatchUp(tailSamples) { missed.removeFirst() }
            } else {
                if !missed.isEmpty { catchUp() }
                speex_echo_cancellation(echo, captured, played, &cleaned)
                speex_preprocess_run(residual, &cleaned)
                gateResidue(&cleaned, captured: captured, played: played, at: cursor)
                out += cleaned
            }
            if rests { lastFiltered = rumbleFilter.process(captured) }
            offset += Self.frameSamples
            captureCursor = cursor + Self.frameSamples
        }
        pending.removeFirst(offset)
        forgetPlayed()
        return out
    }

    /// How many frames are run through speexdsp before it wakes: the filter's reach, and the
    /// frame the residual suppressor holds back.
    static func framesToCatchUp(_ tailSamples: Int) -> Int {
        (tailSamples + frameSamples - 1) / frameSamples + 1
    }

    /// Runs the frames missed while resting (the last reach of them) through speexdsp with no
    /// voice, discarding what comes out: its far-end history then holds the silence that was
    /// played, and the residual suppressor the frame it owes.
    private func catchUp() {
        let silence = [Int16](repeating: 0, count: Self.frameSamples)
        var discarded = silence
        for frame in missed {
            speex_echo_cancellation(echo, frame, silence, &discarded)
            speex_preprocess_run(residual, &discarded)
        }
        missed = []
    }

    /// How far back the voice is read at capture position `position`.
    private func shift(at position: Int) -> Double {
        shiftBase + shiftSlope * Double(position - shiftAnchor)
    }

    /// The voice played at timeline position `position` (whole samples).
    private func voice(at position: Int) -> Int16 {
        let index = position - referenceOrigin
        return index >= 0 && index < reference.count ? reference[index] : 0
    }

    /// The voice at a position between samples (a cubic through the four around it).
    private func voice(at position: Double) -> Int16 {
        let whole = Int(position.rounded(.down))
        let t = position - Double(whole)
        if t == 0 { return voice(at: whole) }
        let (a, b, c, d) = (Double(voice(at: whole - 1)), Double(voice(at: whole)), Double(voice(at: whole + 1)), Double(voice(at: whole + 2)))
        let value = b + 0.5 * t * (c - a + t * (2 * a - 5 * b + 4 * c - d + t * (3 * (b - c) + d - a)))
        return Int16(max(-32_768, min(32_767, value.rounded())))
    }

    /// Measures the drift a second at a time while the voice plays, and bends the voice's
    /// timing to the slope found, from here on.
    private func followDrift(_ frame: [Int16], at cursor: Int) {
        if driftBlock.isEmpty { driftBlockStart = cursor }
        driftBlock += frame
        guard driftBlock.count >= ClockDrift.blockSamples else { return }
        defer { driftBlock = [] }
        var voiced = 0
        for position in stride(from: driftBlockStart - tailSamples, to: driftBlockStart + driftBlock.count, by: 80)
        where abs(Int(voice(at: position))) > Int(Self.voicedSample) { voiced += 80 }
        // Too little of the voice in the window to be measured against.
        guard Double(voiced) > Self.voicedShare * Double(ClockDrift.blockSamples) else { return }
        drift.measure(driftBlock, at: driftBlockStart, reference: { voice(at: $0) })
        if drift.slope != shiftSlope {
            let now = cursor + Self.frameSamples
            shiftBase = shift(at: now)
            shiftAnchor = now
            shiftSlope = drift.slope
        }
    }

    /// Silences a cleaned frame that is only what is left of the voice's echo: while the
    /// voice (or its tail) is heard, a frame no louder against the microphone than the
    /// echo's usual residue, plus the margin. The residue is learnt as the median over the
    /// last three seconds of such frames, and the gate acts only once the canceller takes
    /// out more than the margin again: before it has converged, nothing is silenced.
    private func gateResidue(_ cleaned: inout [Int16], captured: [Int16], played: [Int16], at cursor: Int) {
        let margin = residueMarginDecibels
        if AudioFormat.decibels(played) > Self.voiceDecibels { voiceHeardUntil = cursor + Self.frameSamples + tailSamples }
        let microphone = AudioFormat.decibels(captured)
        guard cursor < voiceHeardUntil, microphone > Self.quietestMeasuredDecibels else { return }
        let ratio = AudioFormat.decibels(cleaned) - microphone
        residueRatios.append(ratio)
        if residueRatios.count > Self.residueFrames { residueRatios.removeFirst(residueRatios.count - Self.residueFrames) }
        guard residueRatios.count >= Self.residueFramesNeeded else { return }
        let residue = residueRatios.sorted()[residueRatios.count / 2]
        let gating = residue < -2 * margin
        if gating { residueLearnt = true }
        if gating, ratio < residue + margin {
            for i in cleaned.indices { cleaned[i] = 0 }
        }
    }


    /// Drops the voice the captured stream has passed.
    private func forgetPlayed() {
        guard let cursor = captureCursor else { return }
        // Kept: what the filter and the drift's measurement may still read.
        let kept = tailSamples + ClockDrift.blockSamples + Int(abs(shiftBase).rounded(.up)) + 4 * ClockDrift.searchRadius
        let drop = min(reference.count, max(0, cursor - kept - referenceOrigin))
        guard drop >= AudioFormat.sampleRate else { return }
        reference.removeFirst(drop)
        referenceOrigin += drop
        if reference.isEmpty { referenceOrigin = cursor }
    }
}
