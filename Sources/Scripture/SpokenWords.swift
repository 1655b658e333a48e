import Foundation

/// Text as the recogniser spells it: the one spelling shared by what the Bible-domain
/// language model learns and what a heard utterance is compared with (``QuotationIndex``).
public enum SpokenWords {
    /// The words of `text` as the recogniser spells them: lower case, letters and inner
    /// apostrophes ("god's"), numbers below a million said ("12,000" is "twelve thousand");
    /// larger numbers are left out.
    public static func words<Text: StringProtocol>(_ text: Text) -> [String] {
        plainWords(text) ?? wordsByCharacter(text)
    }

    /// One word as ``words(_:)`` keeps it: apostrophes at its ends dropped, a number said,
    /// anything else but letters and apostrophes left out.
    private static func append(_ current: String, to words: inout [String]) {
        let word = current.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        if let number = Int(word), number < 1_000_000 {
            appendSaid(number, to: &words)
        } else if !word.isEmpty, word.allSatisfy({ $0.isLetter || $0 == "'" }) {
            words.append(word)
        }
    }

    /// ``append(_:to:)`` for a word of lower-case ASCII letters, digits and apostrophes.
    private static func append(plain current: ArraySlice<UInt8>, to words: inout [String]) {
        let apostrophe = UInt8(ascii: "'")
        guard let first = current.firstIndex(where: { $0 != apostrophe }),
              let last = current.lastIndex(where: { $0 != apostrophe }) else { return }
        let word = current[first...last]
        if word.allSatisfy({ (0x30...0x39).contains($0) }) {
            if let number = Int(String(decoding: word, as: UTF8.self)), number < 1_000_000 { appendSaid(number, to: &words) }
        } else if word.allSatisfy({ (0x61...0x7A).contains($0) || $0 == apostrophe }) {
            words.append(String(decoding: word, as: UTF8.self))
        }
    }

    /// A number below a million as it is said ("twelve thousand").
    private static func appendSaid(_ number: Int, to words: inout [String]) {
        let thousands = number / 1000, rest = number % 1000
        var said = thousands > 0 ? NumberWords.spoken(thousands) + " thousand" : ""
        if rest > 0 || number == 0 { said += (said.isEmpty ? "" : " ") + NumberWords.spoken(rest) }
        words += said.split(separator: " ").map(String.init)
    }

    /// ``words(_:)`` a byte at a time, for text whose only characters beyond ASCII are the
    /// Bible's quotation marks and dashes (every verse of the BSB): the same words, without
    /// the cost of Unicode's character rules over 31,000 verses when `listen` builds its
    /// indexes at start. Nil for any other text.
    static func plainWords<Text: StringProtocol>(_ text: Text) -> [String]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x41...0x5A: bytes.append(UInt8(scalar.value) + 32)
            case 0..<0x80: bytes.append(UInt8(scalar.value))
            case 0x2019: bytes.append(UInt8(ascii: "'"))
            case 0x2018, 0x201C, 0x201D, 0x2013, 0x2014: bytes.append(UInt8(ascii: " "))
            default: return nil
            }
        }
        func isDigit(_ i: Int) -> Bool { i < bytes.count && (0x30...0x39).contains(bytes[i]) }
        var words: [String] = []
        var current: [UInt8] = []
        for (i, byte) in bytes.enumerated() {
            switch byte {
            case 0x61...0x7A, 0x30...0x39, UInt8(ascii: "'"):
                current.append(byte)
            case UInt8(ascii: ",") where i > 0 && isDigit(i - 1) && isDigit(i + 1) && isDigit(i + 2) && isDigit(i + 3):
                continue // "12,000": the comma is inside the number.
            default:
                append(plain: current[...], to: &words)
                current.removeAll(keepingCapacity: true)
            }
        }
        append(plain: current[...], to: &words)
        return words
    }

    /// ``words(_:)`` by Unicode's character rules, for any text.
    static func wordsByCharacter<Text: StringProtocol>(_ text: Text) -> [String] {
        var words: [String] = []
        var current = ""
        func flush() {
            append(current, to: &words)
            current = ""
        }
        // "12,000": the comma is inside the number.
        var joined = text.lowercased()
        if joined.contains(where: \.isNumber) {
            joined = joined.replacingOccurrences(of: #"(?<=\d),(?=\d{3})"#, with: "", options: .regularExpression)
        }
        for character in joined {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if character == "'" || character == "\u{2019}" {
                current.append("'")
            } else {
                flush()
            }
        }
        flush()
        return words
    }
}
