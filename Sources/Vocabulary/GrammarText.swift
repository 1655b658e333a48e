import Scripture

/// How phrases become grammar words: lowercase, punctuation dropped (apostrophes kept
/// inside words), whole numbers spelled out as a recogniser prints them.
public enum GrammarText {
    public static func words(_ phrase: String) -> [String] {
        var words: [String] = []
        var current = ""
        func flush() {
            guard !current.isEmpty else { return }
            let word = current.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            if let number = Int(word), number >= 0, number < 1000 {
                words += NumberWords.spoken(number).split(separator: " ").map(String.init)
            } else if !word.isEmpty {
                words.append(word)
            }
            current = ""
        }
        for character in phrase.lowercased() {
            if character.isLetter || character.isNumber || character == "'" {
                current.append(character == "’" ? "'" : character)
            } else if character == "’" {
                current.append("'")
            } else {
                flush()
            }
        }
        flush()
        return words
    }
}

import Foundation
