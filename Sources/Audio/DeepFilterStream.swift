/// DeepFilterNet3 over a stream of 16 kHz audio, piece by piece as it arrives, before
/// anything else hears it (as ``RNNoiseStream``). Resampled to 48 kHz and back by
/// ``Resampler/Stream``, whose filters carry their history from piece to piece; the model's
/// own delay is taken off, and the cleaned stream comes out ``delaySamples`` behind the
/// input, sample for sample, each piece as long as it went in.
public final class DeepFilterStream: StreamCleaner {
    private let filter: DeepFilter
    private let state: OpaquePointer
    /// The model's frame, at 48 kHz.
    private let frameLength: Int
    private var up = Resampler.Stream(from: AudioFormat.sampleRate, to: DeepFilter.sampleRate)
    private var down = Resampler.Stream(from: DeepFilter.sampleRate, to: AudioFormat.sampleRate)
    /// The next frame's input so far, and the last frame cleaned, in -1...1.
    private var frame: [Float]
    private var cleanedFrame: [Float]
    /// How many cleaned samples (48 kHz) from the start are still to be dropped: the
    /// model's delay.
    private var toDrop: Int
    /// Cleaned samples (16 kHz) not yet returned.
    private var ready: [Int16]

    /// How far the cleaned stream runs behind the input, in samples: the longest any
    /// cleaned sample waits for its frame to fill, for the resamplers' look-ahead, and for
    /// the model's delay.
    public let delaySamples: Int

    /// Nil when DeepFilterNet3 cannot set itself up.
    public init?(_ filter: DeepFilter) {
        guard let (state, length) = filter.makeState() else { return nil }
        self.filter = filter
        self.state = state
        frameLength = length
        frame = []
        frame.reserveCapacity(length)
        cleanedFrame = [Float](repeating: 0, count: length)
        toDrop = DeepFilter.delayFrames * length
        let factor = DeepFilter.sampleRate / AudioFormat.sampleRate
        delaySamples = (length + factor - 1) / factor + up.lookahead + (down.lookahead + toDrop + factor - 1) / factor
        // What comes out before the first cleaned sample: silence.
        ready = [Int16](repeating: 0, count: delaySamples)
    }

    deinit { filter.release(state) }

    public func process(_ samples: [Int16]) -> [Int16] {
        for sample in up.push(samples) {
            frame.append(Float(sample) / 32_768)
            if frame.count == frameLength { cleanFrame() }
        }
        let count = min(samples.count, ready.count)
        let out = Array(ready.prefix(count))
        ready.removeFirst(count)
        return out + [Int16](repeating: 0, count: samples.count - count)
    }

    private func cleanFrame() {
        frame.withUnsafeMutableBufferPointer { input in
            cleanedFrame.withUnsafeMutableBufferPointer { output in
                _ = filter.process(state, input.baseAddress!, into: output.baseAddress!)
            }
        }
        frame.removeAll(keepingCapacity: true)
        let skip = min(toDrop, frameLength)
        toDrop -= skip
        let cleaned = cleanedFrame[skip...].map { value -> Int16 in
            guard value.isFinite else { return 0 }
            return Int16(max(-32_768, min(32_767, (value * 32_768).rounded())))
        }
        ready += down.push(cleaned)
    }
}
