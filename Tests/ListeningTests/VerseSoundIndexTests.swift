import Foundation
@testable import Listening
import Scripture
import Testing
import Vocabulary
import Phonetics

/// Verses found by the sound of the words heard (``VerseSoundIndex``), over the whole
/// Berean Standard Bible with cmudict's pronunciations (the recogniser's dictionary has
/// the Bible's names as well): words a noisy room garbled still sound like the verse.
@Suite("Verses by their sound")
struct VerseSoundIndexTests {
    static let quotations: QuotationIndex? = (try? TestData.openStore().allVerses()).map { QuotationIndex(verses: $0, thresholds: ListenTuning.shipped.quotation) }
    static let index: VerseSoundIndex? = quotations.flatMap { quotations in
        (try? String(contentsOfFile: CMUDictionary.defaultPath, encoding: .utf8))
            .map { VerseSoundIndex(quotations: quotations, pronunciations: PronunciationDictionary.entries($0)) }
    }

    @Test("garbled words of a verse read in noise sound like it, where its rare words are too few to find it", arguments: [
        // What `listen` heard for Piper reading them at 10 dB of real room noise.
        ("what river urgent out or wife that hooves of and each of you could forget have offered to", "Isa 49:15"),
        ("then job that crowd coming out after a flame the flute for can warn you eat the coming wrath", "Luke 3:7"),
    ])
    func garbledVerse(_ heard: String, _ verse: String) throws {
        let quotations = try #require(Self.quotations, "\(TestData.setupHint)")
        let index = try #require(Self.index, "no cmudict in pocketsphinx-en-us: \(TestData.setupHint)")
        #expect(!quotations.candidates(in: heard).map(\.reference.compact).contains(verse))
        let found = index.candidates(in: heard, limit: 30)
        #expect(found.count == 30)
        #expect(found.map(\.reference.compact).contains(verse), "\(found.map(\.reference.compact))")
        let own = try #require(found.first { $0.reference.compact == verse })
        #expect(own.words.prefix(3) == (verse == "Isa 49:15" ? ["can", "a", "woman"] : ["then", "john", "said"]))
    }

    @Test("words without a pronunciation find nothing")
    func nothingToSound() throws {
        let index = try #require(Self.index, "\(TestData.setupHint)")
        #expect(index.candidates(in: "zzqx qqxz", limit: 30).isEmpty)
        #expect(index.candidates(in: "", limit: 30).isEmpty)
    }

    @Test("a dictionary whose phones are not a phone set (a malformed file) gives an index that finds nothing")
    func malformedDictionary() throws {
        let quotations = try #require(Self.quotations, "\(TestData.setupHint)")
        // Each word spelt with phones of its own: thousands of symbols.
        var pronunciations: [String: [String]] = [:]
        for (number, word) in ["for", "god", "so", "loved", "the", "world"].enumerated() {
            pronunciations[word] = [(0..<40).map { "P\(number)x\($0)" }.joined(separator: " ")]
        }
        let index = VerseSoundIndex(quotations: quotations, pronunciations: pronunciations)
        #expect(index.candidates(in: "for god so loved the world", limit: 30).isEmpty)
    }
}
