import Foundation

/// Text as the recogniser spells it: the one spelling shared by what the Bible-domain
/// language model learns and what a heard utterance is compared with (``QuotationIndex``).
public enum SpokenWords {
    /// The words of `text` as the recogniser spells them: lower case, letters and inner
    /// apostrophes ("god's"), numbers below a million said ("12,000" is "twelve thousand");
    /// larger numbers are left out.
    public static func words<Text: StringProtocol>(_ text: Text) -> [String] {
        var words: [String] = []
        var current = ""
        func flush() {
            let word = current.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            if let number = Int(word), number < 1_000_000 {
                let thousands = number / 1000, rest = number % 1000
                var said = thousands > 0 ? NumberWords.spoken(thousands) + " thousand" : ""
                if rest > 0 || number == 0 { said += (said.isEmpty ? "" : " ") + NumberWords.spoken(rest) }
                words += said.split(separator: " ").map(String.init)
            } else if !word.isEmpty, word.allSatisfy({ $0.isLetter || $0 == "'" }) {
                words.append(word)
            }
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
