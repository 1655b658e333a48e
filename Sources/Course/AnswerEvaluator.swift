import Intents

/// Judges a spoken answer against a question's correct answer and acceptable variants.
///
/// Binary and deterministic (seed, section 5.2). Both sides are normalised the same way:
/// - case, diacritics and punctuation are ignored;
/// - the articles "a", "an", "the" and the word "and" (or "&") are ignored;
/// - number words become digits ("twelve" and "12", "twenty one" and "21", "first" and "1st");
/// - an answer written as a list ("Land, descendants, and blessing": items separated by
///   commas, semicolons or "and") matches its items in any order, each item's own words in
///   order; an answer with one item must match word for word.
/// Nothing else is forgiven: no synonyms, no partial credit.
public struct AnswerEvaluator: Sendable {
    public init() {}

    /// Judges `answer` (the recogniser's text) against the curriculum's answers.
    public func evaluate(_ answer: String, correctAnswer: String, acceptableVariants: [String]) -> AnswerEvaluation {
        let spoken = Self.items(of: answer).flatMap { $0 }
        if !spoken.isEmpty {
            for candidate in [correctAnswer] + acceptableVariants {
                let items = Self.items(of: candidate)
                if !items.isEmpty, Self.matches(spoken, items: items) {
                    return AnswerEvaluation(isCorrect: true, matchedAnswer: candidate, correctAnswer: correctAnswer)
                }
            }
        }
        return AnswerEvaluation(isCorrect: false, matchedAnswer: nil, correctAnswer: correctAnswer)
    }

    // MARK: - Normalisation

    private static let ignoredWords: Set<String> = ["a", "an", "the"]
    private static let listWords: Set<String> = ["and", "&"]

    /// The list items of `text`, each a sequence of normalised words.
    static func items(of text: String) -> [[String]] {
        var items: [[String]] = []
        let chunks = text.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == "&" })
        for chunk in chunks {
            var item: [String] = []
            let words = TextNormalization.words(String(chunk))
            for (index, word) in words.enumerated() {
                let next = index + 1 < words.count ? words[index + 1] : ""
                if word == "and", let last = item.last, AnswerNumbers.isMultiplier(last), AnswerNumbers.isNumberWord(next) {
                    continue // "one hundred and twenty" is one number, not a list
                }
                if listWords.contains(word) {
                    if !item.isEmpty { items.append(AnswerNumbers.digits(item)) }
                    item = []
                } else if !ignoredWords.contains(word) {
                    item.append(word)
                }
            }
            if !item.isEmpty { items.append(AnswerNumbers.digits(item)) }
        }
        return items
    }

    /// Whether `words` is exactly the items' words, the items taken in some order.
    private static func matches(_ words: [String], items: [[String]]) -> Bool {
        if items.count == 1 { return words == items[0] }
        guard words.count == items.reduce(0, { $0 + $1.count }) else { return false }
        var used = [Bool](repeating: false, count: items.count)
        return partition(words[...], items: items, used: &used)
    }

    private static func partition(_ words: ArraySlice<String>, items: [[String]], used: inout [Bool]) -> Bool {
        if words.isEmpty { return !used.contains(false) }
        for index in items.indices where !used[index] {
            let item = items[index]
            if words.starts(with: item) {
                used[index] = true
                if partition(words.dropFirst(item.count), items: items, used: &used) { return true }
                used[index] = false
            }
        }
        return false
    }
}

/// Turns runs of English number words into digits, so "ten" and "10" compare equal.
enum AnswerNumbers {
    private static let units: [String: Int] = [
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
        "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
        "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ]
    private static let tens: [String: Int] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
        "eighty": 80, "ninety": 90,
    ]
    private static let ordinals: [String: String] = [
        "first": "1st", "second": "2nd", "third": "3rd", "fourth": "4th", "fifth": "5th",
        "sixth": "6th", "seventh": "7th", "eighth": "8th", "ninth": "9th", "tenth": "10th",
        "eleventh": "11th", "twelfth": "12th",
    ]

    static func isMultiplier(_ word: String) -> Bool { word == "hundred" || word == "thousand" }

    static func isNumberWord(_ word: String) -> Bool { units[word] != nil || tens[word] != nil }

    /// `words` with every run of number words replaced by its value in digits.
    static func digits(_ words: [String]) -> [String] {
        var output: [String] = []
        var run: Run?
        func flush() {
            if let finished = run { output.append(String(finished.value)) }
            run = nil
        }
        for word in words {
            if let ordinal = ordinals[word] {
                flush()
                output.append(ordinal)
            } else if let value = units[word] {
                if let current = run, current.accepts(unit: value) {
                    run = current.adding(value, kind: .unit)
                } else {
                    flush()
                    run = Run(total: 0, current: value, last: .unit)
                }
            } else if let value = tens[word] {
                if let current = run, current.acceptsTens {
                    run = current.adding(value, kind: .tens)
                } else {
                    flush()
                    run = Run(total: 0, current: value, last: .tens)
                }
            } else if word == "hundred" {
                let current = run ?? Run(total: 0, current: 1, last: .unit)
                run = Run(total: current.total, current: max(current.current, 1) * 100, last: .hundred)
            } else if word == "thousand" {
                let current = run ?? Run(total: 0, current: 1, last: .unit)
                run = Run(total: current.total + max(current.current, 1) * 1000, current: 0, last: .thousand)
            } else {
                flush()
                output.append(word)
            }
        }
        flush()
        return output
    }

    private enum Kind { case unit, tens, hundred, thousand }

    private struct Run {
        var total: Int
        var current: Int
        var last: Kind

        var value: Int { total + current }

        /// "twenty one" continues a number; "two three" starts a new one.
        func accepts(unit: Int) -> Bool {
            switch last {
            case .unit: false
            case .tens: unit >= 1 && unit <= 9
            case .hundred, .thousand: current % 100 == 0
            }
        }

        var acceptsTens: Bool {
            switch last {
            case .unit, .tens: false
            case .hundred, .thousand: current % 100 == 0
            }
        }

        func adding(_ value: Int, kind: Kind) -> Run {
            Run(total: total, current: current + value, last: kind)
        }
    }
}
