import Support
import Audio
import Espeak
import Foundation

/// The daemon's voice: text to speech with libespeak-ng (in process, not by spawning
/// the command), saying the Bible's difficult names as authored.
///
/// libespeak-ng is process-global and not thread-safe; every call goes through the
/// `Espeak` module (``EspeakSynthesis``), the one initialisation and lock shared with the
/// grapheme-to-phoneme fallback and `pronounce`. Each call selects this synthesiser's
/// voice, rate and pitch, synthesises, and puts espeak-ng back as it found it, so
/// several synthesisers (the daemon's voice, the demo's "person") can coexist. Any thread
/// may call; calls run one at a time.
///
/// Units: samples are mono signed 16-bit at ``sampleRate`` Hz (22,050 for espeak-ng's
/// voices); convert with `Resampler` for the recogniser's 16 kHz.
public final class SpeechSynthesizer: Sendable {
    public let configuration: SpeechConfiguration
    public let pronunciations: SpokenPronunciations
    /// espeak-ng's output rate in Hz.
    public let sampleRate: Int

    /// Checks the configuration and that espeak-ng has the voice.
    /// - Throws: ``SpeechError/invalidConfiguration(reason:)``,
    ///   ``SpeechError/unknownVoice(name:)``, ``SpeechError/engineUnavailable``.
    public init(configuration: SpeechConfiguration = SpeechConfiguration(),
                pronunciations: SpokenPronunciations = .none) throws(SpeechError) {
        if let problem = configuration.problem { throw .invalidConfiguration(reason: problem) }
        let name: String?
        do {
            name = try EspeakSynthesis.voiceName(configuration.voice)
            sampleRate = try EspeakSynthesis.sampleRate()
        } catch {
            throw .engineUnavailable
        }
        guard let name else { throw .unknownVoice(name: configuration.voice) }
        self.configuration = configuration
        self.pronunciations = pronunciations
        self.espeakVoice = name
    }

    /// The configured voice as `espeak_SetVoiceByName` takes it ("en-gb" is "gmw/en").
    public let espeakVoice: String

    /// The speech for `text` (authored words substituted), with a sentence pause at the
    /// end; empty for text with nothing to say.
    public func samples(for text: String) throws(SpeechError) -> [Int16] {
        try synthesise(pronunciations.apply(to: text), describing: text, trace: nil).samples
    }

    /// What espeak-ng says for `text`, in its phoneme mnemonics as `espeak-ng -x` prints
    /// them ("r'i:d h'ab@k,Vk"), authored words substituted. For `pronounce`, `doctor`
    /// and tests: it shows whether an authored form reaches the voice intact.
    public func phonemes(for text: String) throws(SpeechError) -> String {
        let traced = try synthesise(pronunciations.apply(to: text), describing: text, trace: .mnemonics).trace
        return traced.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Speaks `text` to `sink` a sentence at a time (see ``SentenceSplitter``), asking
    /// `shouldStop` before each sentence so shutdown or a new command can cut in between
    /// sentences. Blocks until the last sentence has played (the sink drains).
    /// - Throws: ``SpeechError/playback(_:)`` with the sink's error, or a synthesis error.
    @discardableResult
    public func speak(_ text: String, to sink: any AudioSink, shouldStop: () -> Bool = { false }) throws(SpeechError) -> SpeechCompletion {
        let sentences = SentenceSplitter.sentences(in: text)
        for (index, sentence) in sentences.enumerated() {
            if shouldStop() { return .stopped(spoken: index, of: sentences.count) }
            let audio = try samples(for: sentence)
            if shouldStop() { return .stopped(spoken: index, of: sentences.count) }
            do {
                try sink.play(audio, sampleRate: sampleRate)
            } catch {
                throw .playback(error)
            }
        }
        return .finished(sentences: sentences.count)
    }

    /// One synthesis of `input` (phoneme input enabled) with this voice, optionally
    /// tracing the phonemes. `original` names the text in errors.
    private func synthesise(_ input: String, describing original: String, trace: EspeakSynthesis.PhonemeTrace?) throws(SpeechError) -> (samples: [Int16], trace: String) {
        let voice = EspeakSynthesis.Voice(name: espeakVoice, wordsPerMinute: configuration.wordsPerMinute,
                                          pitch: configuration.pitch)
        do {
            let spoken = try EspeakSynthesis.speak(input, voice: voice, trace: trace)
            return (spoken.samples, spoken.phonemes)
        } catch {
            switch error {
            case .engineUnavailable: throw .engineUnavailable
            case .unknownVoice: throw .unknownVoice(name: configuration.voice)
            case .synthesis(let status), .playback(let status):
                throw .synthesisFailed(text: String(original.prefix(60)), status: status)
            }
        }
    }
}
