import CEspeakNG
import Foundation

/// Why espeak-ng could not speak.
public enum EspeakFailure: Error, Hashable, Sendable {
    /// libespeak-ng could not be initialised (no espeak-ng-data) or has no `en-us` voice.
    case engineUnavailable
    /// The voice asked for does not exist.
    case unknownVoice
    /// espeak-ng refused to synthesise (its status code).
    case synthesis(status: Int)
    /// espeak-ng's own audio output found no working device (its status code).
    case playback(status: Int)
}

/// Speech from libespeak-ng, the one place that synthesises: the daemon's voice
/// (`SpeechSynthesizer`) and the speaker of `bible-course pronounce` (`PronunciationSpeaker`).
///
/// Input may hold phoneme input (`[[h'ab@k,Vk]]`). Each call selects its voice, rate and
/// pitch, synthesises under ``EspeakEngine``'s lock, and puts the engine back as it found
/// it (the `en-us` voice, synchronous output to the callback), so several voices coexist.
public struct EspeakSynthesis: Sendable, Hashable {
    /// A voice: the espeak-ng name (nil: the engine's `en-us`), words a minute and pitch
    /// (0-99; nil: the voice's own).
    public struct Voice: Sendable, Hashable {
        public var name: String?
        public var wordsPerMinute: Int
        public var pitch: Int?

        public init(name: String? = nil, wordsPerMinute: Int, pitch: Int? = nil) {
            self.name = name
            self.wordsPerMinute = wordsPerMinute
            self.pitch = pitch
        }
    }

    /// espeak-ng's normal rate, 175 words a minute.
    public static let normalWordsPerMinute = Int(espeakRATE_NORMAL)

    /// Mono 16-bit samples at ``sampleRate``.
    public let samples: [Int16]
    /// The output rate in Hz (22050 for espeak-ng's voices).
    public let sampleRate: Int
    /// The phonemes said, in the notation asked for (``PhonemeTrace``); else empty.
    public let phonemes: String

    /// How the phonemes said are written back, when asked for: espeak-ng's mnemonics as
    /// `espeak-ng -x` prints them ("h'ab@k,Vk"), or IPA as `espeak-ng --ipa` prints them
    /// ("hˈæbəkˌʌk", the notation Piper's voices are trained on).
    public enum PhonemeTrace: Int32, Sendable {
        case mnemonics = 1
        case ipa = 2
    }

    /// Synthesises `input` with `voice`. `endPause`: a sentence pause at the end.
    /// `trace`: also return the phonemes said, in that notation.
    public static func speak(_ input: String, voice: Voice, endPause: Bool = true,
                             trace: PhonemeTrace? = nil) throws(EspeakFailure) -> EspeakSynthesis {
        let collector = SampleCollector()
        let outcome: Result<EspeakSynthesis, EspeakFailure>? = EspeakEngine.withEngine { sampleRate in
            let previousRate = espeak_GetParameter(espeakRATE, 1)
            let previousPitch = espeak_GetParameter(espeakPITCH, 1)
            if let name = voice.name, espeak_SetVoiceByName(name) != EE_OK { return .failure(.unknownVoice) }
            _ = espeak_SetParameter(espeakRATE, Int32(voice.wordsPerMinute), 0)
            if let pitch = voice.pitch { _ = espeak_SetParameter(espeakPITCH, Int32(pitch), 0) }
            espeak_SetSynthCallback(collectSamples)
            defer {
                espeak_SetSynthCallback(nil)
                _ = espeak_SetVoiceByName(EspeakEngine.voice)
                _ = espeak_SetParameter(espeakRATE, previousRate, 0)
                _ = espeak_SetParameter(espeakPITCH, previousPitch, 0)
            }
            // A nil stream would make espeak-ng trace to stdout: trace only into a real one.
            let traceFile = trace == nil ? nil : PhonemeTraceFile()
            if let trace, let stream = traceFile?.stream { espeak_SetPhonemeTrace(trace.rawValue, stream) }
            let status = synthesise(input, endPause: endPause, userData: Unmanaged.passUnretained(collector).toOpaque())
            _ = espeak_Synchronize()
            if traceFile?.stream != nil { espeak_SetPhonemeTrace(0, nil) }
            let phonemes = traceFile?.finish() ?? ""
            guard status == EE_OK else { return .failure(.synthesis(status: Int(status.rawValue))) }
            return .success(EspeakSynthesis(samples: collector.samples, sampleRate: sampleRate, phonemes: phonemes))
        }
        guard let outcome else { throw .engineUnavailable }
        return try outcome.get()
    }

    /// Plays `input` through espeak-ng's own audio output (PulseAudio or ALSA, by
    /// pcaudiolib) at `wordsPerMinute` and returns when it has been played.
    public static func play(_ input: String, wordsPerMinute: Int) throws(EspeakFailure) {
        let outcome: EspeakFailure?? = EspeakEngine.withEngine { _ -> EspeakFailure? in
            let previousRate = espeak_GetParameter(espeakRATE, 1)
            _ = espeak_SetParameter(espeakRATE, Int32(wordsPerMinute), 0)
            defer { _ = espeak_SetParameter(espeakRATE, previousRate, 0) }
            // Synchronous playback for this call, then back to synchronous samples, the
            // mode every other user of the engine expects.
            let playback = espeak_ng_OUTPUT_MODE(ENOUTPUT_MODE_SYNCHRONOUS.rawValue | ENOUTPUT_MODE_SPEAK_AUDIO.rawValue)
            guard espeak_ng_InitializeOutput(playback, 0, nil) == ENS_OK else {
                _ = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil)
                return .playback(status: -1)
            }
            let status = synthesise(input, endPause: false, userData: nil)
            _ = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil)
            guard status == EE_OK else {
                // A failed playback leaves the rest of the speech queued inside espeak-ng,
                // where the next synthesis would emit it first: synthesise it away.
                espeak_SetSynthCallback(collectSamples)
                _ = synthesise(" ", endPause: false, userData: nil)
                espeak_SetSynthCallback(nil)
                return .playback(status: Int(status.rawValue))
            }
            return nil
        }
        guard let outcome else { throw .engineUnavailable }
        if let failure = outcome { throw failure }
    }

    /// The espeak-ng name of a configured voice ("en-gb" is "gmw/en", "en-us+f3" stays);
    /// nil when espeak-ng has no such voice. Throws when the engine is unavailable.
    public static func voiceName(_ configured: String) throws(EspeakFailure) -> String? {
        let resolved: String?? = EspeakEngine.withEngine { _ in
            defer { _ = espeak_SetVoiceByName(EspeakEngine.voice) }
            return EspeakVoiceName.resolve(configured)
        }
        guard let resolved else { throw .engineUnavailable }
        return resolved
    }

    /// The engine's output rate in Hz; throws when the engine is unavailable.
    public static func sampleRate() throws(EspeakFailure) -> Int {
        guard let rate = EspeakEngine.withEngine({ $0 }) else { throw .engineUnavailable }
        return rate
    }

    /// One `espeak_Synth` call (phoneme input on); the caller holds the engine.
    private static func synthesise(_ input: String, endPause: Bool, userData: UnsafeMutableRawPointer?) -> espeak_ERROR {
        let flags = UInt32(espeakCHARS_UTF8 | espeakPHONEMES | (endPause ? espeakENDPAUSE : 0))
        return input.withCString { text in
            espeak_Synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0, flags, nil, userData)
        }
    }
}

/// Receives the samples of one synthesis; passed to espeak-ng as the call's user data and
/// used only while the caller holds the engine, so never by two threads at once.
private final class SampleCollector {
    var samples: [Int16] = []
}

/// espeak-ng's synthesis callback (`t_espeak_callback`): appends each buffer to the call's
/// ``SampleCollector``. Returns 0, "go on".
private func collectSamples(_ wave: UnsafeMutablePointer<Int16>?, _ count: Int32,
                            _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard let user = events?.pointee.user_data else { return 0 }
    let collector = Unmanaged<SampleCollector>.fromOpaque(user).takeUnretainedValue()
    if let wave, count > 0 {
        collector.samples.append(contentsOf: UnsafeBufferPointer(start: wave, count: Int(count)))
    }
    return 0
}
