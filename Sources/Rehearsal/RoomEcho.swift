import Audio
import Foundation
import Vocabulary

/// The daemon's own voice as a microphone across a room hears it, for `simulate` and the
/// benches: a small loudspeaker that clips softly when driven hard, the way to the
/// microphone (a delay), the room's reflections dying away over its reverberation time,
/// and the loudspeaker's and the microphone's clocks running apart.
///
/// Its level is set against the person's voice (``level``: 0, 10, 20 dB above it is a
/// loudspeaker nearer the microphone than the person, or turned up). The reflections are
/// drawn once from a seeded generator: a room, not a different room every run.
public final class RoomEcho {
    /// The echo's level above the person's voice, in dB (RMS of speech against speech).
    public let level: Double
    /// From the loudspeaker to the microphone, and the converters' buffers, in ms.
    public let delayMilliseconds: Int
    /// The room's reverberation time (RT60), in ms.
    public let reverberationMilliseconds: Int
    /// How far the microphone's clock runs from the loudspeaker's, parts per million.
    public let driftPartsPerMillion: Double
    /// The person's speech level the echo is set against (RMS, full scale 32768); a
    /// typical close-talk level until an utterance is said.
    public var personLevel = 1_600.0
    /// (offset in samples, gain) of the direct path and each reflection.
    private let taps: [(Int, Double)]
    /// The echo heard, by the timeline's sample: `echo[0]` is sample `origin`.
    private var echo: [Double] = []
    private var origin = 0
    /// The played voice's running level (sum of squares and count of its voiced samples).
    private var voiceEnergy = 0.0
    private var voiceSamples = 0

    public init(level: Double, delayMilliseconds: Int = 30, reverberationMilliseconds: Int = 400,
                driftPartsPerMillion: Double = 100, seed: UInt64 = 1) {
        self.level = level
        self.delayMilliseconds = delayMilliseconds
        self.reverberationMilliseconds = reverberationMilliseconds
        self.driftPartsPerMillion = driftPartsPerMillion
        var generator = SplitMix64(seed: seed)
        let delay = AudioFormat.samples(milliseconds: delayMilliseconds)
        var taps: [(Int, Double)] = [(delay, 1.0)]
        let rt60 = Double(reverberationMilliseconds) / 1000
        // Reflections over the first half of the reverberation time, 60 dB down at RT60.
        for _ in 0..<48 {
            let after = Double.random(in: 0.002...(rt60 / 2), using: &generator)
            let gain = 0.7 * exp(-6.91 * after / rt60) * (Bool.random(using: &generator) ? 1 : -1)
            taps.append((delay + Int(after * Double(AudioFormat.sampleRate)), gain))
        }
        self.taps = taps
    }

    /// The daemon played `voice` (16 kHz) from the timeline's sample `start`.
    public func played(_ voice: [Int16], from start: Int) {
        for sample in voice where abs(Int(sample)) > 100 {
            voiceEnergy += Double(sample) * Double(sample)
            voiceSamples += 1
        }
        let voiceLevel = voiceSamples > 0 ? (voiceEnergy / Double(voiceSamples)).squareRoot() : 3_000
        let gain = personLevel * pow(10, level / 20) / max(1, voiceLevel)
        // The microphone's clock: a sample played at `t` is heard at `t` stretched by the drift.
        let stretch = 1 + driftPartsPerMillion / 1_000_000
        let placed = Int((Double(start) * stretch).rounded())
        if echo.isEmpty { origin = placed }
        let last = taps.map(\.0).max() ?? 0
        let needed = placed - origin + voice.count + last + 2
        if needed > echo.count { echo += [Double](repeating: 0, count: needed - echo.count) }
        for (index, sample) in voice.enumerated() {
            // The loudspeaker clips softly near full scale.
            let driven = Double(sample) * gain / 32_768
            let out = tanh(driven * 1.5) / 1.5 * 32_768
            let at = placed - origin + index
            for (offset, tapGain) in taps where at + offset >= 0 {
                echo[at + offset] += out * tapGain
            }
        }
    }

    /// The echo heard in `count` samples from the timeline's sample `start`, added to
    /// `samples`.
    public func add(to samples: inout [Int32], from start: Int) {
        for index in 0..<samples.count {
            let at = start + index - origin
            if at >= 0, at < echo.count { samples[index] += Int32(max(-1e9, min(1e9, echo[at].rounded()))) }
        }
        // What the microphone has passed is forgotten.
        let passed = min(echo.count, max(0, start - origin))
        if passed > AudioFormat.sampleRate {
            echo.removeFirst(passed)
            origin += passed
        }
    }
}
