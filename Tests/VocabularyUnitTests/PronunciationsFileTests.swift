import Support
import Foundation
import Scripture
import Testing
import Phonetics
@testable import Vocabulary

/// The authored lexicon shipped in `Models/pronunciations.tsv`: it parses, every phone is
/// one the acoustic model has, and where cmudict knows a word the authored form is close
/// to one of cmudict's (a guard against typos such as a wrong vowel letter).
@Suite("Phonetics: Models/pronunciations.tsv")
struct PronunciationsFileTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let file = repository.appendingPathComponent("Models/pronunciations.tsv")
    static let cmudictPath = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"

    static func lexicon() throws -> [String: [AuthoredPronunciation]] {
        try AuthoredLexicon.load(file)
    }

    @Test func everyEntryConvertsToModelPhones() throws {
        let lexicon = try Self.lexicon()
        #expect(lexicon.count >= 80)
        for (word, pronunciations) in lexicon {
            #expect(word == word.lowercased())
            for pronunciation in pronunciations {
                #expect(!pronunciation.phones.isEmpty)
                for phone in pronunciation.phones {
                    #expect(PhoneticConverter.arpabetPhones.contains(phone.symbol), "\(word): \(phone)")
                }
                #expect(pronunciation.phones.contains { $0.stress == 1 }, "\(word) \(pronunciation.transcription): no primary stress")
                #expect(pronunciation.phones.filter { $0.stress == 1 }.count == 1,
                        "\(word) \(pronunciation.transcription): more than one primary stress")
            }
            let entries = pronunciations.map { PhoneticConverter.dictionaryEntry($0.phones) }
            #expect(Set(entries).count == entries.count, "\(word): two alternatives give the same phones")
        }
    }

    @Test("the difficult names have authored pronunciations, with alternatives where people differ")
    func difficultNames() throws {
        let lexicon = try Self.lexicon()
        let required = [
            "habakkuk", "zephaniah", "ecclesiastes", "haggai", "obadiah", "nahum", "philemon",
            "thessalonians", "deuteronomy", "leviticus", "lamentations", "colossians", "philippians",
            "ephesians", "galatians", "corinthians", "zechariah", "malachi", "micah", "hosea",
            "nehemiah", "chronicles", "nebuchadnezzar", "melchizedek", "abram", "abraham", "isaac",
            "jacob", "moses", "sinai", "canaan", "israel", "pharaoh", "messiah", "propitiation",
            "justification", "sanctification", "atonement", "covenant", "righteousness",
            "beatitudes", "pentateuch", "septuagint", "torah", "yahweh",
        ]
        for word in required {
            #expect(lexicon[word]?.isEmpty == false, "\(word) has no authored pronunciation")
        }
        let philemon = Set((lexicon["philemon"] ?? []).map { PhoneticConverter.dictionaryEntry($0.phones) })
        #expect(philemon.isSuperset(of: ["F AY L IY M AH N", "F IH L IY M AH N"]))
        #expect(lexicon["habakkuk"]?.first.map { PhoneticConverter.dictionaryEntry($0.phones) } == "HH AE B AH K AH K")
        #expect((lexicon["habakkuk"] ?? []).contains { PhoneticConverter.dictionaryEntry($0.phones) == "HH AH B AE K AH K" })
        #expect(lexicon["propitiation"]?.first.map { PhoneticConverter.dictionaryEntry($0.phones) } == "P R OW P IH SH IY EY SH AH N")
    }

    @Test("where cmudict has the word, an authored form is within a small edit distance",
          .enabled(if: FileManager.default.fileExists(atPath: cmudictPath)))
    func closeToCmudict() throws {
        let lexicon = try Self.lexicon()
        let cmudict = try Self.cmudict(words: Set(lexicon.keys))
        var compared = 0
        // Roman numerals before a book are read as ordinals on purpose; "i" is the pronoun
        // first, so it is compared.
        let readAsOrdinals: Set<String> = ["ii", "iii"]
        for (word, pronunciations) in lexicon.sorted(by: { $0.key < $1.key }) {
            guard let known = cmudict[word], !readAsOrdinals.contains(word) else { continue }
            compared += 1
            let authored = pronunciations.map { $0.phones.map(\.symbol) }
            let best = authored.flatMap { mine in known.map { EditDistance.levenshtein(mine, $0, limit: .max - 1) } }.min() ?? .max
            // Names cmudict gets wrong (melchizedek, agape) differ by three at most.
            #expect(best <= 3, "\(word): authored \(authored) vs cmudict \(known), distance \(best)")
        }
        #expect(compared >= 50)
        // The common words must agree closely.
        for word in ["genesis", "exodus", "leviticus", "covenant", "justification", "sanctification", "atonement"] {
            let mine = try #require(lexicon[word]).map { $0.phones.map(\.symbol) }
            let theirs = try #require(cmudict[word])
            #expect(mine.contains { m in theirs.contains { EditDistance.levenshtein(m, $0, limit: 1) <= 1 } }, "\(word)")
        }
    }

    /// cmudict entries for `words`: `word PH ON ES`, alternatives as `word(2)`.
    static func cmudict(words: Set<String>) throws -> [String: [[String]]] {
        let text = try String(contentsOfFile: cmudictPath, encoding: .utf8)
        var result: [String: [[String]]] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard let head = fields.first else { continue }
            let word = head.split(separator: "(").first.map(String.init) ?? String(head)
            guard words.contains(word) else { continue }
            result[word, default: []].append(fields.dropFirst().map { String($0.filter(\.isLetter)) })
        }
        return result
    }
}
