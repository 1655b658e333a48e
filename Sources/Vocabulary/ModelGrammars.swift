import Foundation

/// The grammars of a compiled model, as values: the command grammar with its garbage path
/// at the compiled weight, and the answer grammar holding every answer of the curriculum
/// (the recogniser puts the question's answers in their place, ``Grammar/setting(_:to:after:)``).
/// Kept as JSON in the model (`grammars.json`), so that nothing reads JSGF back.
public struct ModelGrammars: Sendable, Hashable, Codable {
    public var commands: Grammar
    public var answer: Grammar

    public init(commands: Grammar, answer: Grammar) {
        self.commands = commands
        self.answer = answer
    }

    /// The rule of an answer grammar that holds the answers.
    public static let answerRule = "answer"

    /// The grammars as stored.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// The grammars of the model in `file`.
    public static func read(_ file: URL) throws(VocabularyError) -> ModelGrammars {
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw .missingFile(what: "compiled grammars", path: file.path)
        }
        do {
            return try JSONDecoder().decode(ModelGrammars.self, from: data)
        } catch {
            throw .unreadable(path: file.path, reason: "\(error)")
        }
    }
}
