/// One piece of a written or spoken reference, after case folding and number-word reading.
enum ReferenceToken: Hashable, Sendable {
    case word(String)
    case number(Int)
    /// An ordinal, said or written: "fifth", "twenty third", "23rd".
    case ordinal(Int)
    /// `:` or a `.` between two numbers ("John 3.16").
    case chapterVerseSeparator
    /// `-`, `–`, `—`.
    case dash
    case comma
    case semicolon
    /// A character that has no place in a reference.
    case junk(Character)

    /// The token as a person would write it, for naming what could not be read.
    var written: String {
        switch self {
        case .word(let w): w
        case .number(let n): String(n)
        case .ordinal(let n): NumberWords.spokenOrdinal(max(1, min(999, n)))
        case .chapterVerseSeparator: ":"
        case .dash: "-"
        case .comma: ","
        case .semicolon: ";"
        case .junk(let c): String(c)
        }
    }

    /// Largest number kept as written; anything longer saturates here and is reported as
    /// out of range rather than overflowing.
    static let largestNumber = 999_999_999

    /// Splits `text` into tokens and reads runs of number words as numbers.
    static func tokenize(_ text: String) -> [ReferenceToken] {
        readNumberWords(scan(text)).tokens
    }

    /// A unit word followed by a spoken 10...99, which may also be one number of hundreds:
    /// "one thirty nine" is 1, 39 or 139; "one fifty one" also 150, 1.
    struct CompressedNumber: Hashable, Sendable {
        /// Where the unit word's number is; the 10...99 follows it.
        let index: Int
        /// The tens of the 10...99 when it was said as two words ("fifty one": 50).
        let tens: Int?
    }

    /// ``tokenize(_:)``, and where a number may have been said compressed.
    static func tokenizeWithCompressedNumbers(_ text: String) -> (tokens: [ReferenceToken], compressed: [CompressedNumber]) {
        readNumberWords(scan(text))
    }

    private static func scan(_ text: String) -> [ReferenceToken] {
        var tokens: [ReferenceToken] = []
        let chars = Array(text.lowercased())
        var i = 0
        func isASCIIDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
        while i < chars.count {
            let c = chars[i]
            // Quotes, brackets and the "?" or "!" dictation puts after a reference.
            if c.isWhitespace || c == "\"" || c == "“" || c == "”" || c == "(" || c == ")"
                || c == "[" || c == "]" || c == "?" || c == "!" {
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
                if letters == ordinalSuffix(value) {
                    tokens.append(.ordinal(value))
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

    /// The suffix that makes `n` an ordinal when written: 1st, 2nd, 23rd, 11th. "1th" is no
    /// ordinal ("1Th" is 1 Thessalonians).
    private static func ordinalSuffix(_ n: Int) -> String {
        if (11...13).contains(n % 100) { return "th" }
        switch n % 10 {
        case 1: return "st"
        case 2: return "nd"
        case 3: return "rd"
        default: return "th"
        }
    }

    /// Replaces each run of number words with the numbers it says, and each ordinal with its
    /// value; notes where a unit word is followed by a spoken 10...99.
    private static func readNumberWords(_ tokens: [ReferenceToken]) -> (tokens: [ReferenceToken], compressed: [CompressedNumber]) {
        var out: [ReferenceToken] = []
        var compressed: [CompressedNumber] = []
        var unitAt: Int? = nil  // index in `out` of a number said as one unit word
        var i = 0
        while i < tokens.count {
            var run: [String] = []
            var j = i
            while j < tokens.count, case .word(let w) = tokens[j],
                  NumberWords.isNumberWord(w) || NumberWords.isOrdinalWord(w)
                    || (!run.isEmpty && (w == "and" || w == "oh" || w == "o")) || w == "a" {
                run.append(w)
                j += 1
            }
            let cardinal = NumberWords.parsePrefix(run)
            if let (value, length) = NumberWords.parseOrdinalPrefix(run), length >= (cardinal?.length ?? 0) {
                out.append(.ordinal(value))
                i += length
                unitAt = nil
            } else if let (value, length) = cardinal, length > 0 {
                if let unit = unitAt, unit == out.count - 1, (10...99).contains(value) {
                    compressed.append(CompressedNumber(index: unit, tens: length == 2 ? value - value % 10 : nil))
                }
                unitAt = length == 1 && value < 10 ? out.count : nil
                out.append(.number(value))
                i += length
            } else {
                out.append(tokens[i])
                i += 1
                unitAt = nil
            }
        }
        return (out, compressed)
    }
}
