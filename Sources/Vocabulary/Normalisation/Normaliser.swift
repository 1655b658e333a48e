import Scripture

/// Puts misheard and misspelt Bible names right before anything downstream reads a line
/// of text, and says which canonical names and passages it holds: "read have a cook two
/// four" → "read Habakkuk two four", terms ["Habakkuk"], references [Hab 2:4].
///
/// Deterministic and offline. In order, at each word: a reviewed correction pair
/// (``TranscriptCorrection``), else an exact name of the vocabulary (kept as written,
/// reported), else the span of up to four words whose phones (or, for a word no
/// dictionary knows, letters) are closest to a name's, if close enough. Words a dictionary
/// knows are trusted alone: a single known word is only replaced where a chapter or verse
/// follows it, and never an everyday one ("job", "mark"), which also names a book only
/// there. Everything not corrected comes back exactly as it was. With no vocabulary the
/// input comes back unchanged with no terms (the degraded path), never an error.
public struct Normaliser: Sendable {
    /// Largest phone difference, as a share of the longer phone string, between a span
    /// and a name.
    public static let phoneDifference = 0.25
    /// The same where a chapter or verse follows the span.
    public static let contextPhoneDifference = 0.34
    /// Most words a corrected span may have ("have a cook" for "Habakkuk" is three).
    static let longestSpan = 4

    private struct Form {
        let term: Int
        /// The ordinal a numbered book's form opens with ("first").
        let ordinal: String?
        let phones: [UInt8]?
        let letters: [Character]
        let histogram: [UInt8]
    }

    private struct Token {
        let range: Range<String.Index>
        let key: String
        let capitalised: Bool
    }

    private struct Match {
        let start: Int
        let length: Int
        /// The text that replaces the span; nil keeps it as written.
        let replacement: String?
        let term: Int?
        var distance: Double = 0
    }

    private let terms: [CanonicalTerm]
    private let exact: [String: Int]
    private let abbreviations: [String: Int]
    private let forms: [Form]
    private let formsByLength: [[Int]]
    private let longestForm: Int
    private let corrections: [String: String]
    private let longestCorrection: Int
    private let termsByCanonical: [String: Int]
    private let lexicon: TranscriptLexicon
    private let everyday: Set<String>

    /// `terms` from ``CanonicalTerm/vocabulary(terms:)``; `everyday`: the most frequent
    /// English words (lowercase), which are never corrected alone and name a book only
    /// before a chapter or verse.
    public init(terms: [CanonicalTerm], corrections: [TranscriptCorrection], lexicon: TranscriptLexicon, everyday: Set<String>) {
        self.terms = terms
        self.lexicon = lexicon
        self.everyday = everyday
        var exact: [String: Int] = [:]
        var forms: [Form] = []
        var longestForm = 1
        var byCanonical: [String: Int] = [:]
        for (index, term) in terms.enumerated() {
            byCanonical[term.canonical.lowercased()] = byCanonical[term.canonical.lowercased()] ?? index
            for form in term.forms {
                guard exact[form] == nil else { continue }
                exact[form] = index
                let words = form.split(separator: " ").map(String.init)
                longestForm = max(longestForm, words.count)
                var phones: [UInt8]? = []
                for word in words {
                    guard let codes = lexicon.phones(word), word.first?.isLetter == true else { phones = nil; break }
                    phones! += codes
                }
                forms.append(Form(term: index, ordinal: Self.ordinals.contains(words[0]) ? words[0] : nil, phones: phones, letters: Array(words.joined()),
                                  histogram: Self.histogram(phones ?? [])))
            }
        }
        var abbreviations: [String: Int] = [:]
        for (index, term) in terms.enumerated() {
            for abbreviation in term.abbreviations where exact[abbreviation] == nil && abbreviations[abbreviation] == nil {
                abbreviations[abbreviation] = index
                longestForm = max(longestForm, abbreviation.split(separator: " ").count)
            }
        }
        self.abbreviations = abbreviations
        let maxLength = forms.map { $0.phones?.count ?? 0 }.max() ?? 0
        var byLength = [[Int]](repeating: [], count: maxLength + 1)
        for (index, form) in forms.enumerated() { byLength[form.phones?.count ?? 0].append(index) }
        self.exact = exact
        self.forms = forms
        self.formsByLength = byLength
        self.longestForm = longestForm
        self.termsByCanonical = byCanonical
        var table: [String: String] = [:]
        for correction in corrections { table[correction.heard.joined(separator: " ")] = correction.canonical }
        self.corrections = table
        self.longestCorrection = corrections.map(\.heard.count).max() ?? 0
    }

    /// The normalised form of `text`; never fails.
    public func normalise(_ text: String) -> NormalisedTranscript {
        let ambiguous: (String) -> Bool = { everyday.contains($0) }
        guard !terms.isEmpty || !corrections.isEmpty else {
            return NormalisedTranscript(normalisedText: text, extractedTerms: [],
                                        references: ScriptureReference.find(in: text, ambiguous: ambiguous))
        }
        let tokens = Self.tokens(text)
        var matches: [Match] = []
        var fuzzy: [Int: Match?] = [:]
        func fuzzyMatch(_ start: Int) -> Match? {
            if let known = fuzzy[start] { return known }
            let found = closest(at: start, tokens)
            fuzzy[start] = found
            return found
        }
        var index = 0
        while index < tokens.count {
            if let match = correction(at: index, tokens) ?? exactMatch(at: index, tokens) {
                matches.append(match)
                index += match.length
                continue
            }
            // Take a span only if the one starting a word later is not as close: "of
            // habakuk" is "of" and then "Habakkuk".
            if let match = fuzzyMatch(index),
               !(index + 1 < tokens.count && exactMatch(at: index + 1, tokens) != nil),
               (fuzzyMatch(index + 1).map { $0.distance > match.distance } ?? true) {
                matches.append(match)
                index += match.length
                continue
            }
            index += 1
        }
        var normalised = ""
        var cursor = text.startIndex
        var found: [String] = []
        for match in matches {
            if let term = match.term, !found.contains(terms[term].canonical) { found.append(terms[term].canonical) }
            guard var replacement = match.replacement else { continue }
            let last = tokens[match.start + match.length - 1]
            if last.key.hasSuffix("'s"), !replacement.lowercased().hasSuffix("'s") { replacement += "'s" }
            normalised += text[cursor..<tokens[match.start].range.lowerBound] + replacement
            cursor = last.range.upperBound
        }
        normalised += text[cursor...]
        return NormalisedTranscript(normalisedText: normalised, extractedTerms: found,
                                    references: ScriptureReference.find(in: normalised, ambiguous: ambiguous))
    }

    // MARK: - Matching

    private func correction(at start: Int, _ tokens: [Token]) -> Match? {
        for length in stride(from: min(longestCorrection, tokens.count - start), through: 1, by: -1) {
            let key = tokens[start..<(start + length)].map(\.key).joined(separator: " ")
            guard let canonical = corrections[key] else { continue }
            return Match(start: start, length: length, replacement: canonical,
                         term: termsByCanonical[canonical.lowercased()])
        }
        return nil
    }

    /// A name of the vocabulary as written. An everyday word that names a book ("job")
    /// is kept as a plain word unless a chapter and verse follow or it is capitalised.
    private func exactMatch(at start: Int, _ tokens: [Token]) -> Match? {
        for length in stride(from: min(longestForm, tokens.count - start), through: 1, by: -1) {
            var words = tokens[start..<(start + length)].map(\.key)
            var term = exact[words.joined(separator: " ")]
            if term == nil, let last = words.last, last.hasSuffix("'s") {
                words[words.count - 1] = String(last.dropLast(2))
                term = exact[words.joined(separator: " ")]
            }
            if term == nil, let book = abbreviations[words.joined(separator: " ")] {
                // "Gen 1", "Mk 12:30" name a book; "is", "so", "am" alone are words.
                let named = everyday.contains(words.joined(separator: " ")) || words.joined().count <= 2
                    ? chapterAndVerseFollow(start + length, tokens) : referenceFollows(start + length, tokens)
                return Match(start: start, length: length, replacement: nil, term: named ? book : nil)
            }
            guard let term else { continue }
            if length == 1, terms[term].kind == .book, everyday.contains(words[0]), !tokens[start].capitalised,
               !chapterAndVerseFollow(start + 1, tokens) {
                return Match(start: start, length: 1, replacement: nil, term: nil)
            }
            return Match(start: start, length: length, replacement: nil, term: term)
        }
        return nil
    }

    /// Words a corrected span neither starts nor ends with: "the nations" is not
    /// Galatians, "make a" is not Micah.
    static let edgeWords: Set<String> = [
        "a", "an", "the", "of", "to", "and", "or", "in", "on", "at", "by", "for", "with", "from", "is", "are",
        "was", "it", "its", "as", "that", "this", "his", "her", "their", "our", "my", "your",
    ]
    /// The first words of numbered books.
    static let ordinals: Set<String> = [
        "first", "second", "third", "1", "2", "3", "1st", "2nd", "3rd", "one", "two", "three", "i", "ii", "iii",
    ]

    /// The name whose phones (or letters) are closest to a span of words starting at
    /// `start`, if close enough. A span of everyday words is taken only where a chapter
    /// or verse follows ("them my chapter eight" is Nehemiah, "he said" stays); a span
    /// opening with an ordinal only for a numbered book of that ordinal.
    private func closest(at start: Int, _ tokens: [Token]) -> Match? {
        guard start < tokens.count else { return nil }
        var best: Match?
        for length in 1...min(Self.longestSpan, tokens.count - start) {
            let span = tokens[start..<(start + length)]
            let words = span.map(\.key)
            // Numbers are never names, except an ordinal opening one ("first corinthians").
            if words.dropFirst().contains(where: { NumberWords.isNumberWord($0) || $0.first?.isNumber == true }) { break }
            // A span stops where a name as written or a numbered book begins ("turn to
            // first samuel" is "turn to" and then 1 Samuel).
            if length > 1, Self.ordinals.contains(words[length - 1]) || exactMatch(at: start + length - 1, tokens) != nil { break }
            // Spelled letters ("r o c h e s t e r") are not names.
            if words.enumerated().contains(where: { index, word in
                word.count == 1 && word != "a" && !(index == 0 && Self.ordinals.contains(word))
            }) { break }
            guard let first = words.first, let last = words.last,
                  !Self.edgeWords.contains(first), !Self.edgeWords.contains(last),
                  !NumberWords.isNumberWord(first) || Self.ordinals.contains(first) else { continue }
            let ordinal = Self.ordinals.contains(first) ? first : nil
            if ordinal != nil, words.count == 1 { continue }
            let known = words.allSatisfy(isKnown)
            let context = referenceFollows(start + length, tokens)
            if known, length == 1 ? !context || everyday.contains(first) : !context && words.allSatisfy(everyday.contains) {
                continue
            }
            let share = context ? Self.contextPhoneDifference : Self.phoneDifference
            var phones: [UInt8] = []
            for word in words {
                guard let codes = lexicon.phones(word) else { phones = []; break }
                phones += codes
            }
            if phones.count >= 3, let (form, distance) = closestForm(phones: phones, share: share, ordinal: ordinal),
               best.map({ distance < $0.distance }) ?? true {
                best = Match(start: start, length: length, replacement: terms[forms[form].term].canonical,
                             term: forms[form].term, distance: distance)
            }
            if !known, let (form, distance) = closestSpelling(Array(words.joined()), ordinal: ordinal),
               best.map({ distance < $0.distance }) ?? true {
                best = Match(start: start, length: length, replacement: terms[forms[form].term].canonical,
                             term: forms[form].term, distance: distance)
            }
        }
        return best
    }

    private func isKnown(_ word: String) -> Bool {
        lexicon.isKnown(word) || NumberWords.isNumberWord(word)
            || (word.hasSuffix("'s") && lexicon.isKnown(String(word.dropLast(2))))
    }

    private func closestForm(phones: [UInt8], share: Double, ordinal: String?) -> (Int, Double)? {
        var best: (Int, Double)?
        let histogram = Self.histogram(phones)
        let low = max(1, Int((Double(phones.count) * (1 - share)).rounded(.down)))
        let high = min(formsByLength.count - 1, Int((Double(phones.count) / (1 - share)).rounded(.up)))
        guard low <= high else { return nil }
        for length in low...high {
            let longest = max(length, phones.count)
            let limit = Int(Double(longest) * share)
            guard abs(length - phones.count) <= limit else { continue }
            for index in formsByLength[length] {
                let form = forms[index]
                guard let formPhones = form.phones, form.ordinal == ordinal else { continue }
                // Phones one has and the other lacks: each costs at least one edit per pair.
                var unshared = 0
                for code in 0..<histogram.count { unshared += abs(Int(histogram[code]) - Int(form.histogram[code])) }
                guard (unshared + 1) / 2 <= limit else { continue }
                let distance = EditDistance.levenshtein(phones, formPhones, limit: limit)
                guard distance <= limit else { continue }
                let score = Double(distance) / Double(longest)
                if best.map({ score < $0.1 }) ?? true { best = (index, score) }
            }
        }
        return best
    }

    /// For words no dictionary has (typed misspellings): the name within one letter in
    /// four to six, two in seven to ten, three from eleven.
    private func closestSpelling(_ letters: [Character], ordinal: String?) -> (Int, Double)? {
        let limit = letters.count >= 11 ? 3 : letters.count >= 7 ? 2 : letters.count >= 4 ? 1 : 0
        guard limit > 0 else { return nil }
        var best: (Int, Double)?
        for (index, form) in forms.enumerated() where form.ordinal == ordinal && abs(form.letters.count - letters.count) <= limit {
            let distance = EditDistance.levenshtein(letters, form.letters, limit: limit)
            guard distance <= limit else { continue }
            let score = Double(distance) / Double(max(letters.count, form.letters.count))
            if best.map({ score < $0.1 }) ?? true { best = (index, score) }
        }
        return best
    }

    /// True when a chapter or verse number (or the word) follows at `index`.
    private func referenceFollows(_ index: Int, _ tokens: [Token]) -> Bool {
        guard index < tokens.count else { return false }
        let key = tokens[index].key
        return NumberWords.isNumberWord(key) || key.first?.isNumber == true
            || ["chapter", "chapters", "verse", "verses"].contains(key)
    }

    /// Stricter, for an everyday word that names a book: the word chapter or verse, or
    /// two numbers ("job chapter two", "mark twelve thirty", not "a job two years ago").
    private func chapterAndVerseFollow(_ index: Int, _ tokens: [Token]) -> Bool {
        guard index < tokens.count else { return false }
        func isNumber(_ key: String) -> Bool { NumberWords.isNumberWord(key) || key.first?.isNumber == true }
        let key = tokens[index].key
        if ["chapter", "chapters", "verse", "verses"].contains(key) { return true }
        return isNumber(key) && index + 1 < tokens.count && isNumber(tokens[index + 1].key)
    }

    private static func histogram(_ phones: [UInt8]) -> [UInt8] {
        var counts = [UInt8](repeating: 0, count: 39)
        for phone in phones where Int(phone) < counts.count { counts[Int(phone)] &+= 1 }
        return counts
    }

    /// The words of `text` with where they stand: letters and digits, inner apostrophes.
    private static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var start: String.Index?
        var index = text.startIndex
        func close(_ end: String.Index) {
            guard let begin = start else { return }
            var range = begin..<end
            while let last = text[range].last, last == "'" || last == "\u{2019}" {
                range = range.lowerBound..<text.index(before: range.upperBound)
            }
            let word = text[range]
            if !word.isEmpty {
                let key = word.lowercased().replacingOccurrences(of: "\u{2019}", with: "'")
                tokens.append(Token(range: range, key: key, capitalised: word.first?.isUppercase == true))
            }
            start = nil
        }
        while index < text.endIndex {
            let character = text[index]
            if character.isLetter || character.isNumber {
                if start == nil { start = index }
            } else if (character == "'" || character == "\u{2019}"), start != nil {
                // inside a word ("noah's"); a trailing one is trimmed when the word closes
            } else {
                close(index)
            }
            index = text.index(after: index)
        }
        close(text.endIndex)
        return tokens
    }
}
