import Audio
import Foundation
import Testing

@Suite("Noise suppression")
struct NoiseSuppressorTests {
    /// A seeded hiss: uniform white noise of the given amplitude.
    static func hiss(count: Int, amplitude: Double, seed: UInt64 = 3) -> [Int16] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int16(amplitude * (Double(state >> 11) / Double(1 << 53) * 2 - 1))
        }
    }

    /// One second of hiss, a tone burst over it, another second of hiss.
    static func burstInHiss() -> (mixed: [Int16], quiet: Range<Int>) {
        let rate = AudioFormat.sampleRate
        let noise = hiss(count: rate * 3, amplitude: 1_500)
        let tone = Signals.tone(440, rate: rate, seconds: 1, amplitude: 8_000)
        let mixed = noise.enumerated().map { i, n in
            Int16(clamping: Int(n) + ((rate..<2 * rate).contains(i) ? Int(tone[i - rate]) : 0))
        }
        return (mixed, 2 * rate + rate / 4..<3 * rate)
    }

    @Test("steady hiss is pushed down and the tone in it is kept", arguments: [NoiseSuppressor.Method.webRTC(.high), .speex(maximumAttenuation: -15)])
    func suppressesHiss(method: NoiseSuppressor.Method) throws {
        let (mixed, quiet) = Self.burstInHiss()
        let cleaned = try #require(NoiseSuppressor.suppressed(mixed, method: method))
        #expect(cleaned.count == mixed.count)
        let before = Signals.rms(Array(mixed[quiet]))
        let after = Signals.rms(Array(cleaned[quiet]))
        #expect(20 * log10(before / max(after, 1)) >= 6, "hiss \(before) -> \(after)")
        let tone = AudioFormat.sampleRate + 1_000..<2 * AudioFormat.sampleRate - 1_000
        #expect(Signals.rms(Array(cleaned[tone])) >= 0.5 * Signals.rms(Array(mixed[tone])))
        #expect(abs(Signals.frequency(of: Array(cleaned[tone]), rate: AudioFormat.sampleRate) - 440) < 20)
    }

    @Test("the signal-to-noise estimate reads the level of speech over the room")
    func estimatesSignalToNoise() {
        let (mixed, _) = Self.burstInHiss()
        let snr = NoiseSuppressor.signalToNoise(mixed)
        // Tone RMS 5,657 over hiss RMS 866: about 16 dB.
        #expect((12...20).contains(snr), "\(snr)")
        #expect(NoiseSuppressor.signalToNoise([1, 2, 3]) == .infinity, "too short to measure")
        #expect(NoiseSuppressor.signalToNoise([Int16](repeating: 0, count: 16_000)) == .infinity, "no sound")
    }

    @Test("digital silence is a recording's padding, not the room: the ratio is read from the sound")
    func digitalSilenceIsNotTheRoom() {
        let (mixed, _) = Self.burstInHiss()
        let padded = [Int16](repeating: 0, count: 4_000) + mixed + [Int16](repeating: 0, count: 16_000)
        #expect(abs(NoiseSuppressor.signalToNoise(padded) - NoiseSuppressor.signalToNoise(mixed)) < 1.5,
                "\(NoiseSuppressor.signalToNoise(padded)) against \(NoiseSuppressor.signalToNoise(mixed))")
    }

    @Test("no audio and less than a frame come back as long as they went in", arguments: [NoiseSuppressor.Method.webRTC(.high), .speex(maximumAttenuation: -15)])
    func shortInput(method: NoiseSuppressor.Method) throws {
        #expect(try #require(NoiseSuppressor.suppressed([], method: method)).isEmpty)
        let short = Self.hiss(count: 50, amplitude: 1_000)
        #expect(try #require(NoiseSuppressor.suppressed(short, method: method)).count == 50)
    }
}
