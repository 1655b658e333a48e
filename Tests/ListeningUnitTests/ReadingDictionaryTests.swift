@testable import Listening
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
        let lines = Transcriber.dictionaryLines(spelling: ["the", "word", "thee", "'cause"], in: Array(dictionary.utf8))
        #expect(lines == "'cause K AH Z\nthe DH AH\nthe(2) DH IY\nthee DH IY\nword W ER D\n")
    }

    @Test("a word the dictionary lacks, or no words at all, gives no lines")
    func nothingElse() {
        #expect(Transcriber.dictionaryLines(spelling: ["selah"], in: Array(dictionary.utf8)).isEmpty)
        #expect(Transcriber.dictionaryLines(spelling: [], in: Array(dictionary.utf8)).isEmpty)
    }
}
