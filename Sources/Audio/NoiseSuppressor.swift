import CWebRTCAudio
import Foundation

/// Takes a room's background (dishes, a running tap, a fan, a television) out of 16 kHz
/// speech before it is recognised, with the noise suppressor of WebRTC's audio processing
/// module (Debian's libwebrtc-audio-processing): a high-pass filter, then a noise estimate
/// that follows the room and a spectral gain that pushes it down.
///
/// Why WebRTC's and not libspeexdsp's preprocessor, which this replaced: on real room
/// recordings mixed with speech at 10 dB (scripts/bench-recognition.sh), the recogniser
/// heard more look-ups and commands and acted on fewer near-misses after WebRTC's.
///
/// The state learns the noise as audio passes, so one suppressor follows one stream (or one
/// utterance, from its pre-roll). Not thread-safe. The C handle is freed in `deinit`.
public final class NoiseSuppressor {
    /// How hard the noise is pushed down; stronger distorts speech more.
    public enum Strength: Int32, Sendable, CaseIterable {
        case mild = 0, moderate, high, strongest
    }

    /// Samples per processing frame (10 ms at 16 kHz).
    public static let frameSamples = 160
    /// The strength the recogniser uses: measured best on real room noise at 10 dB.
    public static let defaultStrength = Strength.high
    private let state: OpaquePointer

    /// A suppressor for 16 kHz mono audio; nil only when WebRTC cannot set itself up (out
    /// of memory), and then the caller hears the audio as it is.
    public init?(strength: Strength = defaultStrength) {
        guard let state = bc_webrtc_noise_create(strength.rawValue) else { return nil }
        self.state = state
    }

    deinit { bc_webrtc_noise_free(state) }

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
            let status = buffer.withUnsafeMutableBufferPointer { bc_webrtc_noise_process(state, $0.baseAddress) }
            if status == 0 {
                for i in 0..<count { output[start + i] = buffer[i] }
            }
            start += frame
        }
        return output
    }

    /// `samples` (one utterance) with the noise suppressed from the first sample on, by a
    /// new suppressor: a first pass learns the room's noise (the pre-roll and the pauses
    /// between words), the second takes it out. Nil when no suppressor can be set up.
    public static func suppressed(_ samples: [Int16], strength: Strength = defaultStrength) -> [Int16]? {
        guard let suppressor = NoiseSuppressor(strength: strength) else { return nil }
        _ = suppressor.process(samples)
        return suppressor.process(samples)
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
