/// The normal form of a book name used as a look-up key: lowercase words separated by
/// one space, the number of a numbered book written as a digit ("First Corinthians",
/// "I Cor", "1cor", "one corinthians" → "1 corinthians", "1 cor").
enum BookName {
    /// How the number in front of a numbered book may be written.
    static let ordinals: [String: Int] = [
        "first": 1, "1st": 1, "i": 1,
        "second": 2, "2nd": 2, "ii": 2,
        "third": 3, "3rd": 3, "iii": 3,
    ]

    /// The key of a free-standing name, or nil when it holds anything but words and numbers.
    static func key(_ name: String) -> String? {
        key(ReferenceToken.tokenize(name)[...])
    }

    /// The key of a run of tokens, or nil when a token cannot be part of a name.
    static func key(_ tokens: ArraySlice<ReferenceToken>) -> String? {
        var parts: [String] = []
        for (offset, token) in tokens.enumerated() {
            switch token {
            case .word(let word):
                if offset == 0, let n = ordinals[word] { parts.append(String(n)) } else { parts.append(word) }
            case .number(let n) where offset == 0 && n >= 1 && n <= 3:
                parts.append(String(n))
            case .ordinal(let n) where offset == 0 && n >= 1 && n <= 3:
                parts.append(String(n))
            default:
                return nil
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
