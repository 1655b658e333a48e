import Foundation
@testable import Scripture
import Testing

/// Every verse of the BSB is spelt the same by bytes as by Unicode's character rules.
@Suite("Spoken words of the whole Bible")
struct SpokenWordsOfTheBibleTests {
    @Test func everyVerseByBytesAsByCharacter() throws {
        let verses = try #require(try? TestData.openStore().allVerses(), "\(TestData.setupHint)")
        var byBytes = 0
        for (book, verse) in verses {
            let plain = SpokenWords.plainWords(verse.text)
            if plain != nil { byBytes += 1 }
            #expect(plain ?? SpokenWords.wordsByCharacter(verse.text) == SpokenWords.wordsByCharacter(verse.text),
                    "\(book.osis) \(verse.chapter):\(verse.verse)")
        }
        #expect(byBytes == verses.count)
    }
}
