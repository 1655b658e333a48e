import Foundation
import Vocabulary
import Phonetics
@testable import Voice

/// Shared inputs: the checkout's authored lexicon and synthesisers over it.
enum SpeechFixture {
    static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Models/pronunciations.tsv`, first alternatives.
    static func authored() throws -> SpokenPronunciations {
        SpokenPronunciations(lexicon: try AuthoredLexicon.load(checkout.appendingPathComponent("Models/pronunciations.tsv")))
    }

    /// Habakkuk as HH AE1 B AH0 K AH2 K, without reading the file.
    static func habakkuk() throws -> SpokenPronunciations {
        SpokenPronunciations(phones: ["Habakkuk": try PhoneticConverter.phones("HH AE1 B AH0 K AH2 K", notation: .arpabet, word: "habakkuk")])
    }

    /// Whether two synthesis lengths are the same up to espeak-ng's jitter: its pitch
    /// periods vary at random, so the same text differs by a few milliseconds.
    static func sameLength(_ a: Int, _ b: Int) -> Bool {
        abs(a - b) <= max(a, b) / 50
    }

    /// Seconds of `samples` at espeak-ng's rate.
    static func seconds(_ samples: [Int16], rate: Int) -> Double { Double(samples.count) / Double(rate) }
}
