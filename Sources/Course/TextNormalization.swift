import Foundation

/// The one normalisation every comparison in the course shares: lower case, diacritics
/// folded, every run of characters that is not a letter or digit a word break.
///
/// Apostrophes inside a word are dropped rather than splitting it ("God's" -> "gods"), so
/// "Gods" and "God's" compare equal. Used by ``CommandMatcher``, ``AnswerEvaluator`` and
/// ``ForbiddenPhrases``.
enum TextNormalization {
    /// The words of `text`, normalised.
    static func words(_ text: String) -> [String] {
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
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let a = Array(a), b = Array(b)
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return min(previous[b.count], limit + 1)
    }
}
