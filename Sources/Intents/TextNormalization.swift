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
        // ASCII (the scripts of a course) is read as bytes, with no folding but case:
        // Foundation's folding is most of the cost of checking a long course.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(text) }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
        var words: [String] = []
        var current = ""
        let alphanumerics = CharacterSet.alphanumerics
        for scalar in folded.unicodeScalars {
            if scalar == "'" || scalar == "\u{2019}" || scalar == "\u{2018}" {
                continue
            }
            if alphanumerics.contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// ``words(_:)`` of an ASCII text.
    private static func asciiWords(_ text: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "'"):
                continue
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                current.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                current.append(byte + 32)
            default:
                if !current.isEmpty {
                    words.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                }
            }
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// Levenshtein distance between two words, giving up (returning `limit + 1`) once the
    /// distance is known to exceed `limit`.
    package static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        EditDistance.levenshtein(Array(a), Array(b), limit: limit)
    }
}
