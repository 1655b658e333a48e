import CEspeakNG
import Foundation

/// Says a word with libespeak-ng the way the recogniser expects to hear it: a word with an
/// authored pronunciation is given to espeak-ng as `[[...]]` phoneme input
/// (``PhoneticConverter/espeakPhonemes(_:)``), any other word as text.
///
/// A minimal speaker for `bible-course pronounce`; the daemon's voice is the `Speech`
/// module's. Every call goes through ``EspeakEngine`` (one lock, one initialisation) and
/// blocks until the speech is synthesised or played. Speech is at 0.9 times espeak-ng's
/// normal rate, as the daemon speaks.
public enum PronunciationSpeaker {
    /// Why a word could not be spoken.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// libespeak-ng could not be initialised or has no `en-us` voice.
        case engineUnavailable
        /// espeak-ng refused to synthesise `input` (its status code).
        case synthesis(input: String, status: Int)
        /// No audio device took the speech (none present, or all busy).
        case playback(status: Int)

        public var description: String {
            switch self {
            case .engineUnavailable:
                "espeak-ng is unavailable (is espeak-ng-data installed, with the en-us voice?)"
            case let .synthesis(input, status):
                "espeak-ng could not synthesise \"\(input)\" (status \(status))"
            case let .playback(status):
                "espeak-ng could not play the speech: no working audio device (status \(status)); use --wav FILE to write it instead"
            }
        }
    }

    /// Words a minute: 0.9 times espeak-ng's normal 175.
    public static let rate = Int32(espeakRATE_NORMAL) * 9 / 10

    /// espeak-ng's input for `word`: `[[phonemes]]` of its first authored pronunciation
    /// when it has one, else the word itself as text.
    public static func input(word: String, authored phones: [Phone]?) -> String {
        guard let phones, !phones.isEmpty else { return word }
        return "[[" + PhoneticConverter.espeakPhonemes(phones) + "]]"
    }

    /// Synthesises `input` (text, in which `[[...]]` is phoneme input) to mono 16-bit
    /// samples at the returned rate in Hz (22050 for espeak-ng's voices).
    public static func samples(_ input: String) throws(Failure) -> (samples: [Int16], sampleRate: Int) {
        let collector = SampleCollector()
        let outcome: Result<Int, Failure>? = EspeakEngine.withEngine { sampleRate in
            espeak_SetSynthCallback(collectSamples)
            let status = synthesise(input, userData: Unmanaged.passUnretained(collector).toOpaque())
            espeak_SetSynthCallback(nil)
            return status == EE_OK ? .success(sampleRate) : .failure(.synthesis(input: input, status: Int(status.rawValue)))
        }
        guard let outcome else { throw .engineUnavailable }
        switch outcome {
        case .success(let sampleRate): return (collector.samples, sampleRate)
        case .failure(let failure): throw failure
        }
    }

    /// Plays `input` through espeak-ng's own audio output (PulseAudio or ALSA, by
    /// pcaudiolib) and returns when it has been played; ``Failure/playback(status:)``
    /// when no audio device works.
    public static func play(_ input: String) throws(Failure) {
        let outcome: Failure?? = EspeakEngine.withEngine { _ -> Failure? in
            // Synchronous playback for this call, then back to synchronous samples, the
            // mode every other user of the engine expects.
            let playback = espeak_ng_OUTPUT_MODE(ENOUTPUT_MODE_SYNCHRONOUS.rawValue | ENOUTPUT_MODE_SPEAK_AUDIO.rawValue)
            guard espeak_ng_InitializeOutput(playback, 0, nil) == ENS_OK else {
                _ = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil)
                return .playback(status: -1)
            }
            let status = synthesise(input, userData: nil)
            _ = espeak_ng_InitializeOutput(ENOUTPUT_MODE_SYNCHRONOUS, 0, nil)
            guard status == EE_OK else {
                // A failed playback leaves the rest of the speech queued inside espeak-ng,
                // where the next synthesis would emit it first: synthesise it away.
                espeak_SetSynthCallback(collectSamples)
                _ = synthesise(" ", userData: nil)
                espeak_SetSynthCallback(nil)
                return .playback(status: Int(status.rawValue))
            }
            return nil
        }
        guard let outcome else { throw .engineUnavailable }
        if let failure = outcome { throw failure }
    }

    /// One `espeak_Synth` call at the speaker's rate; the caller holds the engine.
    private static func synthesise(_ input: String, userData: UnsafeMutableRawPointer?) -> espeak_ERROR {
        let previousRate = espeak_GetParameter(espeakRATE, 1)
        _ = espeak_SetParameter(espeakRATE, rate, 0)
        defer { _ = espeak_SetParameter(espeakRATE, previousRate, 0) }
        return input.withCString { text in
            espeak_Synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0,
                         UInt32(espeakCHARS_UTF8 | espeakPHONEMES), nil, userData)
        }
    }
}

/// Receives the samples of one synthesis; passed to espeak-ng as the call's user data.
private final class SampleCollector {
    var samples: [Int16] = []
}

/// espeak-ng's synthesis callback: appends each buffer to the call's ``SampleCollector``.
/// Returns 0 to go on synthesising.
private func collectSamples(_ wave: UnsafeMutablePointer<Int16>?, _ count: Int32,
                            _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard let user = events?.pointee.user_data else { return 0 }
    let collector = Unmanaged<SampleCollector>.fromOpaque(user).takeUnretainedValue()
    if let wave, count > 0 {
        collector.samples.append(contentsOf: UnsafeBufferPointer(start: wave, count: Int(count)))
    }
    return 0
}
