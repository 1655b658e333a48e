/// English number words, both ways: "one hundred nineteen" ⇄ 119, "twenty third" ⇄ 23rd.
///
/// Recognisers print numbers as words ("psalm one hundred nineteen verse one hundred
/// five"); the reference parser turns runs of them into numbers, and the vocabulary
/// writes every chapter and verse number as a recogniser would say it. The ordinals
/// ("the twenty third psalm") are one table for both too, so what the look-up grammar
/// lets a person say is what the parser reads.
public enum NumberWords {
    static let units = ["one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
                        "seven": 7, "eight": 8, "nine": 9]
    static let teens = ["ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
                        "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
                        "nineteen": 19]
    static let tens = ["twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
                       "seventy": 70, "eighty": 80, "ninety": 90]
    static let zeros: Set<String> = ["zero", "oh", "o"]
    static let ordinalUnits = ["first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5,
                               "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9]
    static let ordinalTeens = ["tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
                               "fourteenth": 14, "fifteenth": 15, "sixteenth": 16,
                               "seventeenth": 17, "eighteenth": 18, "nineteenth": 19]
    static let ordinalTens = ["twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50,
                              "sixtieth": 60, "seventieth": 70, "eightieth": 80, "ninetieth": 90]

    /// True when `word` ends a spoken ordinal ("fifth", "twentieth", "hundredth").
    public static func isOrdinalWord(_ word: String) -> Bool {
        ordinalUnits[word] != nil || ordinalTeens[word] != nil || ordinalTens[word] != nil
            || word == "hundredth"
    }

    /// Reads one ordinal from the front of `words`: "fifth" is 5, "twenty third" 23, "one
    /// hundred and nineteenth" 119, "hundredth" 100. Returns the value and how many words it
    /// used, or nil when `words` does not start with an ordinal.
    public static func parseOrdinalPrefix<S: RandomAccessCollection<String>>(_ words: S) -> (value: Int, length: Int)? {
        let w = Array(words)
        func word(_ i: Int) -> String? { i < w.count ? w[i] : nil }
        func ordinal(_ i: Int) -> Int? {
            guard let x = word(i) else { return nil }
            return ordinalUnits[x] ?? ordinalTeens[x] ?? ordinalTens[x]
        }
        var i = 0
        var hundreds = 0
        if let x = word(0), let u = units[x], word(1) == "hundred" || word(1) == "hundredth" {
            hundreds = u * 100
            i = 1
        } else if word(0) == "a", word(1) == "hundred" || word(1) == "hundredth" {
            hundreds = 100
            i = 1
        } else if word(0) == "hundred" || word(0) == "hundredth" {
            hundreds = 100
        }
        if hundreds > 0 {
            if word(i) == "hundredth" { return (hundreds, i + 1) }
            i += 1
            if word(i) == "and" { i += 1 }
        }
        if let o = ordinal(i) { return (hundreds + o, i + 1) }
        if let x = word(i), let t = tens[x], let u = word(i + 1).flatMap({ ordinalUnits[$0] }) {
            return (hundreds + t + u, i + 2)
        }
        return nil
    }

    /// `n` (1...999) as an ordinal the way a recogniser prints it: 23 → "twenty third",
    /// 100 → "one hundredth", 119 → "one hundred nineteenth".
    public static func spokenOrdinal(_ n: Int) -> String {
        precondition(n >= 1 && n < 1000, "spoken ordinals run from 1 to 999")
        let rest = n % 100
        let prefix = n >= 100 ? "\(spoken(n / 100)) hundred" : ""
        guard rest > 0 else { return prefix + "th" }
        let last: String
        if rest < 10 {
            last = ordinalUnits.first { $0.value == rest }!.key
        } else if rest < 20 {
            last = ordinalTeens.first { $0.value == rest }!.key
        } else if rest % 10 == 0 {
            last = ordinalTens.first { $0.value == rest }!.key
        } else {
            last = spoken(rest - rest % 10) + " " + ordinalUnits.first { $0.value == rest % 10 }!.key
        }
        return prefix.isEmpty ? last : prefix + " " + last
    }

    /// True when `word` can be part of a spoken number.
    public static func isNumberWord(_ word: String) -> Bool {
        units[word] != nil || teens[word] != nil || tens[word] != nil || word == "hundred"
            || word == "zero"
    }

    /// Reads one number from the front of `words`, greedily ("twenty one" is 21, "three
    /// sixteen" is 3 then 16, "one hundred and five" is 105, "one oh five" is 105).
    /// Returns the value and how many words it used, or nil when `words` does not start
    /// with a number word.
    public static func parsePrefix<S: RandomAccessCollection<String>>(_ words: S) -> (value: Int, length: Int)? {
        let w = Array(words)
        var i = 0
        func small(_ at: Int) -> (Int, Int)? {  // 1...99 from position `at`
            guard at < w.count else { return nil }
            if let t = tens[w[at]] {
                if at + 1 < w.count, let u = units[w[at + 1]] { return (t + u, 2) }
                return (t, 1)
            }
            if let t = teens[w[at]] { return (t, 1) }
            if let u = units[w[at]] { return (u, 1) }
            return nil
        }
        guard i < w.count else { return nil }
        if w[i] == "zero" { return (0, 1) }
        if w[i] == "hundred" || (w[i] == "a" && i + 1 < w.count && w[i + 1] == "hundred") {
            i += w[i] == "a" ? 2 : 1
            var value = 100
            if let (rest, used) = small(afterAnd(w, i)) {
                value += rest
                i = afterAnd(w, i) + used
            }
            return (value, i)
        }
        guard let (first, firstLength) = small(i) else { return nil }
        i += firstLength
        // "one hundred nineteen"
        if first < 10, i < w.count, w[i] == "hundred" {
            i += 1
            var value = first * 100
            if let (rest, used) = small(afterAnd(w, i)) {
                value += rest
                i = afterAnd(w, i) + used
            }
            return (value, i)
        }
        // "one oh five", "one fifteen" is not joined: only an explicit "oh" makes hundreds.
        if first < 10, firstLength == 1, i + 1 < w.count, zeros.contains(w[i]), let u = units[w[i + 1]] {
            return (first * 100 + u, i + 2)
        }
        return (first, i)
    }

    /// Skips an "and" between "hundred" and the rest ("one hundred and five").
    private static func afterAnd(_ w: [String], _ i: Int) -> Int {
        if i + 1 < w.count, w[i] == "and", units[w[i + 1]] != nil || teens[w[i + 1]] != nil || tens[w[i + 1]] != nil {
            return i + 1
        }
        return i
    }

    /// `n` (0...999) as a recogniser prints it: 119 → "one hundred nineteen".
    public static func spoken(_ n: Int) -> String {
        precondition(n >= 0 && n < 1000, "spoken numbers run from 0 to 999")
        if n == 0 { return "zero" }
        let unitNames = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
        let teenNames = ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
                         "seventeen", "eighteen", "nineteen"]
        let tenNames = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        var parts: [String] = []
        if n >= 100 { parts += [unitNames[n / 100], "hundred"] }
        let rest = n % 100
        if rest >= 20 {
            parts.append(tenNames[rest / 10])
            if rest % 10 > 0 { parts.append(unitNames[rest % 10]) }
        } else if rest >= 10 {
            parts.append(teenNames[rest - 10])
        } else if rest > 0 {
            parts.append(unitNames[rest])
        }
        return parts.joined(separator: " ")
    }
}
