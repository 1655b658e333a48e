import Audio
import Foundation
import Testing
import Vocabulary
import Phonetics
@testable import Voice

/// Synthesis through libespeak-ng, in process.
@Suite("SpeechSynthesizer: espeak-ng samples")
struct SpeechSynthesizerTests {
    static let sentence = "For the vision awaits an appointed time; it testifies about the end and does not lie."

    @Test func aSentenceTakesAPlausibleTimeAtTwentyTwoKilohertz() throws {
        let synthesizer = try SpeechSynthesizer()
        #expect(synthesizer.sampleRate == 22_050)
        let samples = try synthesizer.samples(for: Self.sentence)
        // 16 words at 158 words a minute is about 6 s; allow for pauses and voice.
        let seconds = SpeechFixture.seconds(samples, rate: synthesizer.sampleRate)
        #expect(seconds > 3 && seconds < 10, "\(seconds) s")
        #expect(samples.contains { abs(Int($0)) > 1_000 }, "not silence")
    }

    @Test func ninetyPercentRateIsSlowerThanNormal() throws {
        let slow = try SpeechSynthesizer(configuration: SpeechConfiguration(rateFactor: 0.9)).samples(for: Self.sentence)
        let normal = try SpeechSynthesizer(configuration: SpeechConfiguration(rateFactor: 1.0)).samples(for: Self.sentence)
        let ratio = Double(slow.count) / Double(normal.count)
        #expect(ratio > 1.04 && ratio < 1.25, "0.9x over 1.0x length: \(ratio)")
        #expect(SpeechConfiguration().wordsPerMinute == 158)
    }

    @Test func theSameInputGivesTheSameLength() throws {
        // espeak-ng's noise and pitch jitter are random, so only the length is comparable.
        let synthesizer = try SpeechSynthesizer()
        let first = try synthesizer.samples(for: "Begin the lesson.").count
        let second = try synthesizer.samples(for: "Begin the lesson.").count
        #expect(SpeechFixture.sameLength(first, second), "\(first) and \(second)")
    }

    @Test("language codes and variants resolve to voices", arguments: [
        ("en-us", "en-us"), ("en-gb", "gmw/en"), ("en-gb+f3", "gmw/en+f3"), ("en+m3", "en+m3"), ("EN-GB", "gmw/en"),
    ])
    func voiceNames(configured: String, resolved: String) throws {
        #expect(try SpeechSynthesizer(configuration: SpeechConfiguration(voice: configured)).espeakVoice == resolved)
    }

    @Test func nothingToSayIsNoSamplesOrVeryFew() throws {
        let samples = try SpeechSynthesizer().samples(for: "")
        #expect(samples.count < 22_050 / 2)
    }

    @Test func otherVoicesAndPitchesWork() throws {
        let plain = try SpeechSynthesizer().samples(for: "Read the passage.")
        let other = try SpeechSynthesizer(configuration: SpeechConfiguration(voice: "en-gb+f3", pitch: 70)).samples(for: "Read the passage.")
        #expect(!other.isEmpty)
        #expect(other != plain)
    }

    @Test func anUnknownVoiceIsATypedErrorNamingIt() {
        #expect(throws: SpeechError.unknownVoice(name: "xx-nowhere")) {
            try SpeechSynthesizer(configuration: SpeechConfiguration(voice: "xx-nowhere"))
        }
        #expect(SpeechError.unknownVoice(name: "xx-nowhere").description.contains("xx-nowhere"))
    }

    @Test("settings out of range are refused, naming the setting", arguments: [
        (SpeechConfiguration(rateFactor: 0.2), "rate 0.2"),
        (SpeechConfiguration(rateFactor: .nan), "rate nan"),
        (SpeechConfiguration(pitch: 101), "pitch 101"),
        (SpeechConfiguration(voice: ""), "voice \"\""),
        (SpeechConfiguration(voice: "en us"), "voice \"en us\""),
    ])
    func invalid(configuration: SpeechConfiguration, named: String) {
        #expect {
            try SpeechSynthesizer(configuration: configuration)
        } throws: { error in
            guard case .invalidConfiguration(let reason) = error as? SpeechError else { return false }
            return reason.contains(named)
        }
    }

    @Test func synthesisLeavesTheSharedEngineAsItFoundIt() throws {
        // The grapheme-to-phoneme fallback shares the engine and expects en-us.
        let before = EspeakPhonemizer.ipa("tomato")
        _ = try SpeechSynthesizer(configuration: SpeechConfiguration(voice: "en-gb", rateFactor: 1.5, pitch: 80)).samples(for: "tomato")
        #expect(EspeakPhonemizer.ipa("tomato") == before)
        // And a default synthesiser sounds as it did before the other one ran.
        let plain = try SpeechSynthesizer().samples(for: "tomato").count
        _ = try SpeechSynthesizer(configuration: SpeechConfiguration(voice: "en-gb", rateFactor: 2)).samples(for: "tomato")
        let after = try SpeechSynthesizer().samples(for: "tomato").count
        #expect(SpeechFixture.sameLength(after, plain), "\(after) after, \(plain) before")
    }

    @Test func threadsTakeTurns() async throws {
        let synthesizer = try SpeechSynthesizer()
        let expected = try synthesizer.samples(for: "Explain the context.").count
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<6 {
                group.addTask {
                    if index % 2 == 0 { return EspeakPhonemizer.ipa("habakkuk") != nil }
                    return SpeechFixture.sameLength((try? synthesizer.samples(for: "Explain the context."))?.count ?? 0, expected)
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 })
    }
}
