import Foundation
import Testing
@testable import Phonetics

/// Parsing the authored lexicon format, and the errors a bad line gives.
@Suite("Phonetics: authored lexicon file")
struct AuthoredLexiconTests {
    @Test func parsesWordsAlternativesCommentsAndBlankLines() throws {
        let text = """
        # comment
        Habakkuk\txsampa\th@"b{k@k

        habakkuk\tipa\tˈhæbəkˌʌk
          # indented comment
        philemon\tarpabet\tF AY0 L IY1 M AH0 N\r
        covenant\tX-SAMPA\t"kVv@n@nt
        """
        let lexicon = try AuthoredLexicon.parse(text, file: "test.tsv")
        #expect(Set(lexicon.keys) == ["habakkuk", "philemon", "covenant"])
        let habakkuk = try #require(lexicon["habakkuk"])
        #expect(habakkuk.map(\.notation) == [.xsampa, .ipa])
        #expect(habakkuk.map(\.transcription) == ["h@\"b{k@k", "ˈhæbəkˌʌk"])
        #expect(habakkuk.map { PhoneticConverter.dictionaryEntry($0.phones) } == ["HH AH B AE K AH K", "HH AE B AH K AH K"])
        #expect(habakkuk.allSatisfy { $0.word == "habakkuk" })
        #expect(lexicon["philemon"]?.first?.phones.map(\.description) == ["F", "AY0", "L", "IY1", "M", "AH0", "N"])
        #expect(lexicon["covenant"]?.first?.notation == .xsampa)
    }

    @Test("a bad line names the file, the line and what is wrong", arguments: [
        ("# c\nhabakkuk h@\"b{k@k\n", 2, "expected word<TAB>notation<TAB>transcription, found 1 tab-separated field"),
        ("habakkuk\txsampa\th@b{k@k\textra\n", 1, "expected word<TAB>notation<TAB>transcription, found 4 tab-separated fields"),
        ("\n\nhabakkuk\tsampa\th@b{k@k\n", 3, "unknown notation `sampa` for \"habakkuk\" (use xsampa, ipa or arpabet)"),
        ("ok\txsampa\t\"oUkeI\nhabakkuk\txsampa\th{bQ\\kVk\n", 2, "pronunciation of \"habakkuk\" (X-SAMPA): unknown symbol `Q\\`"),
        ("habakkuk\tipa\t\n", 1, "pronunciation of \"habakkuk\" is empty"),
        ("song of songs\txsampa\tsON\n", 1, "the word \"song of songs\" must be one word with no spaces"),
        ("\txsampa\tsON\n", 1, "the word \"\" must be one word with no spaces"),
    ])
    func malformed(text: String, line: Int, reason: String) {
        #expect(throws: PronunciationError.malformedLine(file: "Models/x.tsv", line: line, reason: reason)) {
            try AuthoredLexicon.parse(text, file: "Models/x.tsv")
        }
    }

    @Test func malformedLineMessage() {
        let error = PronunciationError.malformedLine(
            file: "Models/pronunciations.tsv", line: 12,
            reason: "pronunciation of \"habakkuk\" (X-SAMPA): unknown symbol `Q\\`")
        #expect(error.description == "Models/pronunciations.tsv:12: pronunciation of \"habakkuk\" (X-SAMPA): unknown symbol `Q\\`")
    }

    @Test func emptyTextIsAnEmptyLexicon() throws {
        #expect(try AuthoredLexicon.parse("", file: "f").isEmpty)
        #expect(try AuthoredLexicon.parse("# only\n\n", file: "f").isEmpty)
    }

    @Test func loadReadsAFileAndNamesItInErrors() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lexicon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = directory.appendingPathComponent("good.tsv")
        try "selah\txsampa\t\"si:l@\n".write(to: good, atomically: true, encoding: .utf8)
        #expect(try AuthoredLexicon.load(good)["selah"]?.count == 1)

        let bad = directory.appendingPathComponent("bad.tsv")
        try "selah\txsampa\t\"si:l@\nsheol\txsampa\t\"Si:oUlQ\\\n".write(to: bad, atomically: true, encoding: .utf8)
        #expect(throws: PronunciationError.malformedLine(
            file: bad.path, line: 2, reason: "pronunciation of \"sheol\" (X-SAMPA): unknown symbol `Q\\`")) {
            try AuthoredLexicon.load(bad)
        }

        let missing = directory.appendingPathComponent("missing.tsv")
        do {
            _ = try AuthoredLexicon.load(missing)
            Issue.record("a missing file loaded")
        } catch {
            guard case let .malformedLine(file, line, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(file == missing.path && line == 0)
        }
    }
}
