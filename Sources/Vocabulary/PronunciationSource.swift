import Phonetics

/// Where a word's pronunciation came from: `bible-course pronounce` says so, and the
/// dictionary file records it in a comment.
public enum PronunciationSource: String, Sendable, Codable {
    /// Written by a person in `Models/pronunciations.tsv` or a vocabulary file.
    case authored
    /// The CMU Pronouncing Dictionary.
    case cmudict
    /// espeak-ng's grapheme-to-phoneme rules.
    case espeak
}
