/// One piece of a written or spoken reference, after case folding and number-word reading.
enum ReferenceToken: Hashable, Sendable {
    case word(String)
    case number(Int)
    /// `:` or a `.` between two numbers ("John 3.16").
    case chapterVerseSeparator
    /// `-`, `–`, `—`.
    case dash
    case comma
    case semicolon
    /// A character that has no place in a reference.
    case junk(Character)

    /// Largest number kept as written; anything longer saturates here and is reported as
    /// out of range rather than overflowing.
    static let largestNumber = 999_999_999

    /// Splits `text` into tokens and reads runs of number words as numbers.
    static func tokenize(_ text: String) -> [ReferenceToken] {
        readNumberWords(scan(text))
    }

    private static func scan(_ text: String) -> [ReferenceToken] {
        var tokens: [ReferenceToken] = []
        let chars = Array(text.lowercased())
        var i = 0
        func isASCIIDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
        while i < chars.count {
            let c = chars[i]
            if c.isWhitespace || c == "\"" || c == "“" || c == "”" || c == "(" || c == ")"
                || c == "[" || c == "]" {
                i += 1
            } else if isASCIIDigit(c) {
                var value = 0
                while i < chars.count, isASCIIDigit(chars[i]) {
                    value = min(largestNumber, value * 10 + (chars[i].wholeNumberValue ?? 0))
                    i += 1
                }
                // Letters glued to a number: an ordinal ("1st"), a verse part ("16a")
                // or a word ("1cor", "16ff").
                var letters = ""
                var j = i
                while j < chars.count, chars[j].isLetter { letters.append(chars[j]); j += 1 }
                if ["st", "nd", "rd", "th"].contains(letters) {
                    tokens.append(.word("\(value)\(letters)"))
                    i = j
                } else if letters.count == 1, ["a", "b", "c"].contains(letters) {
                    tokens.append(.number(value))
                    i = j
                } else {
                    tokens.append(.number(value))
                }
            } else if c.isLetter {
                var word = ""
                while i < chars.count {
                    let d = chars[i]
                    if d.isLetter || d == "'" || d == "’" {
                        if d.isLetter { word.append(d) }
                        i += 1
                    } else if d == "-", i + 1 < chars.count, chars[i + 1].isLetter, !word.isEmpty {
                        // "twenty-one": a hyphen inside a word separates words, not a range.
                        tokens.append(.word(word))
                        word = ""
                        i += 1
                    } else {
                        break
                    }
                }
                if !word.isEmpty { tokens.append(.word(word)) }
            } else if c == ":" {
                tokens.append(.chapterVerseSeparator)
                i += 1
            } else if c == "." {
                // "3.16" separates chapter and verse; "Gen." or a final "." is punctuation.
                if case .number = tokens.last, i + 1 < chars.count, isASCIIDigit(chars[i + 1]) {
                    tokens.append(.chapterVerseSeparator)
                }
                i += 1
            } else if c == "-" || c == "–" || c == "—" || c == "‐" || c == "‑" {
                tokens.append(.dash)
                i += 1
            } else if c == "," {
                tokens.append(.comma)
                i += 1
            } else if c == ";" {
                tokens.append(.semicolon)
                i += 1
            } else if c == "&" {
                tokens.append(.word("and"))
                i += 1
            } else {
                tokens.append(.junk(c))
                i += 1
            }
        }
        return tokens
    }

    /// Replaces each run of number words with the numbers it says.
    private static func readNumberWords(_ tokens: [ReferenceToken]) -> [ReferenceToken] {
        var out: [ReferenceToken] = []
        var i = 0
        while i < tokens.count {
            var run: [String] = []
            var j = i
            while j < tokens.count, case .word(let w) = tokens[j],
                  NumberWords.isNumberWord(w) || (!run.isEmpty && (w == "and" || w == "oh" || w == "o")) || w == "a" {
                run.append(w)
                j += 1
            }
            if let (value, length) = NumberWords.parsePrefix(run), length > 0 {
                out.append(.number(value))
                i += length
            } else {
                out.append(tokens[i])
                i += 1
            }
        }
        return out
    }
}
