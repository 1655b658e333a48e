import Foundation
import Testing
@testable import Vocabulary

/// The Bible's model mixed with everyday English: ARPA text is read and written back
/// unchanged, a malformed file is refused with its line, and the mixture is a proper
/// distribution after every history whose explicit n-grams are the two models' weighted.
@Suite("Language model mixture")
struct LanguageModelMixTests {
    /// A small Bible-like trigram model.
    static let bible = """
        \\data\\
        ngram 1=6
        ngram 2=5
        ngram 3=2

        \\1-grams:
        -99\t<s>\t-0.30103
        -0.69897\t</s>\t0
        -0.69897\tthe\t-0.30103
        -0.69897\tlord\t-0.30103
        -0.69897\tsaid\t-0.30103
        -0.69897\tmoses\t0

        \\2-grams:
        -0.30103\t<s> the\t-0.30103
        -0.30103\tthe lord\t-0.30103
        -0.30103\tlord said\t0
        -0.30103\tsaid the\t0
        -0.30103\tsaid moses\t0

        \\3-grams:
        -0.1\t<s> the lord
        -0.2\tthe lord said

        \\end\\

        """
    /// A small everyday bigram model sharing "the" and "said".
    static let everyday = """
        \\data\\
        ngram 1=6
        ngram 2=3

        \\1-grams:
        -99\t<s>\t-0.5
        -0.60206\t</s>\t0
        -0.60206\tthe\t-0.2
        -0.60206\tweather\t0
        -0.60206\tsaid\t0
        -0.60206\tnice\t0

        \\2-grams:
        -0.2\t<s> the
        -0.1\tthe weather
        -0.5\tweather </s>

        \\end\\

        """

    static func read(_ text: String) throws -> BackoffLanguageModel {
        try BackoffLanguageModel.read(arpa: text, path: "test.arpa")
    }

    /// P(word | history) by backing off, 0 for a word the model lacks.
    static func probability(_ model: BackoffLanguageModel, _ word: String, after history: [String]) -> Double {
        guard let number = model.existingNumber(word) else { return 0 }
        return model.log10Probability(number, after: history.map { model.existingNumber($0)! }).map { pow(10, $0) } ?? 0
    }

    @Test("ARPA text is read with its backoffs and written back the same")
    func roundTrip() throws {
        let model = try Self.read(Self.bible)
        #expect(model.counts == [6, 5, 2])
        #expect(abs(Self.probability(model, "lord", after: ["<s>", "the"]) - pow(10, -0.1)) < 1e-9)
        // "said moses" after "lord said" is no trigram: the bigram, times the backoff of "lord said" (0).
        #expect(abs(Self.probability(model, "moses", after: ["lord", "said"]) - pow(10, -0.30103)) < 1e-9)
        // "moses" after "the": no bigram, so the backoff of "the" times the unigram.
        #expect(abs(Self.probability(model, "moses", after: ["the"]) - pow(10, -0.30103 - 0.69897)) < 1e-9)
        let again = try Self.read(model.arpa())
        #expect(again.counts == model.counts)
        for (history, word) in [([], "the"), (["the"], "lord"), (["<s>", "the"], "lord"), (["said"], "moses")] {
            #expect(abs(Self.probability(again, word, after: history) - Self.probability(model, word, after: history)) < 1e-6)
        }
    }

    @Test("a malformed file is refused, naming the line")
    func malformed() {
        #expect(throws: VocabularyError.self) { try Self.read("\\data\\\n\\1-grams:\n-1.0\n") }
        do {
            _ = try Self.read(Self.bible.replacingOccurrences(of: "-0.30103\tlord said", with: "x\tlord said"))
            Issue.record("a probability that is no number was read")
        } catch {
            #expect("\(error)".contains("line 17"), "\(error)")
        }
        #expect(throws: VocabularyError.self) { try Self.read("no model here\n") }
        #expect(throws: VocabularyError.self) { try Self.read("\\data\\\n\\4-grams:\n-1 a b c d\n") }
    }

    @Test("the mixture weighs both models' n-grams and sums to one after every history")
    func mixture() throws {
        let bible = try Self.read(Self.bible), everyday = try Self.read(Self.everyday)
        let weight = 0.7
        let mixed = LanguageModelMix.mix(bible, everyday, weight: weight)
        #expect(Set(mixed.words) == Set(bible.words + everyday.words))
        // Explicit n-grams of either model: the weighted sum of both models' probabilities.
        for (history, word) in [(["the"], "lord"), (["the"], "weather"), (["<s>", "the"], "lord"), (["said"], "moses")] {
            let expected = weight * Self.probability(bible, word, after: history)
                + (1 - weight) * Self.probability(everyday, word, after: history)
            #expect(abs(Self.probability(mixed, word, after: history) - expected) < 1e-5, "\(history) \(word)")
        }
        // Every history, explicit or backed off to, is a distribution over the words.
        let words = mixed.words.filter { $0 != "<s>" }
        let histories: [[String]] = [[]] + mixed.words.filter { $0 != "</s>" }.map { [$0] }
            + [["<s>", "the"], ["the", "lord"], ["lord", "said"], ["nice", "weather"]]
        for history in histories {
            let total = words.reduce(0) { $0 + Self.probability(mixed, $1, after: history) }
            #expect(abs(total - 1) < 1e-4, "after \(history): \(total)")
        }
    }

    @Test("everyday English is cut from the stock model: its common words and word pairs, a proper distribution")
    func everydayEnglish() throws {
        let model = try EverydayEnglishModel.read(vocabularySize: 2_000, pairedWords: 300) { $0.allSatisfy(\.isLetter) }
        #expect(model.words.count == 2_002)  // and <s>, </s>
        #expect(model.existingNumber("zebulun") == nil)
        // "of the" is a pair the stock model holds itself: about four times likelier than
        // "the" alone (0.20 against 0.048).
        let ofThe = Self.probability(model, "the", after: ["of"])
        #expect(ofThe > 3 * Self.probability(model, "the", after: []), "\(ofThe)")
        let words = model.words.filter { $0 != "<s>" }
        for history in [[], ["of"], ["<s>"], ["the"]] {
            let total = words.reduce(0) { $0 + Self.probability(model, $1, after: history) }
            #expect(abs(total - 1) < 1e-3, "after \(history): \(total)")
        }
    }
}
