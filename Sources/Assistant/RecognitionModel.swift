import Course
import Foundation
import Hearing
import Vocabulary
import Intents

/// Where the recogniser's inputs live.
public struct VocabularyLocations: Sendable {
    public var grammarDirectory: URL
    public var pronunciationsFile: URL
    public var curriculumDirectory: URL
    /// A user's vocabulary file (JSON ``VocabularyDefinition``), merged into the built-in one.
    public var userVocabulary: URL?
    /// Where compiled models are kept (`<state>/model`).
    public var modelDirectory: URL

    public init(grammarDirectory: URL, pronunciationsFile: URL, curriculumDirectory: URL,
                userVocabulary: URL?, modelDirectory: URL) {
        self.grammarDirectory = grammarDirectory
        self.pronunciationsFile = pronunciationsFile
        self.curriculumDirectory = curriculumDirectory
        self.userVocabulary = userVocabulary
        self.modelDirectory = modelDirectory
    }
}

/// Assembles the vocabulary the daemon compiles: the built-in Bible vocabulary, the
/// course's answers, and the user's own file; and prepares the model, or says why the
/// daemon must fall back to standard recognition.
public enum RecognitionModel {
    /// The full vocabulary for `locations`.
    public static func definition(_ locations: VocabularyLocations) throws(VocabularyError) -> VocabularyDefinition {
        var definition = BibleVocabulary.definition(commands: Command.allCases.map(\.phrase),
                                                    questions: InputClassifier.questionCarriers, refusals: Refusal.words, controls: LessonControl.words)
        definition = definition.merged(with: curriculumVocabulary(locations.curriculumDirectory))
        if let user = locations.userVocabulary {
            guard let data = FileManager.default.contents(atPath: user.path) else {
                throw .missingFile(what: "vocabulary file", path: user.path)
            }
            do {
                definition = definition.merged(with: try JSONDecoder().decode(VocabularyDefinition.self, from: data))
            } catch let error as DecodingError {
                throw .badDefinition(path: user.path, reason: Self.describe(error))
            } catch {
                throw .badDefinition(path: user.path, reason: "\(error)")
            }
        }
        return definition
    }

    /// A JSON decoding error as a person reads it: where, and what was wrong.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "the top level" : String(keys.drop(while: { $0 == "." }))
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field `\(key.stringValue)` in \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)): \(context.debugDescription)"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "not valid JSON: \(context.debugDescription)"
        case .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// The answers of every lesson of every course, as phrases of the `answer` rule. A
    /// lesson that does not load adds nothing (the curriculum check reports it).
    static func curriculumVocabulary(_ directory: URL) -> VocabularyDefinition {
        let loader = CurriculumLoader(directory: directory)
        var phrases: [VocabularyDefinition.PhraseCount] = []
        for courseID in loader.courseIDs() {
            guard let course = try? loader.loadCourse(courseID) else { continue }
            for lessonID in course.lessonIDs {
                guard let lesson = try? loader.loadLesson(lessonID, course: course) else { continue }
                for answer in [lesson.question.correctAnswer] + lesson.question.acceptableVariants {
                    phrases.append(.init(answer, count: 1, rule: "answer"))
                }
            }
        }
        return VocabularyDefinition(identifier: "curriculum", version: "1", phraseCounts: phrases)
    }

    /// Everything the model for `locations` is built from (what `model build` compiles
    /// and `model show` compares the model on disk with).
    public static func inputs(_ locations: VocabularyLocations, garbageWeight: Double = HearingTuning.shipped.decoding.garbageWeight)
        throws(VocabularyError) -> ModelInputs
    {
        ModelInputs(
            definition: try definition(locations), grammarDirectory: locations.grammarDirectory,
            pronunciationsFile: locations.pronunciationsFile, garbageWeight: garbageWeight)
    }

    /// The compiled model (reused or rebuilt), or the reason standard recognition must
    /// be used instead.
    public static func prepare(_ locations: VocabularyLocations, garbageWeight: Double)
        -> Result<(CompiledModel, ModelCompiler.Outcome), VocabularyError>
    {
        do {
            let inputs = try inputs(locations, garbageWeight: garbageWeight)
            return .success(try ModelCompiler.prepare(inputs, in: locations.modelDirectory))
        } catch {
            return .failure(error)
        }
    }

    /// The recogniser the daemon and the tools listen with: the compiled model when it can
    /// be had, else standard recognition, with `warn` told why (one line). With
    /// `standardRecognition` the compiled model is not tried. `built` hears how the model
    /// was had (reused or rebuilt).
    public static func recognizer(
        _ locations: VocabularyLocations, settings: RecognitionSettings, standardRecognition: Bool = false,
        warn: (String) -> Void, built: (ModelCompiler.Outcome) -> Void = { _ in }
    ) throws -> Recognizer {
        if standardRecognition { return try Recognizer(compiled: nil, settings: settings) }
        switch prepare(locations, garbageWeight: HearingTuning.shipped.decoding.garbageWeight) {
        case .success(let (model, outcome)):
            built(outcome)
            return try Recognizer(compiled: model, settings: settings)
        case .failure(let error):
            warn("the custom model cannot be used (\(error)); falling back to standard recognition")
            return try Recognizer(compiled: nil, settings: settings)
        }
    }
}
