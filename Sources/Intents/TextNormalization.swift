import Support
import Foundation
import Scripture

/// The one normalisation every comparison in the course shares: lower case, diacritics
/// folded, every run of characters that is not a letter or digit a word break.
///
/// Apostrophes inside a word are dropped rather than splitting it ("God's" -> "gods"), so
/// "Gods" and "God's" compare equal. Used by ``CommandMatcher``, ``AnswerEvaluator`` and
/// ``ForbiddenPhrases``.
package enum TextNormalization {
    /// The words of `text`, normalised.
    package static func words(_ text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
        var words: [String] = []
        var current = ""
        for scalar in folded.unicodeScalars {
            if scalar == "'" || scalar == "\u{2019}" || scalar == "\u{2018}" {
                continue
            }
            if CharacterSet.alphanumerics.contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Levenshtein distance between two words, giving up (returning `limit + 1`) once the
    /// distance is known to exceed `limit`.
    package static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        EditDistance.levenshtein(Array(a), Array(b), limit: limit)
    }
}
