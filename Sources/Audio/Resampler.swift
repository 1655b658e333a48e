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
        var stream = Stream(from: fromRate, to: toRate)
        return stream.push(samples) + stream.finish()
    }

    /// The same filter over audio that arrives a block at a time (a recording of an hour
    /// read in parts): an output sample is made once every input sample it weighs has
    /// arrived, and the last ones when the input ends, so the samples are those of
    /// ``resample(_:from:to:)`` over the whole, and only a block and the filter's width
    /// are held.
    public struct Stream {
        private let ratio: Double
        private let cutoff: Double
        private let taps: Int
        private let step: Int
        private let phases: Int
        private let table: [[Double]]?
        private let passThrough: Bool
        /// Input samples from number `base` on (the first the next output weighs).
        private var buffer: [Int16] = []
        private var base = 0
        /// The number of the next output sample.
        private var next = 0

        /// How many input samples past its own position an output sample waits for: it is
        /// made once input sample `floor(n * fromRate / toRate) + lookahead` has arrived.
        public var lookahead: Int { passThrough ? 0 : taps }

        public init(from fromRate: Int, to toRate: Int) {
            passThrough = fromRate == toRate || fromRate <= 0 || toRate <= 0
            ratio = passThrough ? 1 : Double(toRate) / Double(fromRate)
            cutoff = min(1.0, ratio) * 0.95          // of the input's Nyquist frequency
            taps = Int((Double(halfWidth) / cutoff).rounded(.up))
            let divisor = passThrough ? 1 : gcd(fromRate, toRate)
            step = passThrough ? 1 : fromRate / divisor
            phases = passThrough ? 1 : toRate / divisor
            // weights[phase][j]: the weight of input sample floor(center) - taps + 1 + j.
            let (step, phases, taps, cutoff) = (step, phases, taps, cutoff)
            table = !passThrough && phases <= maximumPhases
                ? (0..<phases).map { Resampler.weights(fraction: Double($0 * step % phases) / Double(phases), taps: taps, cutoff: cutoff) }
                : nil
        }

        /// The output samples that `samples`, following what was pushed before, complete.
        public mutating func push(_ samples: [Int16]) -> [Int16] {
            guard !passThrough else { return samples }
            buffer += samples
            return emit(total: nil)
        }

        /// The output samples still owed once the input has ended; the stream starts again after.
        public mutating func finish() -> [Int16] {
            guard !passThrough else { return [] }
            let output = emit(total: base + buffer.count)
            buffer = []
            base = 0
            next = 0
            return output
        }

        /// Where output sample `n` falls: the input sample before it, and how far past.
        private func position(_ n: Int) -> (whole: Int, fraction: Double) {
            if table != nil {
                let position = n * step
                return (position / phases, Double(position % phases) / Double(phases))
            }
            let center = Double(n) / ratio
            return (Int(center), center - Double(Int(center)))
        }

        /// The outputs whose inputs have all arrived; with `total` (the input's length, once
        /// it has ended) every output up to its end, the filter cut at the last sample.
        private mutating func emit(total: Int?) -> [Int16] {
            let received = base + buffer.count
            let outputCount = total.map { Int((Double($0) * ratio).rounded(.down)) }
            var output: [Int16] = []
            buffer.withUnsafeBufferPointer { input in
                while true {
                    let n = next
                    let (whole, fraction) = position(n)
                    if let outputCount {
                        guard n < outputCount else { break }
                    } else {
                        guard whole + taps < received else { break }
                    }
                    let weights = table?[n % phases] ?? Resampler.weights(fraction: fraction, taps: taps, cutoff: cutoff)
                    let start = whole - taps + 1
                    let first = max(0, start), last = min(received - 1, whole + taps)
                    var sum = 0.0, weightSum = 0.0
                    if first <= last {
                        for k in first...last {
                            let weight = weights[k - start]
                            sum += Double(input[k - base]) * weight
                            weightSum += weight
                        }
                    }
                    let value = weightSum > 0 ? sum / weightSum : 0
                    output.append(Int16(clamping: Int(value.rounded())))
                    next += 1
                }
            }
            // Keep from the first input the next output weighs.
            let keepFrom = max(base, min(received, position(next).whole - taps + 1))
            buffer.removeFirst(keepFrom - base)
            base = keepFrom
            return output
        }
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
