import Espeak
import Foundation

/// The authored pronunciations as Piper takes them: each authored word of a sentence given
/// as IPA phoneme input, `[[hˈæbəkˌʌk]]`, so that Piper says the Bible's difficult names
/// as espeak-ng does and as the recogniser expects to hear them.
///
/// Piper's voices are trained on espeak-ng's IPA, and Piper reads `[[...]]` as IPA; the
/// authored forms are espeak-ng mnemonics (``SpokenPronunciations``). espeak-ng itself
/// writes each as IPA (its `--ipa` trace of the phoneme input), in `voice`, once per form;
/// a form it cannot write is left as the plain word, which Piper says its own way.
/// Any thread may call.
public final class PiperPronunciations: @unchecked Sendable {
    public let pronunciations: SpokenPronunciations
    /// The espeak-ng voice whose phonemes Piper's model uses (`en-us` for the joe voice).
    public let voice: String
    private let lock = NSLock()
    /// Mnemonics → IPA (nil: espeak-ng could not write it).
    private var written: [String: String?] = [:]

    public init(_ pronunciations: SpokenPronunciations, voice: String) {
        self.pronunciations = pronunciations
        self.voice = voice
    }

    /// `sentence` as Piper is given it.
    public func text(for sentence: String) -> String {
        var unwritten = false
        let text = pronunciations.apply(to: sentence) { mnemonics in
            if let ipa = ipa(mnemonics) { return ipa }
            unwritten = true
            return mnemonics
        }
        // A form espeak-ng could not write would reach Piper as IPA it cannot read: give
        // Piper the sentence plain (minus any brackets) instead.
        return unwritten ? SpokenPronunciations.none.apply(to: sentence) : text
    }

    /// espeak-ng's IPA for the mnemonics, decomposed as Piper decomposes its own (NFD).
    private func ipa(_ mnemonics: String) -> String? {
        if let known = lock.withLock({ written[mnemonics] }) { return known }
        let voice = EspeakSynthesis.Voice(name: voice, wordsPerMinute: EspeakSynthesis.normalWordsPerMinute)
        let traced = try? EspeakSynthesis.speak("[[\(mnemonics)]]", voice: voice, endPause: false, trace: .ipa).phonemes
        let ipa = traced.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ").decomposedStringWithCanonicalMapping }
        let usable = (ipa?.isEmpty ?? true) ? nil : ipa
        lock.withLock { written[mnemonics] = .some(usable) }
        return usable
    }
}
