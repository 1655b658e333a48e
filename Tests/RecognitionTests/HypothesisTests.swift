import Recognition
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
    }
}
