/// Changes the sample rate of mono audio with a windowed-sinc low-pass filter, so that
/// going down (espeak-ng's 22,050 Hz to 16,000 Hz) does not fold high frequencies into
/// the band the recogniser listens to.
public enum Resampler {
    /// `samples` at `fromRate` as samples at `toRate`.
    public static func resample(_ samples: [Int16], from fromRate: Int, to toRate: Int) -> [Int16] {
        guard fromRate != toRate, !samples.isEmpty, fromRate > 0, toRate > 0 else { return samples }
        let ratio = Double(toRate) / Double(fromRate)
        let cutoff = min(1.0, ratio) * 0.95          // of the input's Nyquist frequency
        let halfWidth = 16                            // zero crossings on each side
        let outputCount = Int((Double(samples.count) * ratio).rounded(.down))
        let taps = Int((Double(halfWidth) / cutoff).rounded(.up))
        var output = [Int16](repeating: 0, count: outputCount)
        samples.withUnsafeBufferPointer { input in
            for n in 0..<outputCount {
                let center = Double(n) / ratio
                let first = max(0, Int(center) - taps + 1)
                let last = min(input.count - 1, Int(center) + taps)
                var sum = 0.0
                var weightSum = 0.0
                if first <= last {
                    for k in first...last {
                        let x = (Double(k) - center) * cutoff
                        let sinc = abs(x) < 1e-9 ? 1.0 : sin(Double.pi * x) / (Double.pi * x)
                        let t = (Double(k) - center) / Double(taps)
                        let window = abs(t) >= 1 ? 0 : 0.5 * (1 + cos(Double.pi * t))  // Hann
                        let weight = sinc * window
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
}

import Foundation
