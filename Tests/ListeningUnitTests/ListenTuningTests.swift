import Assistant
import Foundation
import Hearing
@testable import Listening
import Support
import Testing

/// `listen`'s numbers come from the `freeSpeech` object of a `hearing_tuning` file, as they
/// did when they were part of the hearing tuning: laid over the shipped ones, an unknown key
/// refused by its path, every number checked.
@Suite("Listen tuning")
struct ListenTuningTests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listen-tuning-\(UUID().uuidString)")

    private func file(_ name: String, _ json: String) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try json.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func configuration(tuning path: String) throws -> DaemonConfiguration {
        var configuration = DaemonConfiguration()
        try configuration.set(.hearingTuning, .string(path), source: "config.toml, line 1")
        return configuration
    }

    @Test("a tuning file's freeSpeech part sets listen's numbers; the rest stay shipped, and hearing's too")
    func freeSpeechPart() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try file("listen.json", #"{"freeSpeech": {"soundCheck": {"candidates": 20}}}"#)
        let configuration = try configuration(tuning: path)
        var expected = ListenTuning.shipped
        expected.soundCheck.candidates = 20
        #expect(try configuration.listenTuning() == expected)
        #expect(configuration.hearing == HearingTuning.shipped)

        let both = try file("both.json", #"{"commandConfidence": {"threshold": 0.5}, "freeSpeech": {"trailingSilenceMilliseconds": 700, "quotation": {"minimumTrigrams": 4}}}"#)
        let mixed = try self.configuration(tuning: both)
        #expect(mixed.hearing.commandConfidence.threshold == 0.5)
        #expect(try mixed.listenTuning().trailingSilenceMilliseconds == 700)
        #expect(try mixed.listenTuning().quotation.minimumTrigrams == 4)
        #expect(try mixed.listenTuning().soundCheck == ListenTuning.shipped.soundCheck)

        #expect(try DaemonConfiguration().listenTuning() == .shipped)
        let listening = try ListenTuning.load(#require(TuningFile(contentsOf: path, kind: "a hearing tuning").part("freeSpeech")))
        #expect(listening == expected)
    }

    @Test("an unknown key or a number out of range in the freeSpeech part is refused, naming its path in the file")
    func badFreeSpeechPart() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let nope = try file("nope.json", #"{"freeSpeech": {"nope": 1}}"#)
        let negative = try file("negative.json", #"{"freeSpeech": {"soundCheck": {"candidates": -1}}}"#)
        let notObject = try file("number.json", #"{"freeSpeech": 5}"#)
        for (path, says) in [(nope, "no setting freeSpeech.nope in a hearing tuning"),
                             (negative, "freeSpeech.soundCheck.candidates is -1; it must be from 1 to 200"),
                             (notObject, "freeSpeech: a JSON object is needed")] {
            let configuration = try configuration(tuning: path)
            #expect {
                try configuration.listenTuning()
            } throws: { error in
                "\(error)".contains("hearing_tuning") && "\(error)".contains("config.toml, line 1")
                    && "\(error)".contains(path) && "\(error)".contains(says)
            }
            let part = try #require(try TuningFile(contentsOf: path, kind: "a hearing tuning").part("freeSpeech"))
            #expect { try ListenTuning.load(part) } throws: { "\($0)" == "\(path): \(says)" || "\($0)".contains(says) }
        }
    }

    @Test("a verse read by its sound is as sure as its reading against the loop of phones")
    func readingConfidence() {
        let check = ListenTuning.shipped.soundCheck
        #expect(ScriptureListener.confidence(readingScore: 0, soundCheck: check) == 1)
        #expect(ScriptureListener.confidence(readingScore: check.minimumReadingScore, soundCheck: check)
                == check.confidenceAtMinimumReadingScore)
        #expect(ScriptureListener.confidence(readingScore: 4 * check.minimumReadingScore, soundCheck: check) == 0)
    }
}
