import Espeak
import Foundation
import Phonetics

/// Says a word with libespeak-ng the way the recogniser expects to hear it: a word with an
/// authored pronunciation is given to espeak-ng as `[[...]]` phoneme input
/// (``PhoneticConverter/espeakPhonemes(_:)``), any other word as text.
///
/// A minimal speaker for `bible-course pronounce`; the daemon's voice is the `Voice`
/// module's. Both speak through the `Espeak` module (``EspeakSynthesis``: one lock, one
/// initialisation); every call blocks until the speech is synthesised or played. Speech is at 0.9 times espeak-ng's
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
    public static let rate = EspeakSynthesis.normalWordsPerMinute * 9 / 10

    /// espeak-ng's input for `word`: `[[phonemes]]` of its first authored pronunciation
    /// when it has one, else the word itself as text.
    public static func input(word: String, authored phones: [Phone]?) -> String {
        guard let phones, !phones.isEmpty else { return word }
        return "[[" + PhoneticConverter.espeakPhonemes(phones) + "]]"
    }

    /// Synthesises `input` (text, in which `[[...]]` is phoneme input) to mono 16-bit
    /// samples at the returned rate in Hz (22050 for espeak-ng's voices).
    public static func samples(_ input: String) throws(Failure) -> (samples: [Int16], sampleRate: Int) {
        do {
            let spoken = try EspeakSynthesis.speak(input, voice: .init(wordsPerMinute: rate), endPause: false)
            return (spoken.samples, spoken.sampleRate)
        } catch {
            throw failure(error, input: input)
        }
    }

    /// Plays `input` through espeak-ng's own audio output (PulseAudio or ALSA, by
    /// pcaudiolib) and returns when it has been played; ``Failure/playback(status:)``
    /// when no audio device works.
    public static func play(_ input: String) throws(Failure) {
        do {
            try EspeakSynthesis.play(input, wordsPerMinute: rate)
        } catch {
            throw failure(error, input: input)
        }
    }

    private static func failure(_ error: EspeakFailure, input: String) -> Failure {
        switch error {
        case .engineUnavailable, .unknownVoice: .engineUnavailable
        case .synthesis(let status): .synthesis(input: input, status: status)
        case .playback(let status): .playback(status: status)
        }
    }
}
