import Espeak
import Foundation

/// Grapheme-to-phoneme conversion by libespeak-ng: the last resort for a word that has
/// no authored pronunciation and is not in cmudict (a new name in a user's course).
///
/// espeak-ng is reached through the `Espeak` module (``EspeakPhonemes``), which owns its
/// one initialisation and lock. Many words do not come out as cmudict has them
/// (docs/measurements/2026-11-27-from-doc-comments.md): good enough for a fallback, not for
/// the Bible's names, which are authored.
public enum EspeakPhonemizer {
    /// espeak-ng's IPA for `word` in American English, or nil when espeak-ng is absent.
    public static func ipa(_ word: String) -> String? {
        EspeakPhonemes.ipa(word)
    }

    /// ARPAbet phones for `word`, through the IPA converter. Symbols espeak-ng uses that
    /// English dictionaries do not (ᵻ, ɐ ...) are mapped to their nearest phone first.
    public static func phones(_ word: String) -> [Phone]? {
        guard let ipa = ipa(word) else { return nil }
        let simplified = ipa
            .replacingOccurrences(of: "ᵻ", with: "ɪ")
            .replacingOccurrences(of: "ɐ", with: "ə")
            .replacingOccurrences(of: "ɾ", with: "t")
            .replacingOccurrences(of: "ɬ", with: "l")
            .replacingOccurrences(of: "ʔ", with: "")
            .replacingOccurrences(of: "x", with: "k")
        return try? PhoneticConverter.phones(simplified, notation: .ipa, word: word)
    }
}
