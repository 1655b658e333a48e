/// Cuts text into sentences for speaking one at a time, so that a long passage can be
/// stopped between sentences (at shutdown, or when the person speaks a command).
///
/// A sentence ends at `.`, `!` or `?` (with any closing quotes or brackets) followed by
/// white space, or at a blank line. Common abbreviations ("Mr.", "St.", "e.g.") and
/// single-letter initials do not end sentences; "2:4" is not punctuation. A sentence
/// longer than `maximumLength` characters is cut further at a `;` or `:`, else at a
/// comma, else at a space, so that no single piece takes long to say.
public enum SentenceSplitter {
    /// The longest piece a sentence is said in by default, in characters.
    public static let longestPiece = 250

    /// The sentences of `text`, trimmed, none empty.
    public static func sentences(in text: String, maximumLength: Int = longestPiece) -> [String] {
        var sentences: [String] = []
        var current = ""
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            current.append(character)
            index += 1
            if character == "\n", index < characters.count, characters[index] == "\n" {
                flush(&current, into: &sentences)
                continue
            }
            guard terminators.contains(character) else { continue }
            while index < characters.count, closers.contains(characters[index]) {
                current.append(characters[index])
                index += 1
            }
            let atEnd = index >= characters.count
            guard atEnd || characters[index].isWhitespace else { continue }
            if character == ".", endsWithAbbreviation(current) { continue }
            flush(&current, into: &sentences)
        }
        flush(&current, into: &sentences)
        return sentences.flatMap { cut($0, maximumLength: max(20, maximumLength)) }
    }

    private static let terminators: Set<Character> = [".", "!", "?"]
    private static let closers: Set<Character> = ["\"", "'", "”", "’", ")", "]", "»"]
    private static let abbreviations: Set<String> = [
        "mr", "mrs", "ms", "dr", "st", "mt", "vs", "cf", "ch", "vv", "v", "e.g", "i.e", "no", "jr", "sr",
    ]

    private static func flush(_ current: inout String, into sentences: inout [String]) {
        let trimmed = current.trimmingSpaces
        if !trimmed.isEmpty { sentences.append(trimmed) }
        current = ""
    }

    /// Whether the word before the final period is an abbreviation or an initial.
    private static func endsWithAbbreviation(_ text: String) -> Bool {
        let withoutPeriod = text.dropLast()
        let word = withoutPeriod.reversed().prefix { !$0.isWhitespace && $0 != "(" && $0 != "\"" }
        let token = String(word.reversed())
        if token.count == 1, let letter = token.first, letter.isUppercase { return true }
        return abbreviations.contains(token.lowercased())
    }

    /// `sentence` in pieces of at most `maximumLength` characters, cut at the strongest
    /// pause available.
    private static func cut(_ sentence: String, maximumLength: Int) -> [String] {
        guard sentence.count > maximumLength else { return [sentence] }
        let characters = Array(sentence)
        let window = characters[0..<maximumLength]
        let minimum = maximumLength / 3
        // The last mark in the window that white space follows (so "2:4" is no break).
        func lastBreak(_ marks: Set<Character>) -> Int? {
            (minimum..<maximumLength).reversed().first { i in
                marks.contains(window[i]) && i + 1 < characters.count && characters[i + 1].isWhitespace
            }
        }
        let lastSpace = (minimum..<maximumLength).reversed().first { window[$0].isWhitespace }
        let position = lastBreak([";", ":"]) ?? lastBreak([","]) ?? lastSpace ?? (maximumLength - 1)
        let head = String(characters[0...position]).trimmingSpaces
        let tail = String(characters[(position + 1)...]).trimmingSpaces
        return (head.isEmpty ? [] : [head]) + (tail.isEmpty ? [] : cut(tail, maximumLength: maximumLength))
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text = text.dropFirst() }
        while let last = text.last, last.isWhitespace { text = text.dropLast() }
        return String(text)
    }
}
