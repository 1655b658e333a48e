import Scripture
import Testing
@testable import Vocabulary

@Suite("Domain corpus: what the Bible-domain language model learns from")
struct DomainCorpusTests {
    @Test("words as the recogniser spells them: lower case, inner apostrophes kept, numbers said")
    func words() {
        #expect(DomainCorpus.words("“In the beginning, God’s Word—12 tribes!”") ==
                ["in", "the", "beginning", "god's", "word", "twelve", "tribes"])
        #expect(DomainCorpus.words("the sons' wives") == ["the", "sons", "wives"])
        #expect(DomainCorpus.words("12,000 from each tribe, 144,000 in all; 3 or 4") ==
                ["twelve", "thousand", "from", "each", "tribe", "one", "hundred", "forty", "four", "thousand",
                 "in", "all", "three", "or", "four"])
    }

    @Test("a verse named is followed by its opening words; verses are cut into sentences")
    func sentences() throws {
        let habakkuk = try #require(BookCatalog.book(named: "Habakkuk"))
        let verses: [(book: Book, verse: Verse)] = [
            (habakkuk, Verse(chapter: 2, verse: 4, text: "Behold, the proud one is not upright. But the righteous will live by faith.")),
            (habakkuk, Verse(chapter: 3, verse: 0, text: "A prayer of Habakkuk.")),
        ]
        let sentences = DomainCorpus.sentences(verses: verses, lessonScripts: ["The covenant is kept."], terms: ["Melchizedek"])
        #expect(sentences.contains("behold the proud one is not upright"))
        #expect(sentences.contains("but the righteous will live by faith"))
        #expect(sentences.contains("the covenant is kept"))
        #expect(sentences.contains("melchizedek"))
        #expect(sentences.contains("habakkuk chapter two verse four behold the proud one is not upright"))
        #expect(sentences.contains("habakkuk chapter three"))
        // A superscription is text, never named as a verse.
        #expect(!sentences.contains { $0.contains("verse zero") })
    }
}
