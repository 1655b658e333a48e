import Foundation

/// A room's steady noise for the test audio: pink noise (a fan, a television's hiss) from a
/// fixed seed, mixed in at a signal-to-noise ratio measured on the speech, as
/// scripts/lib/bench/speech_corpus.py mixes it.
public enum TestNoise {
    public static func mixed(_ speech: [Int16], snr decibels: Double, seed: UInt64 = 7) -> [Int16] {
        mix(speech, pink(count: speech.count, seed: seed), snr: decibels)
    }

    /// `speech` with `noise` (at least as long) added at `decibels` below the speech's level.
    public static func mix(_ speech: [Int16], _ noise: [Double], snr decibels: Double) -> [Int16] {
        let noiseLevel = rms(noise.prefix(speech.count))
        let gain = speechLevel(speech) / (max(noiseLevel, 1e-9) * pow(10, decibels / 20))
        return zip(speech, noise).map { s, n in Int16(clamping: Int((Double(s) + gain * n).rounded())) }
    }

    /// Root mean square of `values` (0 for none).
    public static func rms(_ values: some Collection<Double>) -> Double {
        (values.reduce(0) { $0 + $1 * $1 } / Double(max(1, values.count))).squareRoot()
    }

    /// RMS over the loudest half of 20 ms frames: the speech, not the silence around it.
    public static func speechLevel(_ samples: [Int16]) -> Double {
        let frame = 320
        let energies = stride(from: 0, to: max(0, samples.count - frame), by: frame).map { start in
            samples[start..<(start + frame)].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(frame)
        }.sorted(by: >)
        let loud = energies.prefix(max(1, energies.count / 2))
        return (loud.reduce(0, +) / Double(max(1, loud.count))).squareRoot()
    }

    /// The next value of the fixtures' seeded generator (a 64-bit linear congruential step).
    public static func next(_ state: inout UInt64) -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state
    }

    /// Pink noise: white noise from a seeded generator through Paul Kellett's filter.
    public static func pink(count: Int, seed: UInt64) -> [Double] {
        var state = seed
        var b = [Double](repeating: 0, count: 7)
        return (0..<count).map { _ in
            let white = Double(Int64(bitPattern: next(&state)) >> 11) / Double(1 << 52)
            b[0] = 0.99886 * b[0] + white * 0.0555179
            b[1] = 0.99332 * b[1] + white * 0.0750759
            b[2] = 0.96900 * b[2] + white * 0.1538520
            b[3] = 0.86650 * b[3] + white * 0.3104856
            b[4] = 0.55000 * b[4] + white * 0.5329522
            b[5] = -0.7616 * b[5] - white * 0.0168980
            let value = b[0] + b[1] + b[2] + b[3] + b[4] + b[5] + b[6] + white * 0.5362
            b[6] = white * 0.115926
            return value
        }
    }
}
