import Testing
@testable import Scripture

/// Text spelt as the recogniser spells it, by bytes for the Bible's plain text and by
/// Unicode's character rules for anything else: the same words either way.
@Suite("Spoken words")
struct SpokenWordsTests {
    @Test(arguments: [
        ("For God so loved the world", ["for", "god", "so", "loved", "the", "world"]),
        ("The LORD’s “word”—and ‘yes’", ["the", "lord's", "word", "and", "yes"]),
        ("12,000 men and 1,000,000 more, 3,4", ["twelve", "thousand", "men", "and", "more", "three", "four"]),
        ("'Tis 3rd of 7 (not 42b)", ["tis", "of", "seven", "not"]),
        ("one\r\ntwo\tthree -- four", ["one", "two", "three", "four"]),
    ])
    func bibleTextByBytes(text: String, words: [String]) throws {
        let plain = try #require(SpokenWords.plainWords(text))
        #expect(plain == words)
        #expect(SpokenWords.wordsByCharacter(text) == words)
        #expect(SpokenWords.words(text) == words)
    }

    @Test("other letters go by Unicode's rules", arguments: ["Naʼaman went to the café", "Ａｂｃ ١٢"])
    func otherTextByCharacter(text: String) {
        #expect(SpokenWords.plainWords(text) == nil)
        #expect(SpokenWords.words(text) == SpokenWords.wordsByCharacter(text))
    }
}
