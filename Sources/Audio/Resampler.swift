/// Changes the sample rate of mono audio with a windowed-sinc low-pass filter, so that
/// going down (espeak-ng's 22,050 Hz to 16,000 Hz) does not fold high frequencies into
/// the band the recogniser listens to.
///
/// An output sample falls at one of `toRate / gcd` positions between input samples (320
/// for 22,050 to 16,000 Hz), so the filter's weights are worked out once per position and
/// reused: a whole session's speech resamples in a fraction of the time the daemon takes
/// to say it. At the edges only the weights over samples that exist count, normalised.
public enum Resampler {
    /// Zero crossings of the sinc on each side.
    private static let halfWidth = 16
    /// Above this many positions the weights are worked out per sample instead.
    private static let maximumPhases = 4096

    /// `samples` at `fromRate` as samples at `toRate`.
    public static func resample(_ samples: [Int16], from fromRate: Int, to toRate: Int) -> [Int16] {
        guard fromRate != toRate, !samples.isEmpty, fromRate > 0, toRate > 0 else { return samples }
        let ratio = Double(toRate) / Double(fromRate)
        let cutoff = min(1.0, ratio) * 0.95          // of the input's Nyquist frequency
        let outputCount = Int((Double(samples.count) * ratio).rounded(.down))
        let taps = Int((Double(halfWidth) / cutoff).rounded(.up))
        let divisor = gcd(fromRate, toRate)
        let step = fromRate / divisor, phases = toRate / divisor
        // weights[phase][j]: the weight of input sample floor(center) - taps + 1 + j.
        let table: [[Double]]? = phases <= maximumPhases
            ? (0..<phases).map { weights(fraction: Double($0 * step % phases) / Double(phases), taps: taps, cutoff: cutoff) }
            : nil
        var output = [Int16](repeating: 0, count: outputCount)
        samples.withUnsafeBufferPointer { input in
            for n in 0..<outputCount {
                let whole: Int, fraction: Double
                if table != nil {
                    let position = n * step
                    whole = position / phases
                    fraction = Double(position % phases) / Double(phases)
                } else {
                    let center = Double(n) / ratio
                    whole = Int(center)
                    fraction = center - Double(whole)
                }
                let weights = table?[n % phases] ?? weights(fraction: fraction, taps: taps, cutoff: cutoff)
                let start = whole - taps + 1
                let first = max(0, start), last = min(input.count - 1, whole + taps)
                var sum = 0.0, weightSum = 0.0
                if first <= last {
                    for k in first...last {
                        let weight = weights[k - start]
                        sum += Double(input[k]) * weight
                        weightSum += weight
                    }
                }
                let value = weightSum > 0 ? sum / weightSum : 0
                output[n] = Int16(clamping: Int(value.rounded()))
            }
        }
        return output
    }

    /// The Hann-windowed sinc weights of the `2 * taps` input samples around an output
    /// sample that falls `fraction` of the way past an input sample.
    private static func weights(fraction: Double, taps: Int, cutoff: Double) -> [Double] {
        (0..<(2 * taps)).map { j in
            let distance = Double(j - taps + 1) - fraction
            let x = distance * cutoff
            let sinc = abs(x) < 1e-9 ? 1.0 : sin(Double.pi * x) / (Double.pi * x)
            let t = distance / Double(taps)
            let window = abs(t) >= 1 ? 0 : 0.5 * (1 + cos(Double.pi * t))  // Hann
            return sinc * window
        }
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        b == 0 ? a : gcd(b, a % b)
    }
}

import Foundation
