import Foundation
import Testing
import Vocabulary
import Phonetics
@testable import Voice

/// Authored pronunciations reach the voice.
@Suite("Speech: authored pronunciations")
struct AuthoredSpeechTests {
    @Test func wordsAreReplacedWholeAndCaseInsensitivelyKeepingPunctuation() throws {
        let spoken = try SpeechFixture.habakkuk()
        #expect(spoken.apply(to: "Read Habakkuk chapter two.") == "Read [[h'ab@k,Vk]] chapter two.")
        #expect(spoken.apply(to: "HABAKKUK, habakkuk; (Habakkuk)") == "[[h'ab@k,Vk]], [[h'ab@k,Vk]]; ([[h'ab@k,Vk]])")
        #expect(spoken.apply(to: "Habakkuks Habakkukian xhabakkuk") == "Habakkuks Habakkukian xhabakkuk")
        #expect(spoken.apply(to: "Habakkuk-like") == "[[h'ab@k,Vk]]-like")
    }

    @Test func possessivesKeepTheAuthoredFormWithTheRightEnding() throws {
        let spoken = try SpeechFixture.habakkuk()
        #expect(spoken.apply(to: "Habakkuk's prayer") == "[[h'ab@k,Vks]] prayer")
        #expect(spoken.apply(to: "Habakkuk’s prayer") == "[[h'ab@k,Vks]] prayer")
        #expect(spoken.apply(to: "the Habakkuk' scroll") == "the [[h'ab@k,Vk]]' scroll")
        let phones = { (arpabet: String) in try PhoneticConverter.phones(arpabet, notation: .arpabet, word: "w") }
        #expect(SpokenPronunciations.possessiveEnding(after: try phones("JH EY1 M Z")) == "Iz")
        #expect(SpokenPronunciations.possessiveEnding(after: try phones("D EY1 V IH0 D")) == "z")
    }

    @Test func textCannotInjectPhonemeInput() {
        #expect(SpokenPronunciations.none.apply(to: "say [[h'El@U]] now") == "say [ [h'El@U] ] now")
    }

    @Test func theLexiconFileLoadsAndHabakkukIsItsFirstAlternative() throws {
        let spoken = try SpeechFixture.authored()
        #expect(spoken.phonemes["habakkuk"] == "h'ab@k,Vk")
        #expect(spoken.phonemes.count > 60)
    }

    @Test func habakkukSpokenAsAuthoredIsAudioAndDiffersFromPlain() throws {
        let plain = try SpeechSynthesizer()
        let authored = try SpeechSynthesizer(pronunciations: SpeechFixture.authored())
        let text = "Read Habakkuk chapter two verse four."
        let plainSamples = try plain.samples(for: text)
        let authoredSamples = try authored.samples(for: text)
        #expect(authoredSamples.count > plain.sampleRate)
        #expect(authoredSamples.contains { abs(Int($0)) > 1_000 })
        #expect(authoredSamples != plainSamples)
    }

    @Test func theAuthoredPhonemesRoundTripThroughEspeak() throws {
        let plain = try SpeechSynthesizer()
        let authored = try SpeechSynthesizer(pronunciations: SpeechFixture.authored())
        // espeak-ng's own reading has a weak second vowel ("a#"); the authored one a schwa.
        #expect(try plain.phonemes(for: "Habakkuk") == "h'aba#k,Vk")
        #expect(try authored.phonemes(for: "Habakkuk") == "h'ab@k,Vk")
        #expect(try authored.phonemes(for: "Read Habakkuk chapter two.") == "r'i:d h'ab@k,Vk tS'apt3 t'u:")
    }

    /// "I" is authored twice, the pronoun first: Scripture read aloud says "I am the LORD",
    /// not "first am the LORD" (the ordinal is for the recogniser's "I Corinthians").
    @Test func thePronounIIsSpokenAsThePronoun() throws {
        let authored = try SpeechSynthesizer(pronunciations: SpeechFixture.authored())
        let said = try authored.phonemes(for: "I am the LORD.")
        #expect(said.hasPrefix("'aI"), "\(said)")
        #expect(!said.contains("3:st"), "\(said)")
    }
}

/// The authored pronunciations as Piper is given them: espeak-ng's IPA in `[[...]]`.
@Suite("Speech: authored pronunciations for Piper")
struct PiperPronunciationsTests {
    @Test func authoredWordsBecomeEspeaksIPAAndTheRestStaysText() throws {
        let piper = PiperPronunciations(try SpeechFixture.habakkuk(), voice: "en-us")
        // espeak-ng -v en-us -q --ipa "[[h'ab@k,Vk]]" writes hˈæbəkˌʌk (unaided: hˈæbɐkˌʌk).
        #expect(piper.text(for: "Read Habakkuk chapter two.") == "Read [[hˈæbəkˌʌk]] chapter two.")
        #expect(piper.text(for: "Habakkuk's prayer.") == "[[hˈæbəkˌʌks]] prayer.")
        #expect(piper.text(for: "Read Jonah.") == "Read Jonah.")
    }

    @Test func textCannotInjectPhonemesIntoPiper() throws {
        let piper = PiperPronunciations(try SpeechFixture.habakkuk(), voice: "en-us")
        #expect(piper.text(for: "say [[hɛloʊ]] now") == "say [ [hɛloʊ] ] now")
    }

    @Test func everyAuthoredWordHasAnIPAForm() throws {
        let authored = try SpeechFixture.authored()
        let piper = PiperPronunciations(authored, voice: "en-us")
        for word in authored.phonemes.keys.sorted() {
            let text = piper.text(for: word)
            #expect(text.hasPrefix("[[") && text.hasSuffix("]]") && text.count > 4, "\(word): \(text)")
        }
    }
}
