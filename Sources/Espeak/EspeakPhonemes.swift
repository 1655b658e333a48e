import CEspeakNG
import Foundation

/// What espeak-ng would say for a word, as IPA: the vocabulary's grapheme-to-phoneme
/// fallback reads it (`EspeakPhonemizer`).
public enum EspeakPhonemes {
    /// espeak-ng's IPA for `text` in American English, phonemes separated by spaces; nil
    /// when espeak-ng is absent or makes nothing of it.
    public static func ipa(_ text: String) -> String? {
        EspeakEngine.withEngine { _ in transcribe(text) } ?? nil
    }

    /// The IPA of `text`; the caller holds the engine.
    private static func transcribe(_ text: String) -> String? {
        var result = ""
        text.withCString { start in
            var pointer: UnsafeRawPointer? = UnsafeRawPointer(start)
            // Bit 1: IPA; bits 8-23: separator between phonemes (a space).
            let mode = Int32(0x02 | (0x20 << 8))
            while pointer != nil {
                guard let phonemes = espeak_TextToPhonemes(&pointer, Int32(espeakCHARS_UTF8), mode) else { break }
                result += (result.isEmpty ? "" : " ") + String(cString: phonemes)
            }
        }
        let trimmed = result.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
