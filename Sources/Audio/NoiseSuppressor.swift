import CSpeexDSP
import Foundation

/// Takes steady background noise (a fan, a hum, a television's hiss) out of 16 kHz speech
/// before it is recognised, with libspeexdsp's preprocessor (spectral noise estimation and
/// suppression; no automatic gain, which measured worse).
///
/// The state learns the noise as audio passes, so one suppressor follows one stream (or one
/// utterance, from its pre-roll). Not thread-safe.
public final class NoiseSuppressor {
    /// Samples per processing frame (10 ms at 16 kHz).
    public static let frameSamples = 160
    private let state: OpaquePointer

    /// `maximumAttenuation`: how far (dB, negative) the noise may be pushed down.
    public init(sampleRate: Int = AudioFormat.sampleRate, maximumAttenuation: Int32 = -15) {
        state = speex_preprocess_state_init(Int32(Self.frameSamples), Int32(sampleRate))
        var on: Int32 = 1
        var off: Int32 = 0
        var attenuation = maximumAttenuation
        speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_DENOISE, &on)
        speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_AGC, &off)
        speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_NOISE_SUPPRESS, &attenuation)
    }

    deinit { speex_preprocess_state_destroy(state) }

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
            _ = buffer.withUnsafeMutableBufferPointer { speex_preprocess_run(state, $0.baseAddress) }
            for i in 0..<count { output[start + i] = buffer[i] }
            start += frame
        }
        return output
    }

    /// The signal-to-noise ratio of an utterance in dB, from its 10 ms frame energies: the
    /// loud frames (90th percentile, the speech) against the quiet ones (10th percentile,
    /// the room between words and in the pre-roll and trailing silence). Infinity when the
    /// quiet frames are digital silence.
    public static func signalToNoise(_ samples: [Int16]) -> Double {
        let frame = frameSamples
        guard samples.count >= frame * 10 else { return .infinity }
        var energies: [Double] = []
        energies.reserveCapacity(samples.count / frame)
        var start = 0
        while start + frame <= samples.count {
            var sum = 0.0
            for i in start..<(start + frame) { let x = Double(samples[i]); sum += x * x }
            energies.append(sum / Double(frame))
            start += frame
        }
        energies.sort()
        let quiet = energies[energies.count / 10]
        let loud = energies[energies.count * 9 / 10]
        guard quiet > 1 else { return .infinity }
        return 10 * log10(max(loud, 1) / quiet)
    }
}
