import Assistant
import Audio
import Foundation
import Hearing
import Voice
import Vocabulary
import Intents


/// The checkout's recogniser inputs, compiled into a temporary state directory.
enum TestModel {
    static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func compiled() throws -> CompiledModel {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("recognition-\(UUID())")
        let locations = VocabularyLocations(
            grammarDirectory: checkout.appendingPathComponent("Grammars"),
            pronunciationsFile: checkout.appendingPathComponent("Models/pronunciations.tsv"),
            curriculumDirectory: checkout.appendingPathComponent("curriculum"),
            userVocabulary: nil, modelDirectory: state.appendingPathComponent("model"))
        return try RecognitionModel.prepare(locations, garbageWeight: HearingTuning.shipped.decoding.garbageWeight).get().0
    }

    static func recognizer(_ compiled: CompiledModel?) throws -> Recognizer {
        var settings = RecognitionSettings()
        settings.independentUtterances = true
        return try Recognizer(compiled: compiled, settings: settings)
    }
}

extension Intent {
    /// The intent as `recognize --json` names it: a command id, a reference, or nil.
    var expectedForm: String? {
        switch self {
        case .command(let command): return command.id
        case .lookup(let reference): return reference.compact
        case .refusal: return "refusal"
        case .control(let control): return control.word
        case .answer(let text): return "answer:\(text)"
        case .rejected: return nil
        }
    }
}

