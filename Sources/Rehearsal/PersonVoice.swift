import Audio
import Voice

/// The person's side of `demo` and the tests: lines spoken by espeak-ng in a voice other
/// than the daemon's, as 16 kHz audio with silence around them, ready to be heard through
/// the real capture-side pipeline.
///
/// en-us+f2 at espeak-ng's normal rate is the default: the espeak-ng voice the recogniser
/// heard best on the commands and a look-up (docs/measurements/2026-11-27-from-doc-comments.md).
public struct PersonVoice: Sendable {
    public static let defaultVoice = "en-us+f2"
    public let synthesizer: SpeechSynthesizer
    /// Silence before and after each line.
    public let padding: Duration

    public init(voice: String = PersonVoice.defaultVoice, rate: Double = 1.0,
                padding: Duration = .milliseconds(500)) throws(SpeechError) {
        synthesizer = try SpeechSynthesizer(configuration: SpeechConfiguration(voice: voice, rateFactor: rate))
        self.padding = padding
    }

    /// `text` spoken, at 16 kHz, with ``padding`` of silence on each side.
    public func utterance(_ text: String) throws(SpeechError) -> [Int16] {
        let spoken = Resampler.resample(try synthesizer.samples(for: text), from: synthesizer.sampleRate,
                                        to: AudioFormat.sampleRate)
        let silence = [Int16](repeating: 0, count: Int(padding.seconds * Double(AudioFormat.sampleRate)))
        return silence + spoken + silence
    }
}
