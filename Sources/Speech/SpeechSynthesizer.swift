import Audio
import CEspeakNG
import Foundation
import Vocabulary

/// The daemon's voice: text to speech with libespeak-ng (in process, not by spawning
/// the command), saying the Bible's difficult names as authored.
///
/// libespeak-ng is process-global and not thread-safe; every call goes through
/// `EspeakEngine` (Vocabulary), the one initialisation and lock shared with the
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
        let voice = configuration.voice
        let probe: (rate: Int, name: String?)? = EspeakEngine.withEngine { rate in
            let name = EspeakVoiceName.resolve(voice)
            _ = espeak_SetVoiceByName(EspeakEngine.voice)
            return (rate, name)
        }
        guard let probe else { throw .engineUnavailable }
        guard let name = probe.name else { throw .unknownVoice(name: voice) }
        self.configuration = configuration
        self.pronunciations = pronunciations
        self.sampleRate = probe.rate
        self.espeakVoice = name
    }

    /// The configured voice as `espeak_SetVoiceByName` takes it ("en-gb" is "gmw/en").
    public let espeakVoice: String

    /// The speech for `text` (authored words substituted), with a sentence pause at the
    /// end; empty for text with nothing to say.
    public func samples(for text: String) throws(SpeechError) -> [Int16] {
        try synthesise(pronunciations.apply(to: text), describing: text, trace: false).samples
    }

    /// What espeak-ng says for `text`, in its phoneme mnemonics as `espeak-ng -x` prints
    /// them ("r'i:d h'ab@k,Vk"), authored words substituted. For `pronounce`, `doctor`
    /// and tests: it shows whether an authored form reaches the voice intact.
    public func phonemes(for text: String) throws(SpeechError) -> String {
        let traced = try synthesise(pronunciations.apply(to: text), describing: text, trace: true).trace
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

    /// One `espeak_Synth` call on `input` (phoneme input enabled) with this voice,
    /// optionally tracing the phonemes. `original` names the text in errors.
    private func synthesise(_ input: String, describing original: String, trace: Bool) throws(SpeechError) -> (samples: [Int16], trace: String) {
        let capture = SynthesisCapture()
        let configuration = self.configuration
        let voice = espeakVoice
        let outcome: (status: espeak_ERROR, trace: String)? = EspeakEngine.withEngine { _ in
            let previousRate = espeak_GetParameter(espeakRATE, 1)
            let previousPitch = espeak_GetParameter(espeakPITCH, 1)
            guard espeak_SetVoiceByName(voice) == EE_OK else { return (EE_NOT_FOUND, "") }
            _ = espeak_SetParameter(espeakRATE, Int32(configuration.wordsPerMinute), 0)
            _ = espeak_SetParameter(espeakPITCH, Int32(configuration.pitch), 0)
            espeak_SetSynthCallback(collectSynthesisSamples)
            defer {
                espeak_SetSynthCallback(nil)
                _ = espeak_SetVoiceByName(EspeakEngine.voice)
                _ = espeak_SetParameter(espeakRATE, previousRate, 0)
                _ = espeak_SetParameter(espeakPITCH, previousPitch, 0)
            }
            // A nil stream would make espeak-ng trace to stdout: trace only into a real one.
            let traceFile = trace ? PhonemeTraceFile() : nil
            if let stream = traceFile?.stream { espeak_SetPhonemeTrace(1, stream) }
            let flags = UInt32(espeakCHARS_UTF8 | espeakPHONEMES | espeakENDPAUSE)
            let status = input.withCString { text in
                espeak_Synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0, flags, nil,
                             Unmanaged.passUnretained(capture).toOpaque())
            }
            _ = espeak_Synchronize()
            if traceFile?.stream != nil { espeak_SetPhonemeTrace(0, nil) }
            return (status, traceFile?.finish() ?? "")
        }
        guard let outcome else { throw .engineUnavailable }
        if outcome.status == EE_NOT_FOUND { throw .unknownVoice(name: configuration.voice) }
        guard outcome.status == EE_OK else {
            throw .synthesisFailed(text: String(original.prefix(60)), status: Int(outcome.status.rawValue))
        }
        return (capture.samples, outcome.trace)
    }
}
