import Audio
import Foundation
import Vocabulary

/// The daemon's own voice as a microphone across a room hears it, for `simulate` and the
/// benches: a small loudspeaker that clips softly when driven hard (as hard at every echo
/// level: the level is the microphone's nearness, not the volume), the way to the
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
    /// How much louder the direct path and its reflections together are than the direct
    /// path alone (the root of the taps' summed squares): the level is the whole echo's.
    private let roomGain: Double
    /// What the loudspeaker played, by the loudspeaker's sample: `sound[0]` is `soundOrigin`.
    private var sound: [Double] = []
    private var soundOrigin = 0
    /// The next microphone sample the loudspeaker's sound is carried to.
    private var heard: Int?
    /// The echo heard, by the timeline's sample: `echo[0]` is sample `origin`.
    private var echo: [Double] = []
    private var origin = 0
    /// The levels of the played voice's last minute, 20 ms at a time (``speechLevel(_:)``).
    private var voiceFrameLevels: [Double] = []

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
        roomGain = taps.map { $0.1 * $0.1 }.reduce(0, +).squareRoot()
    }

    /// The daemon played `voice` (16 kHz) from the timeline's sample `start`.
    public func played(_ voice: [Int16], from start: Int) {
        voiceFrameLevels += Self.frameLevels(voice)
        if voiceFrameLevels.count > 3_000 { voiceFrameLevels.removeFirst(voiceFrameLevels.count - 3_000) }
        let voiceLevel = Self.speechLevel(frameLevels: voiceFrameLevels) ?? 3_000
        let gain = personLevel * pow(10, level / 20) / max(1, voiceLevel) / roomGain
        if sound.isEmpty { soundOrigin = start }
        let needed = start - soundOrigin + voice.count
        if needed > sound.count { sound += [Double](repeating: 0, count: needed - sound.count) }
        for (index, sample) in voice.enumerated() where start + index >= soundOrigin {
            // The loudspeaker clips softly near the full scale it is driven at (the daemon's
            // volume, whatever the microphone's distance); the room then carries it.
            let driven = Double(sample) / 32_768
            sound[start + index - soundOrigin] += tanh(driven * 1.5) / 1.5 * 32_768 * gain
        }
        carry(upTo: start + voice.count - 2)
    }

    /// Carries the loudspeaker's sound through the room to the microphone, up to the
    /// loudspeaker's sample `end`: the microphone's sample `p` hears the loudspeaker at
    /// `p / stretch` (between its samples: a cubic through the four around it), by the
    /// direct path and each reflection.
    private func carry(upTo end: Int) {
        let stretch = 1 + driftPartsPerMillion / 1_000_000
        var position = heard ?? Int((Double(soundOrigin) * stretch).rounded(.up))
        if echo.isEmpty { origin = position }
        let reach = (taps.map(\.0).max() ?? 0) + 2
        while Double(position) / stretch < Double(end) {
            let source = Double(position) / stretch - Double(soundOrigin)
            let whole = Int(source.rounded(.down))
            let t = source - Double(whole)
            func at(_ i: Int) -> Double { i >= 0 && i < sound.count ? sound[i] : 0 }
            let (a, b, c, d) = (at(whole - 1), at(whole), at(whole + 1), at(whole + 2))
            let value = b + 0.5 * t * (c - a + t * (2 * a - 5 * b + 4 * c - d + t * (3 * (b - c) + d - a)))
            if value != 0 {
                let needed = position - origin + reach
                if needed > echo.count { echo += [Double](repeating: 0, count: needed - echo.count) }
                for (offset, tapGain) in taps where position + offset >= origin {
                    echo[position + offset - origin] += value * tapGain
                }
            }
            position += 1
        }
        heard = position
        // The loudspeaker's sound the microphone has passed is forgotten.
        let passed = Int(Double(position) / stretch) - soundOrigin - 4
        if passed > AudioFormat.sampleRate {
            sound.removeFirst(passed)
            soundOrigin += passed
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

    /// A speech's level, the same for the person and the voice: the mean RMS of its loudest
    /// tenth of 20 ms frames (pauses and silence left out); nil for silence.
    public static func speechLevel(_ samples: [Int16]) -> Double? {
        speechLevel(frameLevels: frameLevels(samples))
    }

    private static func speechLevel(frameLevels levels: [Double]) -> Double? {
        let loud = levels.sorted(by: >).prefix(max(1, levels.count / 10))
        guard let top = loud.first, top > 30 else { return nil }
        return loud.reduce(0, +) / Double(loud.count)
    }

    /// The RMS of each whole 20 ms frame of `samples`.
    private static func frameLevels(_ samples: [Int16]) -> [Double] {
        let frame = AudioFormat.samples(milliseconds: 20)
        return stride(from: 0, to: samples.count - frame + 1, by: frame).map { start in
            (samples[start..<(start + frame)].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(frame)).squareRoot()
        }
    }
}
