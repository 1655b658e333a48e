import Decoding
import Foundation
import Hearing
import Testing

@Suite("Hypothesis")
struct HypothesisTests {
    /// A grammar search puts `(NULL)` transitions between words; they are not words.
    @Test("null transitions, silence and noise are not words")
    func fillers() {
        let segments: [Hypothesis.Segment] = [
            .init(word: "<sil>", startFrame: 0, endFrame: 30, acousticScore: 0, languageScore: 0),
            .init(word: "read", startFrame: 31, endFrame: 50, acousticScore: 0, languageScore: 0),
            .init(word: "(NULL)", startFrame: 51, endFrame: 51, acousticScore: 0, languageScore: 0),
            .init(word: "john(2)", startFrame: 52, endFrame: 80, acousticScore: 0, languageScore: 0),
            .init(word: "[NOISE]", startFrame: 81, endFrame: 90, acousticScore: 0, languageScore: 0),
            .init(word: "(NULL)", startFrame: 91, endFrame: 91, acousticScore: 0, languageScore: 0),
        ]
        let hypothesis = Hypothesis(text: "read john", score: 0, segments: segments, frames: 92)
        #expect(hypothesis.words == ["read", "john"])
        #expect(hypothesis.longestFillerFrames == 31)
        // Between two words only: the leading silence is no pause.
        #expect(hypothesis.longestInnerPauseFrames == 1)
    }
}

@Suite("Confidence")
struct ConfidenceTests {
    @Test("the words' score per frame counts words only, and confidence rises with it")
    func wordScoreAndConfidence() {
        let hypothesis = Hypothesis(text: "read john", score: 0, segments: [
            .init(word: "<sil>", startFrame: 0, endFrame: 49, acousticScore: -50, languageScore: 0),
            .init(word: "read", startFrame: 50, endFrame: 69, acousticScore: -400, languageScore: 0),
            .init(word: "john", startFrame: 70, endFrame: 89, acousticScore: -800, languageScore: 0),
        ], frames: 90)
        #expect(hypothesis.wordScorePerFrame == -30)
        #expect(Hypothesis(text: "", score: 0, segments: [], frames: 0).wordScorePerFrame == nil)
        let curve = HearingTuning.shipped.wordScoreConfidence
        #expect(abs(curve.confidence(wordScore: -35) - 0.5) < 1e-9)
        #expect(curve.confidence(wordScore: -10) > 0.99)
        #expect(curve.confidence(wordScore: -60) < 0.01)
        #expect(curve.confidence(wordScore: -20) > curve.confidence(wordScore: -25))
    }

    @Test("an adaptation that is neither a transform file nor a whole model folder is refused, naming what is missing")
    func adaptationPaths() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("adaptation-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect { try SpeakerAdaptation(path: folder.path + "/nothing") } throws: { "\($0)".contains("nothing") }
        #expect { try SpeakerAdaptation(path: folder.path) } throws: { "\($0)".contains("mdef") }
        let transform = folder.appendingPathComponent("mllr_matrix")
        try Data("1\n".utf8).write(to: transform)
        #expect(try SpeakerAdaptation(path: transform.path) == .transform(file: transform.path))
    }
}
