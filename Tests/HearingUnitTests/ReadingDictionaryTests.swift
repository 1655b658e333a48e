@testable import Hearing
import Testing

/// The readings' decoder is given a dictionary of the candidate verses' words only: the
/// lines of the transcriber's dictionary that spell them.
@Suite("Readings' dictionary")
struct ReadingDictionaryTests {
    private let dictionary = """
        'cause K AH Z
        abide AH B AY D
        the DH AH
        the(2) DH IY
        them DH EH M
        thee\tDH IY
        word W ER D
        """

    @Test("every pronunciation of the words asked for, alternatives included, in the dictionary's order")
    func keepsTheWordsAskedFor() {
        let lines = Transcriber.dictionaryLines(spelling: ["the", "word", "thee", "'cause"], in: dictionary)
        #expect(lines == "'cause K AH Z\nthe DH AH\nthe(2) DH IY\nthee\tDH IY\nword W ER D\n")
    }

    @Test("a word the dictionary lacks, or no words at all, gives no lines")
    func nothingElse() {
        #expect(Transcriber.dictionaryLines(spelling: ["selah"], in: dictionary).isEmpty)
        #expect(Transcriber.dictionaryLines(spelling: [], in: dictionary).isEmpty)
    }
}
