/// Takes a constant offset (DC) out of a stream of samples as it arrives, before anything
/// measures a level: a microphone that adds one (some USB ones do, by a tenth of full scale)
/// raises every frame's energy by it, so the endpointer's floor rises with it and no
/// pause is quiet enough to end an utterance.
///
/// A one-pole high-pass (`y[n] = x[n] - x[n-1] + pole * y[n-1]`), its state kept from one
/// piece to the next, so the pieces the audio arrives in do not matter. Below speech: at
/// 16 kHz it passes 100 Hz at 99% of its level.
public struct DCBlocker: Sendable {
    /// The filter's pole: its corner is `(1 - pole) * rate / 2π`, 13 Hz at 16 kHz; an
    /// offset that appears is gone in about 40 ms (three time constants of 200 samples).
    public static let pole = 0.995

    private var previousInput: Double?
    private var previousOutput = 0.0

    public init() {}

    /// `samples` without their offset, as many as went in.
    public mutating func process(_ samples: [Int16]) -> [Int16] {
        var output = [Int16]()
        output.reserveCapacity(samples.count)
        // The first sample is taken as the offset so far: no step at the start.
        var input = previousInput ?? samples.first.map(Double.init) ?? 0
        var filtered = previousOutput
        for sample in samples {
            let x = Double(sample)
            filtered = x - input + Self.pole * filtered
            input = x
            output.append(Int16(max(-32768, min(32767, filtered.rounded()))))
        }
        previousInput = input
        previousOutput = filtered
        return output
    }
}
