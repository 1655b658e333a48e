import Support
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
/// follows it (or "book of" comes before it), and never an everyday one; an everyday word
/// that is a book ("job", "mark") names it only before a chapter and verse, after "book
/// of", or written with a capital. Everything not corrected comes back exactly as it was. With no vocabulary the
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
        let words: [String]
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
        /// Looked up once a line: a dictionary or the Bible has the word; it is one of the
        /// everyday words; a number word or digits; its phones, if a dictionary has them.
        var known = false
        var everyday = false
        var number = false
        var phones: [UInt8]?
        /// A name as written, an abbreviation or a correction starts here.
        var startsName = false
        /// A comma, semicolon or end of a question or exclamation stands before the word:
        /// "in the first panel, verses twenty one" names no book.
        var afterPunctuation = false
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
    /// First words of the names, abbreviations and corrections: most words start none.
    private let firstWords: Set<String>
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
                forms.append(Form(term: index, words: words, ordinal: Self.ordinals.contains(words[0]) ? words[0] : nil, phones: phones, letters: Array(words.joined()),
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
        var firstWords = Set(exact.keys.compactMap { $0.split(separator: " ").first.map(String.init) })
        firstWords.formUnion(abbreviations.keys.compactMap { $0.split(separator: " ").first.map(String.init) })
        firstWords.formUnion(corrections.compactMap(\.heard.first))
        self.firstWords = firstWords
    }

    /// The normalised form of `text`; never fails.
    public func normalise(_ text: String) -> NormalisedTranscript {
        let ambiguous: (String) -> Bool = { everyday.contains($0) }
        guard !terms.isEmpty || !corrections.isEmpty else {
            return NormalisedTranscript(normalisedText: text, extractedTerms: [],
                                        references: ScriptureReference.find(in: text, ambiguous: ambiguous))
        }
        var tokens = Self.tokens(text)
        for index in tokens.indices {
            let key = tokens[index].key
            let base = key.hasSuffix("'s") ? String(key.dropLast(2)) : key
            tokens[index].number = Self.isNumber(key)
            tokens[index].known = tokens[index].number || lexicon.isKnown(key) || lexicon.isKnown(base)
            tokens[index].everyday = everyday.contains(key)
            tokens[index].phones = lexicon.phones(key, guessing: false)
        }
        // The correction or name as written at each word, found once.
        var named = [Match?](repeating: nil, count: tokens.count)
        for index in tokens.indices where firstWords.contains(tokens[index].key)
            || (tokens[index].key.hasSuffix("'s") && firstWords.contains(String(tokens[index].key.dropLast(2)))) {
            named[index] = correction(at: index, tokens) ?? exactMatch(at: index, tokens)
            tokens[index].startsName = named[index] != nil
        }
        var matches: [Match] = []
        var fuzzy = [Match??](repeating: nil, count: tokens.count + 1)
        func fuzzyMatch(_ start: Int) -> Match? {
            if let known = fuzzy[start] { return known }
            let found = closest(at: start, tokens)
            fuzzy[start] = .some(found)
            return found
        }
        var index = 0
        while index < tokens.count {
            if let match = named[index] {
                matches.append(match)
                index += match.length
                continue
            }
            // A span of several words is taken only if the one starting a word later, which
            // overlaps it, is not as close.
            if let match = fuzzyMatch(index),
               match.length == 1 || (fuzzyMatch(index + 1).map { $0.distance > match.distance } ?? true) {
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
            if last.key.hasSuffix("'s"), !replacement.lowercased().hasSuffix("'s") {
                replacement += text[last.range].suffix(2)
            }
            normalised += text[cursor..<tokens[match.start].range.lowerBound] + replacement
            cursor = last.range.upperBound
        }
        normalised += text[cursor...]
        // A passage needs a book: most lines name none and skip the reference finder.
        let namesBook = matches.contains { match in
            match.term.map { terms[$0].kind == .book } ?? tokens[match.start].startsName
        }
        return NormalisedTranscript(normalisedText: normalised, extractedTerms: found,
                                    references: namesBook ? ScriptureReference.find(in: normalised, ambiguous: ambiguous) : [])
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
               !chapterAndVerseFollow(start + 1, tokens), !bookOfPrecedes(start, tokens) {
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
            if length > 1, tokens[start + length - 1].number, !Self.ordinals.contains(words[length - 1]) { break }
            // A span stops where a name as written or a numbered book begins ("turn to
            // first samuel" is "turn to" and then 1 Samuel), and at a comma, semicolon,
            // question or exclamation mark: no name is split by one ("the righteous, but").
            if length > 1, Self.ordinals.contains(words[length - 1]) || tokens[start + length - 1].startsName
                || tokens[start + length - 1].afterPunctuation { break }
            // Spelled letters ("r o c h e s t e r") are not names.
            if words.enumerated().contains(where: { index, word in
                word.count == 1 && word != "a" && !(index == 0 && Self.ordinals.contains(word))
            }) { break }
            guard let first = words.first, let last = words.last,
                  !Self.edgeWords.contains(first), !Self.edgeWords.contains(last),
                  !NumberWords.isNumberWord(first) || Self.ordinals.contains(first) else { continue }
            let ordinal = Self.ordinals.contains(first) ? first : nil
            if ordinal != nil, words.count == 1 { continue }
            let known = span.allSatisfy(\.known)
            // What licenses a book: a chapter or verse after the span, or "book of" before it. A
            // lone known word before a bare number is a count ("numbered 42,360"): it needs the
            // word chapter or verse, or two numbers, after it.
            let follows = known && length == 1 ? chapterAndVerseFollow(start + 1, tokens)
                : referenceFollows(start + length, tokens)
            let context = follows || bookOfPrecedes(start, tokens)
            // Known words alone, or only everyday ones, are replaced only where a chapter or
            // verse follows, and then only by a book ("contain three elements" is not Canaan).
            let needsContext = known && (length == 1 || span.allSatisfy(\.everyday))
            if needsContext, !context || (length == 1 && span[start].everyday) { continue }
            // Known words written with a capital are a name or a sentence's start as the
            // writer meant them ("son Solomon", "upon Saul", "He drew"): recognisers write
            // lower case, and a person's misspelt name is not in the dictionaries.
            if length > 1, known, span.contains(where: \.capitalised) { continue }
            // An ordinal before known words is a count or a pronoun ("two wings", "one pillar",
            // "I shatter") unless a chapter or verse follows ("second kings chapter two").
            if ordinal != nil, !context, span.dropFirst().allSatisfy(\.known) { continue }
            // Where a chapter or verse follows, a book is taken looser.
            var searches: [(share: Double, booksOnly: Bool)] = context ? [(Self.contextPhoneDifference, true)] : []
            if !needsContext { searches.append((Self.phoneDifference, false)) }
            var phones: [UInt8] = []
            for token in span {
                // A word no dictionary has is guessed only when a span needs it.
                guard let codes = token.phones ?? lexicon.phones(token.key) else { phones = []; break }
                phones += codes
            }
            // "no ah's" is compared as "no ah": the replacement keeps the "'s".
            if last.hasSuffix("'s"), phones.last == TranscriptLexicon.z { phones.removeLast() }
            for search in searches where phones.count >= 3 {
                guard let (form, distance) = closestForm(phones: phones, share: search.share, ordinal: ordinal,
                                                         booksOnly: search.booksOnly),
                      best.map({ distance < $0.distance }) ?? true,
                      !known || differingWordsAgree(words, forms[form], share: search.share) else { continue }
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

    /// For known words: where the span has some of a several-word name's words as written
    /// ("these commandments"), the words that differ must sound alike on their own ("these"
    /// is not "ten"). Numbered books are read by their ordinal instead.
    private func differingWordsAgree(_ words: [String], _ form: Form, share: Double) -> Bool {
        guard words.count > 1, form.words.count == words.count, form.ordinal == nil,
              zip(words, form.words).contains(where: { $0 == $1 }) else { return true }
        var heard: [UInt8] = []
        var name: [UInt8] = []
        for (word, formWord) in zip(words, form.words) where word != formWord {
            guard let a = lexicon.phones(word), let b = lexicon.phones(formWord) else { return false }
            heard += a
            name += b
        }
        let longest = max(heard.count, name.count)
        let limit = Int(Double(longest) * share * 2)
        let distance = EditDistance.weighted(heard, name, limit: limit, insertion: 2) { a, b in
            a == b ? 0 : a < TranscriptLexicon.vowelCount && b < TranscriptLexicon.vowelCount ? 1 : 2
        }
        return distance <= limit
    }

    private func closestForm(phones: [UInt8], share: Double, ordinal: String?, booksOnly: Bool) -> (Int, Double)? {
        var best: (Int, Double)?
        let histogram = Self.histogram(phones)
        let low = max(1, Int((Double(phones.count) * (1 - share)).rounded(.down)))
        let high = min(formsByLength.count - 1, Int((Double(phones.count) / (1 - share)).rounded(.up)))
        guard low <= high else { return nil }
        for length in low...high {
            let longest = max(length, phones.count)
            // In half edits: one vowel for another ("ah" for the end of "noah") costs a
            // half, anything else one.
            let limit = Int(Double(longest) * share * 2)
            guard abs(length - phones.count) * 2 <= limit else { continue }
            for index in formsByLength[length] {
                let form = forms[index]
                guard let formPhones = form.phones, form.ordinal == ordinal,
                      !booksOnly || terms[form.term].kind == .book else { continue }
                // Phones one has and the other lacks: each costs at least one edit per pair.
                var unshared = 0
                for code in 0..<histogram.count { unshared += abs(Int(histogram[code]) - Int(form.histogram[code])) }
                guard unshared / 2 <= limit else { continue }
                let distance = EditDistance.weighted(phones, formPhones, limit: limit, insertion: 2) { a, b in
                    a == b ? 0 : a < TranscriptLexicon.vowelCount && b < TranscriptLexicon.vowelCount ? 1 : 2
                }
                guard distance <= limit else { continue }
                let score = Double(distance) / 2 / Double(longest)
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
        guard index < tokens.count, !tokens[index].afterPunctuation else { return false }
        return tokens[index].number || Self.chapterOrVerse.contains(tokens[index].key)
    }

    private static let chapterOrVerse: Set<String> = ["chapter", "chapters", "verse", "verses"]

    /// True when "book of" stands just before `index` ("the book of job", "in the book of
    /// have a cook"): what follows is a book's name, as when a chapter or verse follows it.
    private func bookOfPrecedes(_ index: Int, _ tokens: [Token]) -> Bool {
        index >= 2 && tokens[index - 2].key == "book" && tokens[index - 1].key == "of" && !tokens[index].afterPunctuation
    }

    /// A number word or digits.
    private static func isNumber(_ key: String) -> Bool {
        NumberWords.isNumberWord(key) || key.first?.isNumber == true
    }

    /// Stricter, for an everyday word that names a book: the word chapter or verse, or
    /// two numbers ("job chapter two", "mark twelve thirty", not "a job two years ago").
    private func chapterAndVerseFollow(_ index: Int, _ tokens: [Token]) -> Bool {
        guard index < tokens.count, !tokens[index].afterPunctuation else { return false }
        if Self.chapterOrVerse.contains(tokens[index].key) { return true }
        // "42,360" is one count, not a chapter and a verse.
        return tokens[index].number && index + 1 < tokens.count && tokens[index + 1].number
            && !tokens[index + 1].afterPunctuation
    }

    private static func histogram(_ phones: [UInt8]) -> [UInt8] {
        var counts = [UInt8](repeating: 0, count: 39)
        for phone in phones where Int(phone) < counts.count { counts[Int(phone)] &+= 1 }
        return counts
    }

    /// The words of `text` with where they stand: letters and digits, inner apostrophes.
    private static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        let scalars = text.unicodeScalars
        var start: String.Index?
        var end = scalars.startIndex
        var key = String.UnicodeScalarView()
        var capitalised = false
        var punctuation = false
        func close() {
            guard let begin = start else { return }
            // A trailing apostrophe is not part of the word ("the prophets' words").
            while let last = key.last, last == "'" {
                key.removeLast()
                end = scalars.index(before: end)
            }
            if !key.isEmpty {
                tokens.append(Token(range: begin..<end, key: String(key), capitalised: capitalised, afterPunctuation: punctuation))
                punctuation = false
            }
            start = nil
            key.removeAll(keepingCapacity: true)
        }
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let value = scalar.value
            let next = scalars.index(after: index)
            if value >= 0x61 && value <= 0x7A || value >= 0x30 && value <= 0x39 {
                if start == nil { start = index; capitalised = false }
                key.append(scalar)
                end = next
            } else if value >= 0x41 && value <= 0x5A {
                if start == nil { start = index; capitalised = true }
                key.append(Unicode.Scalar(value + 32)!)
                end = next
            } else if (value == 0x27 || value == 0x2019), start != nil {
                key.append("'")
                end = next
            } else if value > 0x7F, scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if start == nil { start = index; capitalised = scalar.properties.isUppercase }
                key.append(contentsOf: String(scalar).lowercased().unicodeScalars)
                end = next
            } else {
                close()
                if value == 0x2C || value == 0x3B || value == 0x3F || value == 0x21 { punctuation = true }
            }
            index = next
        }
        close()
        return tokens
    }
}
