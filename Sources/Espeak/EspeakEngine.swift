import CEspeakNG
import Foundation

/// The process's one libespeak-ng instance: initialised once, used under one lock.
///
/// libespeak-ng keeps global state (the voice, the output mode, the synthesis callback)
/// and is not thread-safe, so every call into it in this program goes through
/// ``withEngine(_:)``, and only this module calls it: ``EspeakSynthesis`` (the daemon's
/// voice and the speaker of `pronounce`) and ``EspeakPhonemes`` (the vocabulary's
/// grapheme-to-phoneme fallback). The engine is
/// initialised with `AUDIO_OUTPUT_SYNCHRONOUS` (samples go to a callback, nothing plays)
/// and the `en-us` voice; code that changes the output mode, the voice or a parameter
/// inside ``withEngine(_:)`` must put it back before returning.
public enum EspeakEngine {
    private static let lock = NSLock()
    /// The engine's output sample rate (22050 Hz for espeak-ng's voices); 0 until initialised.
    nonisolated(unsafe) private static var initialisedSampleRate: Int32 = 0

    /// The voice every caller expects to find selected.
    public static let voice = "en-us"

    /// Runs `body` with the engine initialised, holding the lock; `body` gets the output
    /// sample rate in Hz. Nil when libespeak-ng cannot be initialised (no data directory)
    /// or has no `en-us` voice. Blocks while another thread uses the engine.
    public static func withEngine<T>(_ body: (_ sampleRate: Int) -> T) -> T? {
        lock.lock()
        defer { lock.unlock() }
        if initialisedSampleRate <= 0 {
            // AUDIO_OUTPUT_SYNCHRONOUS, default buffer, default data path, don't exit on error.
            let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, Int32(espeakINITIALIZE_DONT_EXIT))
            guard rate > 0, espeak_SetVoiceByName(voice) == EE_OK else { return nil }
            initialisedSampleRate = rate
        }
        return body(Int(initialisedSampleRate))
    }
}
