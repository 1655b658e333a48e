import Foundation
import Intents
@testable import Vocabulary

/// A model compiler's world in a temporary directory: copies of the checkout's
/// `Grammars/` and `Models/pronunciations.tsv` (so a test may edit them), the built-in
/// vocabulary with the course's seven commands, the refusals and a few answers, and a state
/// directory.
/// Removed when the fixture goes away.
final class ModelFixture {
    /// The checkout this test file is in.
    static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The seven command phrases as `Intents.Command` says them (this target does not import Intents).
    static let commands = [
        "Begin the lesson", "Read the passage", "Explain the context", "Analyze the structure",
        "Summarize the key themes", "Ask the review question", "End the lesson",
    ]

    /// Question openings standing in for `Course.InputClassifier.questionCarriers`.
    static let questions = ["what does the bible say about", "how does this apply", "why does god"]

    /// Answers standing in for the curriculum's (the `answer` rule).
    static let answers = ["faith", "land, descendants, and blessing", "the Word was God", "Melchizedek"]

    let root: URL
    var definition: VocabularyDefinition

    var grammarDirectory: URL { root.appendingPathComponent("Grammars") }
    var pronunciationsFile: URL { root.appendingPathComponent("pronunciations.tsv") }
    var modelDirectory: URL { root.appendingPathComponent("state/model") }
    var inputs: ModelInputs {
        ModelInputs(definition: definition, grammarDirectory: grammarDirectory, pronunciationsFile: pronunciationsFile,
                    garbageWeight: 0.01)
    }

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("model-fixture-\(UUID().uuidString)")
        definition = BibleVocabulary.definition(commands: Self.commands, questions: Self.questions, refusals: Refusal.words, controls: LessonControl.words)
            .merged(with: VocabularyDefinition(
            identifier: "answers", version: "1",
            phraseCounts: Self.answers.map { .init($0, count: 1, rule: "answer") }))
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.checkout.appendingPathComponent("Grammars"), to: grammarDirectory)
        try FileManager.default.copyItem(at: Self.checkout.appendingPathComponent("Models/pronunciations.tsv"), to: pronunciationsFile)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// A model of the fixture's inputs, built once and kept under the inputs' digest (one
    /// folder for every run with these inputs), which the other fixtures start from.
    private static let sharedModel: Result<URL, any Error> = Result {
        let fixture = try ModelFixture()
        let kept = FileManager.default.temporaryDirectory
            .appendingPathComponent("bible-course-model-fixture/\(try fixture.inputs.digest())")
        try FileManager.default.createDirectory(at: kept.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try ModelCompiler.prepare(fixture.inputs, in: kept)
        return kept
    }

    /// Starts from a model already built for these inputs (a copy of one built once per
    /// test run, which the cache takes as its own: the inputs' content is the same), so a
    /// test of what rebuilds does not pay for the first build. Returns how the copy was
    /// taken (`.reused` when the cache accepts it).
    @discardableResult
    func startBuilt() throws -> ModelCompiler.Outcome {
        let built = try Self.sharedModel.get()
        try FileManager.default.createDirectory(at: modelDirectory.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: modelDirectory)
        try FileManager.default.copyItem(at: built, to: modelDirectory)
        return try prepare()
    }

    /// Prepares the model and says how.
    @discardableResult
    func prepare() throws -> ModelCompiler.Outcome {
        try ModelCompiler.prepare(inputs, in: modelDirectory).1
    }

    func url(_ name: String) -> URL { modelDirectory.appendingPathComponent(name) }

    func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// Appends `text` to the file at `url`.
    func append(_ text: String, to url: URL) throws {
        try (read(url) + text).write(to: url, atomically: true, encoding: .utf8)
    }

    /// Cuts the file at `url` to half its length, as a crash or a full disk might.
    func truncate(_ url: URL) throws {
        let data = try Data(contentsOf: url)
        try data.prefix(data.count / 2).write(to: url)
    }

    /// The words of a dictionary file, with `word(2)` counted as `word`.
    static func dictionaryWords(_ text: String) -> Set<String> {
        Set(text.split(separator: "\n").compactMap { line -> String? in
            guard let head = line.split(separator: " ").first else { return nil }
            return String(head.prefix { $0 != "(" })
        })
    }

    /// The words a JSGF grammar can produce, read independently of the compiler's own
    /// reader: comments, the header, rule names, weights and operators removed.
    static func grammarWords(_ grammar: String) -> Set<String> {
        var text = grammar
        for pattern in [#"//[^\n]*"#, #"/\*[\s\S]*?\*/"#, #"#JSGF[^\n]*"#, #"(?m)^\s*grammar [^\n]*"#,
                        #"<[^>]*>"#, #"/[0-9.eE+-]+/"#, #"\bpublic\b"#] {
            text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        let separators = CharacterSet(charactersIn: "|()[]*+;=").union(.whitespacesAndNewlines)
        return Set(text.components(separatedBy: separators).filter { !$0.isEmpty })
    }
}
