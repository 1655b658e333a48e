import Testing
@testable import Audio

@Suite("Resampler")
struct ResamplerTests {
    @Test func espeakRateToSixteenKilohertzKeepsAOneKilohertzTone() {
        let input = Signals.tone(1_000, rate: 22_050, seconds: 1)
        let output = Resampler.resample(input, from: 22_050, to: 16_000)
        #expect(abs(output.count - 16_000) <= 1, "length scales by 16000/22050")
        #expect(abs(Signals.frequency(of: output, rate: 16_000) - 1_000) < 5)
        #expect(abs(Signals.rms(output) - Signals.rms(input)) / Signals.rms(input) < 0.03, "the pass band keeps its level")
    }

    @Test func aTenKilohertzToneIsRemovedGoingToSixteenKilohertz() {
        // 10 kHz is above the new Nyquist frequency (8 kHz): it must not fold down to 6 kHz.
        let input = Signals.tone(10_000, rate: 22_050, seconds: 1)
        let output = Resampler.resample(input, from: 22_050, to: 16_000)
        #expect(Signals.rms(output) < Signals.rms(input) * 0.05, "at least 26 dB down")
    }

    @Test func upsamplingKeepsTheToneAndScalesTheLength() {
        let output = Resampler.resample(Signals.tone(440, rate: 8_000, seconds: 0.5), from: 8_000, to: 16_000)
        #expect(output.count == 8_000)
        #expect(abs(Signals.frequency(of: output, rate: 16_000) - 440) < 5)
    }

    @Test func sameRateAndEmptyInputAreUnchanged() {
        #expect(Resampler.resample([1, 2, 3], from: 16_000, to: 16_000) == [1, 2, 3])
        #expect(Resampler.resample([], from: 22_050, to: 16_000) == [])
        #expect(Resampler.resample([5], from: 0, to: 16_000) == [5])
    }

    @Test("audio resampled a block at a time is the audio resampled whole", arguments: [
        (22_050, 16_000), (44_100, 16_000), (8_000, 16_000), (16_001, 16_000), (16_000, 16_000),
    ])
    func blocksGiveTheWhole(from: Int, to: Int) {
        var generator = SplitMix(seed: 7)
        let input = (0..<(from / 2)).map { _ in Int16(truncatingIfNeeded: generator.next() % 20_000) - 10_000 }
        let whole = Resampler.resample(input, from: from, to: to)
        for size in [1, 7, 333, 4_096, input.count] {
            var stream = Resampler.Stream(from: from, to: to)
            var output: [Int16] = []
            var start = 0
            while start < input.count {
                output += stream.push(Array(input[start..<min(input.count, start + size)]))
                start += size
            }
            output += stream.finish()
            #expect(output == whole, "blocks of \(size): \(output.count) samples against \(whole.count)")
        }
    }
}

/// A small deterministic generator for test signals.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
    }
}
