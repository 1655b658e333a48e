import Audio
import Voice

/// Makes test audio: espeak-ng's voice at 16 kHz with half a second of silence around it.
public enum TestVoice {
    public static func audio(_ text: String, voice: String = "en-us", rateFactor: Double = 0.9) throws -> [Int16] {
        let synthesizer = try SpeechSynthesizer(configuration: SpeechConfiguration(voice: voice, rateFactor: rateFactor))
        let spoken = Resampler.resample(try synthesizer.samples(for: text), from: synthesizer.sampleRate, to: AudioFormat.sampleRate)
        let silence = [Int16](repeating: 0, count: AudioFormat.samples(milliseconds: 500))
        return silence + spoken + silence
    }
}
