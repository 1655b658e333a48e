import Foundation
import Testing
@testable import Normalisation
import Phonetics

/// What the transcript normaliser takes words to sound like: which dictionary's entry
/// wins, and that every word keeps its own phones in the one buffer they share.
@Suite("Normalisation: transcript lexicon")
struct TranscriptLexiconTests {
    private func dictionaryFile(_ text: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lexicon-\(UUID().uuidString).dict")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    private func phones(_ words: String) -> [UInt8] {
        TranscriptLexicon.codes(words.split(separator: " ")) ?? []
    }

    @Test("the authored pronunciation wins, then the earlier dictionary; alternatives and unknown phones are left out")
    func precedence() throws {
        let compiled = try dictionaryFile("amen EY M EH N\nselah S IY L AH\nselah(2) S EH L AH\n")
        let cmudict = try dictionaryFile("amen AA M EH N\nselah S EH L AA\nbread B R EH D\nodd X Y Z\nthe DH AH\n")
        defer { for path in [compiled, cmudict] { try? FileManager.default.removeItem(atPath: path) } }
        let lexicon = try TranscriptLexicon.read([compiled, cmudict], after: [["bread": ["B R IY D"]]], guess: nil)
        #expect(lexicon.phones("amen") == phones("EY M EH N"))
        #expect(lexicon.phones("selah") == phones("S IY L AH"))
        #expect(lexicon.phones("bread") == phones("B R IY D"))
        #expect(lexicon.phones("the") == phones("DH AH"))
        #expect(lexicon.phones("odd") == nil)
        #expect(!lexicon.isKnown("odd"))
        #expect(lexicon.phones("the's") == phones("DH AH Z"))
    }

    @Test("every word of a large dictionary reads back its own phones")
    func manyWords() throws {
        let symbols = ["AA", "B", "CH", "D", "EH", "F", "G", "IY", "K", "L", "M", "N", "OW", "P", "R", "S", "T", "UW", "Z"]
        var text = ""
        var expected: [String: String] = [:]
        for index in 0..<5_000 {
            let count = 1 + index % 12
            let pronunciation = (0..<count).map { symbols[(index * 7 + $0 * 3) % symbols.count] }.joined(separator: " ")
            text += "w\(index) \(pronunciation)\n"
            expected["w\(index)"] = pronunciation
        }
        let file = try dictionaryFile(text)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let lexicon = try TranscriptLexicon.read([file], guess: nil)
        for (word, pronunciation) in expected {
            #expect(lexicon.phones(word) == phones(pronunciation), "\(word)")
        }
    }
}
