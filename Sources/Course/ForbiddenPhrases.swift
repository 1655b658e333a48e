import Foundation

/// Phrases a lesson script must never contain (personal application, comfort,
/// speculation on divine intent; seed 5.3), read from `curriculum/forbidden-phrases.json`.
///
/// A phrase matches case-insensitively on word boundaries: "you should" is found in
/// "You should note" but not in "youshould" or "bayou shoulders". Punctuation and
/// apostrophes are ignored on both sides ("don't worry" matches "Dont worry!").
public struct ForbiddenPhrases: Sendable, Hashable {
    /// A named group of phrases.
    public struct Category: Sendable, Hashable, Codable {
        public let name: String
        public let phrases: [String]

        public init(name: String, phrases: [String]) {
            self.name = name
            self.phrases = phrases
        }
    }

    /// A phrase found in a text.
    public struct Match: Sendable, Hashable {
        public let phrase: String
        public let category: String
    }

    public let categories: [Category]
    private let normalized: [(words: [String], match: Match)]

    public init(categories: [Category]) {
        self.categories = categories
        normalized = categories.flatMap { category in
            category.phrases.compactMap { phrase in
                let words = TextNormalization.words(phrase)
                return words.isEmpty ? nil : (words, Match(phrase: phrase, category: category.name))
            }
        }
    }

    public static func == (lhs: ForbiddenPhrases, rhs: ForbiddenPhrases) -> Bool {
        lhs.categories == rhs.categories
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(categories)
    }

    /// Reads the list from `url` (`{"categories": [{"name": ..., "phrases": [...]}]}`).
    /// `displayPath` is how problems name the file.
    public static func load(from url: URL, displayPath: String) throws(CurriculumError) -> ForbiddenPhrases {
        let problem = { (kind: CurriculumProblem.Kind) in
            CurriculumError([CurriculumProblem(.forbiddenPhrases, file: displayPath, kind)])
        }
        guard FileManager.default.fileExists(atPath: url.path) else { throw problem(.missingFile) }
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw problem(.unreadable(error.localizedDescription)) }
        struct File: Decodable { let categories: [Category] }
        do {
            let file = try JSONDecoder().decode(File.self, from: data)
            var problems: [CurriculumProblem] = []
            for (index, category) in file.categories.enumerated() {
                if category.name.trimmingCharacters(in: .whitespaces).isEmpty {
                    problems.append(CurriculumProblem(.forbiddenPhrases, file: displayPath, .emptyField("categories[\(index)].name", segment: nil)))
                }
                for phrase in category.phrases where TextNormalization.words(phrase).isEmpty {
                    problems.append(CurriculumProblem(.forbiddenPhrases, file: displayPath, .emptyField("categories[\(index)].phrases (\"\(phrase)\")", segment: nil)))
                }
            }
            if !problems.isEmpty { throw CurriculumError(problems) }
            return ForbiddenPhrases(categories: file.categories)
        } catch let error as CurriculumError {
            throw error
        } catch {
            throw problem(.invalidJSON(Self.describe(error)))
        }
    }

    /// Every forbidden phrase in `text`, in list order.
    public func matches(in text: String) -> [Match] {
        let words = TextNormalization.words(text)
        return normalized.compactMap { entry in
            Self.contains(words, entry.words) ? entry.match : nil
        }
    }

    private static func contains(_ words: [String], _ phrase: [String]) -> Bool {
        guard phrase.count <= words.count else { return false }
        for start in 0...(words.count - phrase.count) where words[start] == phrase[0] {
            if Array(words[start..<(start + phrase.count)]) == phrase { return true }
        }
        return false
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            let path = (context.codingPath + [key]).map(\.stringValue).joined(separator: ".")
            return "missing field `\(path)`"
        case DecodingError.typeMismatch(let type, let context), DecodingError.valueNotFound(let type, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "field `\(path)` must be \(type)"
        case DecodingError.dataCorrupted(let context):
            return context.debugDescription
        default:
            return error.localizedDescription
        }
    }
}
