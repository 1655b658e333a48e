import Foundation
import Hearing
import Testing
import Vocabulary
import Intents
import SpeechFixtures

/// The command language model turns away what only sounds like a command: a near-miss is
/// heard as the everyday words it is, where the grammar alone forces it onto the nearest
/// command. Accuracy and rejection are decided on real speech (scripts/bench-recognition.sh);
/// this checks the behaviour end to end with the daemon's own voice.
@Suite("Command search", .serialized)
struct CommandSearchTests {
    static let nearMisses = [
        "begin the dishes", "read the message", "end the lecture", "open the door",
        "ask the teacher a question", "explain the contract",
    ]
    static let commands = ["begin the lesson", "read the passage", "end the lesson", "read john chapter three verse sixteen"]

    static func recognizer(_ search: CommandSearch, model: CompiledModel) throws -> Recognizer {
        var settings = RecognitionSettings()
        settings.independentUtterances = true
        settings.commandSearch = search
        settings.tuning.decoding.garbageWeight = 0
        return try Recognizer(compiled: model, settings: settings)
    }

    @Test("near-misses are not acted on with the command language model; the grammar alone acts on them")
    func nearMissesAreHeardAsWhatTheyAre() throws {
        let model = try TestModel.compiled()
        let languageModel = try Self.recognizer(.languageModel, model: model)
        let grammar = try Self.recognizer(.grammar, model: model)
        var actedOn: [CommandSearch: [String]] = [:]
        for phrase in Self.nearMisses {
            let audio = try TestVoice.audio(phrase)
            for (search, recognizer) in [(CommandSearch.languageModel, languageModel), (.grammar, grammar)] {
                let recognition = try recognizer.recognize(audio)
                if recognition.intent.isAccepted {
                    actedOn[search, default: []].append("\(phrase) → \(recognition.hypothesis.text)")
                }
            }
        }
        print("acted on: \(actedOn)")
        #expect((actedOn[.languageModel] ?? []).count <= 1, "\(actedOn[.languageModel] ?? [])")
        #expect((actedOn[.grammar] ?? []).count >= 2, "the grammar alone forces near-misses onto commands: \(actedOn[.grammar] ?? [])")
    }

    @Test("commands and a look-up are heard with the command language model")
    func commandsAreHeard() throws {
        let recognizer = try Self.recognizer(.languageModel, model: try TestModel.compiled())
        var heard: [String] = []
        for phrase in Self.commands {
            let recognition = try recognizer.recognize(try TestVoice.audio(phrase))
            if recognition.intent.isAccepted, recognition.hypothesis.text == phrase { heard.append(phrase) }
        }
        #expect(heard.count >= 3, "heard: \(heard)")
    }
}
