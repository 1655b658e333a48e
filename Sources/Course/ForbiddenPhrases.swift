import Foundation
import Intents

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
    /// The indexes into `normalized` of the phrases beginning with each word: a text is
    /// read once, whatever the length of the list.
    private let byFirstWord: [String: [Int]]

    public init(categories: [Category]) {
        self.categories = categories
        normalized = categories.flatMap { category in
            category.phrases.compactMap { phrase in
                let words = TextNormalization.words(phrase)
                return words.isEmpty ? nil : (words, Match(phrase: phrase, category: category.name))
            }
        }
        byFirstWord = Dictionary(grouping: normalized.indices, by: { [normalized] in normalized[$0].words[0] })
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
                if category.phrases.contains(where: { TextNormalization.words($0).isEmpty }) {
                    problems.append(CurriculumProblem(.forbiddenPhrases, file: displayPath, .emptyField("categories[\(index)].phrases", segment: nil)))
                }
            }
            if !problems.isEmpty { throw CurriculumError(problems) }
            return ForbiddenPhrases(categories: file.categories)
        } catch let error as CurriculumError {
            throw error
        } catch {
            throw problem(Self.problem(for: error))
        }
    }

    /// Every forbidden phrase in `text`, in list order.
    public func matches(in text: String) -> [Match] {
        let words = TextNormalization.words(text)
        var found: Set<Int> = []
        for start in words.indices {
            for index in byFirstWord[words[start]] ?? [] where !found.contains(index) {
                let phrase = normalized[index].words
                if start + phrase.count <= words.count, words[start..<(start + phrase.count)].elementsEqual(phrase) {
                    found.insert(index)
                }
            }
        }
        return found.sorted().map { normalized[$0].match }
    }

    /// The problem a decoding error stands for, with the field written `categories[0].phrases`.
    static func problem(for error: any Error) -> CurriculumProblem.Kind {
        func path(_ keys: [any CodingKey]) -> String {
            keys.reduce("") { path, key in
                if let index = key.intValue { return path + "[\(index)]" }
                return path.isEmpty ? key.stringValue : path + "." + key.stringValue
            }
        }
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return .missingField(path(context.codingPath + [key]), segment: nil)
        case DecodingError.typeMismatch(let type, let context), DecodingError.valueNotFound(let type, let context):
            let expected = type == String.self ? "a string" : type == [Category].self ? "a list of objects" : "a list of strings"
            return .wrongType(path(context.codingPath), expected: expected, segment: nil)
        case DecodingError.dataCorrupted(let context):
            return .invalidJSON((context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String ?? context.debugDescription)
        default:
            return .invalidJSON(error.localizedDescription)
        }
    }
}
