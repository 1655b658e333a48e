import Assistant
import Course
import Foundation
import Scripture
import Testing
import Vocabulary
import Normalisation

/// The transcript normaliser as the course assembles it (the checkout's corrections,
/// pronunciations, curriculum terms and Bible.db's names; cmudict and the stock model's
/// everyday words), on what PocketSphinx really printed for Piper's voice and on lines
/// that must come back unchanged.
@Suite struct TranscriptNormaliserTests {
    static let checkout = SpokenSession.checkout
    static let normaliser: Result<Normaliser, any Error> = Result {
        let loader = CurriculumLoader(directory: checkout.appendingPathComponent("curriculum"), displayRoot: "curriculum")
        return try TranscriptNormaliserSetup.load(.init(
            correctionsFile: checkout.appendingPathComponent("Models/corrections.tsv"),
            pronunciationsFile: checkout.appendingPathComponent("Models/pronunciations.tsv"),
            compiledDictionary: nil,
            courseTerms: TranscriptNormaliserSetup.courseTerms(loader),
            bible: checkout.appendingPathComponent("Models/Bible.db")))
    }

    @Test("a reviewed correction, a name said wrong before a chapter, a misspelling, a term heard as other words",
          arguments: [
              ("read have a cook two four", "read Habakkuk two four", ["Habakkuk"], ["Hab 2:4"]),
              ("please turn to pester chapter five", "please turn to Esther chapter five", ["Esther"], ["Esth 5"]),
              ("please turn to have a cup chapter one", "please turn to Habakkuk chapter one", ["Habakkuk"], ["Hab 1"]),
              ("habbakuk 2:4", "Habakkuk 2:4", ["Habakkuk"], ["Hab 2:4"]),
              ("1 Thesalonians 5:17", "1 Thessalonians 5:17", ["1 Thessalonians"], ["1Thess 5:17"]),
              ("the teacher spoke about ram us east for an hour", "the teacher spoke about Rameses for an hour", ["Rameses"], []),
              ("the covenent with Noah", "the covenant with Noah", ["covenant", "Noah"], []),
              ("the rain bow", "the rainbow", ["rainbow"], []),
              ("the covenent is broken", "the covenant is broken", ["covenant"], []),
              ("no ah\u{2019}s ark", "Noah\u{2019}s ark", ["Noah"], []),
          ])
    func corrects(input: String, expected: String, terms: [String], references: [String]) throws {
        let result = try Self.normaliser.get().normalise(input)
        #expect(result.normalisedText == expected)
        #expect(result.extractedTerms == terms)
        #expect(result.references.map(\.compact) == references)
    }

    @Test("everyday words stay, and an everyday word names a book only before a chapter and verse or after \"book of\"",
          arguments: [
        ("he said it was like a sapling", [String](), [String]()),
        ("the book of job is in the bible", ["Job"], []),
        ("the book of numbers counts the people", ["Numbers"], []),
        ("he wrote it down in the book of life", [], []),
        ("I got a job two years ago", [], []),
        ("I lost the job two years ago", [], []),
        ("enter two nine eight one", [], []),
        ("read job chapter two", ["Job"], ["Job 2"]),
        ("the ninth to Jeshua, the tenth to Shecaniah,", [], []),
        ("the edge runs three miles north", [], []),
        // The course's own sentences: a number after a word makes it no book but a count,
        // a comma ends the place of a book, a name's word as written keeps its neighbours.
        ("Taken together, the promises contain three elements, land, descendants, and blessing", ["blessing"], []),
        ("In the second panel, verses twenty six through twenty eight", [], []),
        // BSB verses: a count is no chapter and verse, and no name is split by a comma
        // ("righteous, but" is not righteousness).
        ("The whole assembly numbered 42,360", [], []),
        ("and his division numbers 74,600.", [], []),
        ("From the tribe of Judah 12,000 were sealed", [], []),
        ("But the woman was given two wings of a great eagle", [], []),
        ("With you I shatter the shepherd and his flock", ["shepherd"], []),
        ("David had made his son Solomon king", ["David"], []),
        ("He drew me out of deep waters", [], []),
        ("law is not enacted for the righteous, but for the lawless", [], []),
        ("I am freeing you today from the chains on your wrists. Go to Babylon, then, if you wish", [], []),
        ("These commandments stand at the center", [], []),
        ("The later commandments protect family", [], []),
    ])
    func keeps(input: String, terms: [String], references: [String]) throws {
        let result = try Self.normaliser.get().normalise(input)
        #expect(result.normalisedText == input)
        #expect(result.extractedTerms == terms)
        #expect(result.references.map(\.compact) == references)
    }

    @Test("the curriculum check reads scripts and answers through the normaliser: the bundled course passes, a misspelt name is named")
    func curriculumCheck() throws {
        let normaliser = try Self.normaliser.get()
        let bundled = Self.checkout.appendingPathComponent("curriculum")
        let check = { (directory: URL) in
            CurriculumCheck(loader: CurriculumLoader(directory: directory, displayRoot: "curriculum"),
                            normalise: { normaliser.normalise($0).normalisedText }).run().problems.map(\.description)
        }
        #expect(check(bundled) == [])

        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("curriculum-\(UUID())")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: bundled, to: copy)
        let lesson = copy.appendingPathComponent("courses/biblical-foundations-01/lessons/bf01_lesson_02.json")
        let text = try String(contentsOf: lesson, encoding: .utf8)
        try text.replacingOccurrences(of: "leave three circles", with: "leave Habbakuk's three circles")
            .write(to: lesson, atomically: true, encoding: .utf8)
        #expect(check(copy) == [
            "lesson file curriculum/courses/biblical-foundations-01/lessons/bf01_lesson_02.json: field `audio_script` in segment 4: "
                + "the transcript normaliser would read \"Habbakuk's\" as \"Habakkuk's\" (a name or term it cannot say as written: "
                + "spell it as the vocabulary does, or add it to the course's `terms`)",
        ])
    }

    @Test func theTestSetsAlreadyRightLinesComeBackUnchanged() throws {
        let normaliser = try Self.normaliser.get()
        let text = try String(contentsOf: Self.checkout.appendingPathComponent("Tests/AssistantTests/normalisation-cases.tsv"), encoding: .utf8)
        var checked = 0
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, fields[0] == fields[1] else { continue }
            #expect(normaliser.normalise(fields[0]).normalisedText == fields[0])
            checked += 1
        }
        #expect(checked > 800)
    }

    @Test func withNoVocabularyTheInputComesBackUnchanged() {
        let empty = Normaliser(terms: [], corrections: [], lexicon: TranscriptLexicon(dictionaries: []), everyday: [])
        let result = empty.normalise("read have a cook two four")
        #expect(result.normalisedText == "read have a cook two four")
        #expect(result.extractedTerms.isEmpty)
    }

    @Test func aBadCorrectionsLineIsNamed() {
        #expect(throws: NormalisationError.badCorrection(path: "corrections.tsv", line: 3, reason: "expected two fields separated by a TAB (heard, canonical), found 1")) {
            try TranscriptCorrection.parse("# pairs\nhave a cook\tHabakkuk\nyou ronnie Deuteronomy\n", file: "corrections.tsv")
        }
        #expect(throws: NormalisationError.badCorrection(path: "corrections.tsv", line: 2, reason: "\"Have a cook\" is already corrected on line 1")) {
            try TranscriptCorrection.parse("have a cook\tHabakkuk\nHave a cook\tHaggai\n", file: "corrections.tsv")
        }
    }

    @Test func correctionsWithWindowsLineEndingsAreRead() throws {
        let corrections = try TranscriptCorrection.parse("# pairs\r\nyou ronnie\tDeuteronomy\r\ncourse eons\tColossians\r\n", file: "c.tsv")
        #expect(corrections.map(\.canonical) == ["Deuteronomy", "Colossians"])
    }

    @Test func theShippedCorrectionsAreWellFormedAndNameTheVocabulary() throws {
        let corrections = try TranscriptCorrection.load(Self.checkout.appendingPathComponent("Models/corrections.tsv").path)
        let loader = CurriculumLoader(directory: Self.checkout.appendingPathComponent("curriculum"), displayRoot: "curriculum")
        let canonical = Set(CanonicalTerm.vocabulary(terms: TranscriptNormaliserSetup.courseTerms(loader) + BibleVocabulary.terms).map(\.canonical))
        #expect(corrections.count > 50)
        for correction in corrections {
            #expect(canonical.contains(correction.canonical), "\(correction.canonical)")
        }
    }
}
