import Support
import Testing
@testable import Voice

@Suite("SentenceSplitter")
struct SentenceSplitterTests {
    @Test func splitsAtSentenceEnds() {
        #expect(SentenceSplitter.sentences(in: "One. Two! Three? Four") == ["One.", "Two!", "Three?", "Four"])
    }

    @Test func keepsClosingQuotesWithTheirSentence() {
        #expect(SentenceSplitter.sentences(in: "He said, \"Write the vision.\" Then he went.")
            == ["He said, \"Write the vision.\"", "Then he went."])
        #expect(SentenceSplitter.sentences(in: "(See it.) Go.") == ["(See it.)", "Go."])
    }

    @Test func referencesAbbreviationsAndInitialsDoNotEndSentences() {
        #expect(SentenceSplitter.sentences(in: "Read Habakkuk 2:4. It is short.") == ["Read Habakkuk 2:4.", "It is short."])
        #expect(SentenceSplitter.sentences(in: "Dr. Smith met Mr. Jones at St. Paul's. J. R. wrote it.")
            == ["Dr. Smith met Mr. Jones at St. Paul's.", "J. R. wrote it."])
        #expect(SentenceSplitter.sentences(in: "It costs 3.5 shekels. Pay.") == ["It costs 3.5 shekels.", "Pay."])
    }

    @Test func blankLinesEndParagraphs() {
        #expect(SentenceSplitter.sentences(in: "A heading\n\nThe text\ngoes on.") == ["A heading", "The text\ngoes on."])
    }

    @Test func longSentencesAreCutAtTheStrongestPause() {
        let long = String(repeating: "word ", count: 30) + "and then; " + String(repeating: "more, ", count: 30) + "end."
        let pieces = SentenceSplitter.sentences(in: long, maximumLength: 200)
        #expect(pieces.count >= 2)
        #expect(pieces.allSatisfy { $0.count <= 200 })
        #expect(pieces.first?.hasSuffix("and then;") == true)
        #expect(pieces.joined(separator: " ") == long.split(separator: " ").joined(separator: " "))
    }

    @Test func aLongRunWithoutSpacesIsStillCut() {
        let pieces = SentenceSplitter.sentences(in: String(repeating: "x", count: 500), maximumLength: 200)
        #expect(pieces.map(\.count) == [200, 200, 100])
    }

    @Test func nothingGivesNothing() {
        #expect(SentenceSplitter.sentences(in: "").isEmpty)
        #expect(SentenceSplitter.sentences(in: " \n\n ").isEmpty)
        #expect(SentenceSplitter.sentences(in: "...") == ["..."])
    }
}
