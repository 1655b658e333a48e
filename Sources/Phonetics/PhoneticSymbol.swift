/// What one symbol of an authored transcription means for the recogniser.
///
/// The X-SAMPA and IPA tables map each symbol to one of these; the converter then turns
/// a sequence of them into ``Phone``s (stress marks attach to the next vowel, a syllabic
/// mark turns the consonant before it into a syllable).
enum PhoneticSymbol: Hashable, Sendable {
    /// One or more ARPAbet phones. `reduced` marks the weak vowels (schwa, ɨ, ɐ, ɚ), which
    /// never take the default stress when a transcription has no stress marks.
    case sounds([String], reduced: Bool)
    /// Primary stress on the next vowel (X-SAMPA `"`, IPA `ˈ`).
    case primaryStress
    /// Secondary stress on the next vowel (X-SAMPA `%`, IPA `ˌ`).
    case secondaryStress
    /// The consonant before it is syllabic (X-SAMPA `=`, IPA U+0329): `n=` is AH N.
    case syllabic
    /// Carries nothing the en-us phone set can express: syllable breaks, length,
    /// aspiration and similar diacritics.
    case ignored

    static func phone(_ symbol: String) -> PhoneticSymbol { .sounds([symbol], reduced: false) }
    static func weak(_ symbol: String) -> PhoneticSymbol { .sounds([symbol], reduced: true) }
    static func sequence(_ symbols: String...) -> PhoneticSymbol { .sounds(symbols, reduced: false) }
}
