import Assistant
import Audio
import Foundation
import Recognition
import Speech
import Vocabulary

/// The recognition test set (`phrases.tsv`): what a person says and what it should mean,
/// made into audio with espeak-ng at test time.
struct SpokenPhrase: Sendable, CustomStringConvertible {
    enum Kind: String, Sendable { case command, lookup, other }
    let kind: Kind
    /// A command id, a reference as `recognize` prints it, or "-".
    let expected: String
    let text: String

    var description: String { text }

    static let all: [SpokenPhrase] = {
        guard let url = Bundle.module.url(forResource: "phrases", withExtension: "tsv"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 3, let kind = Kind(rawValue: fields[0]) else { return nil }
            return SpokenPhrase(kind: kind, expected: fields[1], text: fields[2])
        }
    }()
}

/// Makes test audio: espeak-ng's voice at 16 kHz with half a second of silence around it.
enum TestVoice {
    static func audio(_ text: String, voice: String = "en-us", rateFactor: Double = 0.9) throws -> [Int16] {
        let synthesizer = try SpeechSynthesizer(configuration: SpeechConfiguration(voice: voice, rateFactor: rateFactor))
        let spoken = Resampler.resample(try synthesizer.samples(for: text), from: synthesizer.sampleRate, to: AudioFormat.sampleRate)
        let silence = [Int16](repeating: 0, count: AudioFormat.samples(milliseconds: 500))
        return silence + spoken + silence
    }
}

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
        return try RecognitionModel.prepare(locations, garbageWeight: GarbageModel.defaultWeight).get().0
    }

    static func recognizer(_ mode: Recognizer.Mode) throws -> Recognizer {
        var settings = RecognitionSettings()
        settings.independentUtterances = true
        return try Recognizer(mode: mode, settings: settings)
    }
}

extension Intent {
    /// The intent as `recognize --json` names it: a command id, a reference, or nil.
    var expectedForm: String? {
        switch self {
        case .command(let command): return command.id
        case .lookup(let reference): return reference.compact
        case .answer(let text): return "answer:\(text)"
        case .rejected: return nil
        }
    }
}
