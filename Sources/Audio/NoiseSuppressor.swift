import CSpeexDSP
import CWebRTCAudio
import Foundation

/// Takes a room's background (dishes, a running tap, a fan, a television) out of 16 kHz
/// speech before it is recognised. Two methods, each where it measured best on real room
/// recordings mixed with speech:
///
/// - ``Method/webRTC(_:)``: the noise suppressor of WebRTC's audio processing module
///   (Debian's libwebrtc-audio-processing): a high-pass filter, then a noise estimate that
///   follows the room and a spectral gain that pushes it down. Commands and look-ups
///   (its strength is hearing's tuning): against libspeexdsp, more commands and look-ups heard and fewer
///   near-misses acted on (scripts/bench-recognition.sh; docs/measurements/2026-11-25-noise-suppression.md).
/// - ``Method/speex(maximumAttenuation:)``: libspeexdsp's preprocessor (spectral noise
///   estimation and suppression; no automatic gain, which measured worse). Free speech
///   (its attenuation is `listen`'s tuning): Bible verses read in a noisy room were identified more
///   often than after WebRTC's at any strength (scripts/bench-listen.sh's noisy set).
///
/// The state learns the noise as audio passes, so one suppressor follows one stream (or one
/// utterance, from its pre-roll). Not thread-safe. The C handle is freed in `deinit`.
public final class NoiseSuppressor {
    /// How WebRTC's suppressor pushes the noise down; stronger distorts speech more.
    public enum Strength: Int32, Sendable, CaseIterable, Codable {
        case mild = 0, moderate, high, strongest
    }

    /// Which suppressor, and how hard it works.
    public enum Method: Sendable, Hashable {
        case webRTC(Strength)
        /// `maximumAttenuation`: how far (dB, negative) the noise may be pushed down.
        case speex(maximumAttenuation: Int32)

    }

    /// Samples per processing frame (10 ms at 16 kHz, as both libraries are set up).
    public static let frameSamples = Int(BC_WEBRTC_NOISE_FRAME_SAMPLES)

    private enum Engine {
        case webRTC(OpaquePointer)
        case speex(OpaquePointer)
    }
    private let engine: Engine

    /// A suppressor for 16 kHz mono audio; nil only when the library cannot set itself up
    /// (out of memory), and then the caller hears the audio as it is.
    public init?(method: Method) {
        switch method {
        case .webRTC(let strength):
            guard let state = bc_webrtc_noise_create(strength.rawValue) else { return nil }
            engine = .webRTC(state)
        case .speex(let maximumAttenuation):
            guard let state = speex_preprocess_state_init(Int32(Self.frameSamples), Int32(AudioFormat.sampleRate)) else { return nil }
            var on: Int32 = 1
            var off: Int32 = 0
            var attenuation = maximumAttenuation
            speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_DENOISE, &on)
            speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_AGC, &off)
            speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_NOISE_SUPPRESS, &attenuation)
            engine = .speex(state)
        }
    }

    deinit {
        switch engine {
        case .webRTC(let state): bc_webrtc_noise_free(state)
        case .speex(let state): speex_preprocess_state_destroy(state)
        }
    }

    /// `samples` with the noise suppressed; a last partial frame is processed padded with
    /// silence, so the result is as long as the input.
    public func process(_ samples: [Int16]) -> [Int16] {
        var output = samples
        let frame = Self.frameSamples
        var buffer = [Int16](repeating: 0, count: frame)
        var start = 0
        while start < output.count {
            let count = min(frame, output.count - start)
            for i in 0..<frame { buffer[i] = i < count ? output[start + i] : 0 }
            // A frame WebRTC refuses (it only refuses malformed ones) is kept as it was.
            let processed = buffer.withUnsafeMutableBufferPointer { pointer -> Bool in
                switch engine {
                case .webRTC(let state): return bc_webrtc_noise_process(state, pointer.baseAddress) == 0
                case .speex(let state): _ = speex_preprocess_run(state, pointer.baseAddress); return true
                }
            }
            if processed {
                for i in 0..<count { output[start + i] = buffer[i] }
            }
            start += frame
        }
        return output
    }

    /// `samples` (one utterance) with the noise suppressed from the first sample on, by a
    /// new suppressor: a first pass learns the room's noise (the pre-roll and the pauses
    /// between words), the second takes it out. Nil when no suppressor can be set up.
    public static func suppressed(_ samples: [Int16], method: Method) -> [Int16]? {
        guard let suppressor = NoiseSuppressor(method: method) else { return nil }
        _ = suppressor.process(samples)
        return suppressor.process(samples)
    }

    /// The percentiles of an utterance's frame energies read as its speech (loud) and as the
    /// room between words and around them (quiet) by ``signalToNoise(_:)``.
    public static let speechPercentile = 90, roomPercentile = 10
    /// The frames of sound an utterance needs for its ratio to be measured.
    static let minimumFramesMeasured = 10
    /// A frame's mean square at or below this (an RMS of one step of a 16-bit sample) is
    /// digital silence.
    static let digitalSilenceEnergy = 1.0

    /// The signal-to-noise ratio of an utterance in dB, from its frame energies: the loud
    /// frames (``speechPercentile``) against the quiet ones (``roomPercentile``). Frames of
    /// digital silence are left out: no microphone gives them, so they are not the room but
    /// a recording's padding (the silence ``RecordedSpeech`` closes a file with) or a
    /// cleaner's output. Infinity when too few frames hold sound to tell.
    public static func signalToNoise(_ samples: [Int16]) -> Double {
        let frame = frameSamples
        var energies: [Double] = []
        energies.reserveCapacity(samples.count / frame)
        var start = 0
        while start + frame <= samples.count {
            var sum = 0.0
            for i in start..<(start + frame) { let x = Double(samples[i]); sum += x * x }
            let energy = sum / Double(frame)
            if energy > digitalSilenceEnergy { energies.append(energy) }
            start += frame
        }
        guard energies.count >= minimumFramesMeasured else { return .infinity }
        energies.sort()
        let quiet = energies[energies.count * roomPercentile / 100]
        let loud = energies[energies.count * speechPercentile / 100]
        return 10 * log10(max(loud, 1) / quiet)
    }
}
