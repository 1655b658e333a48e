import Audio
import Foundation
import Hearing
import Testing
import SpeechFixtures

/// A recording cut into utterances, each with its place: `recognize --json`'s `utterances`.
@Suite("Recorded speech", .serialized)
struct RecordedSpeechTests {
    /// Two recordings of real people (CMU AN4, `../shared/speech`) joined by `gap` seconds
    /// of silence, and where the second begins.
    static func twoSpeakers(gap: Double) throws -> (samples: [Int16], secondStarts: Double, total: Double) {
        let folder = RoomNoise.folder.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("an4/wav/an4test_clstk")
        let first = try WAVFile.read(folder.appendingPathComponent("fcaw/an406-fcaw-b.wav"))
        let second = try WAVFile.read(folder.appendingPathComponent("mmxg/an442-mmxg-b.wav"))
        let silence = [Int16](repeating: 0, count: Int(gap * Double(AudioFormat.sampleRate)))
        let samples = first + silence + second
        let rate = Double(AudioFormat.sampleRate)
        return (samples, Double(first.count + silence.count) / rate, Double(samples.count) / rate)
    }

    @Test("each utterance of a recording is placed where it was said, in order")
    func utterancesArePlaced() throws {
        let (samples, secondStarts, total) = try Self.twoSpeakers(gap: 2)
        let recognizer = try TestModel.recognizer(try TestModel.compiled())
        let utterances = try RecordedSpeech.utterances(samples, with: recognizer)
        let places = utterances.map { "\($0.start)-\($0.end) \($0.recognition.hypothesis.text)" }
        try #require(utterances.count == 2, "\(places)")
        let (one, two) = (utterances[0], utterances[1])
        #expect(one.start < one.end && one.end <= secondStarts - 1, "\(places)")
        // The second opens with its pre-roll, after the silence between them.
        #expect(two.start >= secondStarts - 0.5 && two.start < two.end && two.end <= total, "\(places)")
    }

    @Test("a microphone's offset of a tenth of full scale: both utterances still cut and heard as without it")
    func offsetMicrophone() throws {
        let (samples, _, _) = try Self.twoSpeakers(gap: 2)
        let recognizer = try TestModel.recognizer(try TestModel.compiled())
        let plain = try RecordedSpeech.utterances(samples, with: recognizer).map(\.recognition.hypothesis.text)
        let offset = samples.map { Int16(clamping: Int($0) + 3277) }
        let heard = try RecordedSpeech.utterances(offset, with: recognizer).map(\.recognition.hypothesis.text)
        #expect(plain.count == 2)
        #expect(heard == plain)
    }
}
