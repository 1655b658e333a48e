import Scripture

/// A name or term the transcript normaliser corrects toward and reports: one of the 66
/// books, a name or term of the curriculum ("Mount Sinai", "qeshet"), a term of the
/// vocabulary ("propitiation").
public struct CanonicalTerm: Hashable, Sendable {
    public enum Kind: String, Sendable {
        case book
        case term
    }

    /// How the course writes it, and what `extractedTerms` reports: "Habakkuk",
    /// "1 Corinthians", "Mount Sinai", "covenant".
    public let canonical: String
    public let kind: Kind
    /// The word sequences that name it, lowercase, words separated by one space:
    /// "first corinthians", "1 corinthians".
    public let forms: [String]
    /// Written abbreviations ("gen", "mk", "1 cor"), lowercase: they name the book where
    /// a chapter follows, are never corrected toward, and are never corrected.
    public let abbreviations: [String]

    public init(_ canonical: String, kind: Kind = .term, forms: [String] = [], abbreviations: [String] = []) {
        self.canonical = canonical
        self.kind = kind
        self.abbreviations = abbreviations.map { Self.words($0).joined(separator: " ") }.filter { !$0.isEmpty }
        let own = Self.words(canonical).joined(separator: " ")
        var unique: [String] = []
        for form in [own] + forms.map({ Self.words($0).joined(separator: " ") }) where !form.isEmpty && !unique.contains(form) {
            unique.append(form)
        }
        self.forms = unique
    }

    /// The 66 books, each by its canonical name, its spoken names ("first corinthians",
    /// "psalm") and the written aliases of several words ("Song of Solomon"), not
    /// abbreviations ("Gen", "Eccles": "jackals" is not Ecclesiastes).
    public static let books: [CanonicalTerm] = BookCatalog.books.map { book in
        let names = book.aliases.filter { alias in
            // "I Peter" would make every "i meet" a question of 1 Peter.
            let words = Self.words(alias)
            return words.count >= 2 && words.allSatisfy { $0.count >= 2 } && !["i", "ii", "iii"].contains(words[0])
        }
        return CanonicalTerm(book.name, kind: .book, forms: book.spokenNames + names, abbreviations: book.aliases + [book.osis])
    }

    /// The books, then the given names and terms, a term dropped when a book already has
    /// its name ("Exodus" the book and "exodus" the event are one entry).
    public static func vocabulary(terms: [String]) -> [CanonicalTerm] {
        var all = books
        var taken = Set(books.flatMap(\.forms))
        for term in terms {
            let entry = CanonicalTerm(term)
            guard let form = entry.forms.first, !taken.contains(form) else { continue }
            taken.insert(form)
            all.append(entry)
        }
        return all
    }

    /// Lowercase words: letters, digits and inner apostrophes (curly ones made straight).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if (character == "'" || character == "\u{2019}"), !current.isEmpty {
                current.append("'")
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.hasSuffix("'") ? String($0.dropLast()) : $0 }
    }
}
