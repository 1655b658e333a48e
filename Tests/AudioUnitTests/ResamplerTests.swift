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
}
