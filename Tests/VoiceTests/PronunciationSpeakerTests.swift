import Foundation
import Testing
import Voice
import Phonetics

/// The speaker of `bible-course pronounce`, sharing libespeak-ng with the G2P fallback.
@Suite("Pronunciation speaker")
struct PronunciationSpeakerTests {
    static let habakkuk = [
        Phone(symbol: "HH", stress: nil), Phone(symbol: "AE", stress: 1), Phone(symbol: "B", stress: nil),
        Phone(symbol: "AH", stress: 0), Phone(symbol: "K", stress: nil), Phone(symbol: "AH", stress: 2),
        Phone(symbol: "K", stress: nil),
    ]

    @Test("an authored word is given to espeak-ng as phonemes, any other word as text")
    func input() {
        #expect(PronunciationSpeaker.input(word: "habakkuk", authored: Self.habakkuk) == "[[h'ab@k,Vk]]")
        #expect(PronunciationSpeaker.input(word: "chapter", authored: nil) == "chapter")
        #expect(PronunciationSpeaker.input(word: "chapter", authored: []) == "chapter")
    }

    @Test("phoneme input is synthesised at 22050 Hz, about as long as the word")
    func samples() throws {
        let (samples, rate) = try PronunciationSpeaker.samples(PronunciationSpeaker.input(word: "habakkuk", authored: Self.habakkuk))
        #expect(rate == 22_050)
        let seconds = Double(samples.count) / Double(rate)
        #expect(seconds > 0.3 && seconds < 2, "\(seconds) s")
        #expect(samples.contains { abs(Int($0)) > 1000 })
    }

    @Test("playing either works or fails as playback, and the engine still synthesises and transcribes afterwards")
    func playThenSynthesise() throws {
        let before = try PronunciationSpeaker.samples("genesis").samples.count
        do {
            try PronunciationSpeaker.play("[[h'ab@k,Vk]]")
        } catch {
            guard case .playback = error else {
                Issue.record("unexpected failure \(error)")
                return
            }
        }
        // Nothing of the played word is left over in the next synthesis.
        let after = try PronunciationSpeaker.samples("genesis").samples.count
        #expect(abs(after - before) < before / 10, "\(before) samples before playing, \(after) after")
        #expect(EspeakPhonemizer.ipa("habakkuk") != nil)
    }

    @Test("the speaker and the phonemizer may be used from many threads at once")
    func concurrentUse() async throws {
        let expected = try PronunciationSpeaker.samples("chapter").samples.count
        let ipa = EspeakPhonemizer.ipa("zerubbabel")
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<16 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        // espeak-ng's output varies a little from call to call (its state
                        // carries over), so compare lengths, not samples.
                        let count = try PronunciationSpeaker.samples("chapter").samples.count
                        return abs(count - expected) < expected / 10
                    }
                    return EspeakPhonemizer.ipa("zerubbabel") == ipa
                }
            }
            for try await same in group { #expect(same) }
        }
    }
}
