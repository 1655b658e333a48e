import Foundation
@testable import Listening
import Scripture
import Testing

/// Which verse a stretch of words quotes, over the whole Berean Standard Bible of
/// `Models/Bible.db`: a verse read with a word wrong here and there is still found, two
/// verses read on are both found, and ordinary talk, full of the Bible's common word runs,
/// quotes nothing.
@Suite("Quoted verses")
struct QuotationIndexTests {
    static let index: QuotationIndex? = (try? TestData.openStore().allVerses()).map { QuotationIndex(verses: $0, thresholds: ListenTuning.shipped.quotation) }

    func quoted(_ text: String) throws -> [String] {
        let index = try #require(Self.index, "no readable \(TestData.bibleDatabase.path): \(TestData.setupHint)")
        return index.quotations(in: text).map(\.reference.compact)
    }

    @Test func everyNumberedVerseIsIndexed() throws {
        let index = try #require(Self.index, "\(TestData.setupHint)")
        #expect(index.verseCount == 31_086)
    }

    @Test("a verse read as written is found, and covers all of itself")
    func aVerseAsWritten() throws {
        let index = try #require(Self.index, "\(TestData.setupHint)")
        let found = index.quotations(in: "For God so loved the world that He gave His one and only Son, that everyone "
                                         + "who believes in Him shall not perish but have eternal life.")
        #expect(found.map(\.reference.compact) == ["John 3:16"])
        #expect(found.first?.coverage == 1)
    }

    @Test("a verse misheard one word in eight, and cut short, is still found")
    func aVerseMisheard() throws {
        #expect(try quoted("for god so loved the world that he gave his one and lonely son that every one who believes "
                           + "in him shall not perish") == ["John 3:16"])
        #expect(try quoted("now the earth was formless and boyd and darkness was over the surface of the deep")
                == ["Gen 1:2"])
    }

    @Test("a verse heard in a noisy room, only a few of its own words right, is found")
    func aVerseHeardInNoise() throws {
        // What `listen` heard for Piper's voice reading the verses at 10 dB of real room
        // noise: under a quarter of each verse's weight, none of it shared with another verse.
        #expect(try quoted("they were asking vessels not please so joseph whose father and mother you know how to if ai "
                           + "have come down from the") == ["John 6:42"])
        #expect(try quoted("and also maaseiah to my eleazar uzzi jehohanan malchijah fly and good for forcing powerful if "
                           + "it by") == ["Neh 12:42"])
    }

    @Test("a verse heard in noise with too few of its own word runs to be quoted is still the first to check by sound")
    func aVerseToCheckBySound() throws {
        let index = try #require(Self.index, "\(TestData.setupHint)")
        // `listen`'s words for Piper reading Num 22:27 and Luke 3:7 at 10 dB of real room
        // noise: the trigrams quote nothing, the verses' rarer words put them first.
        for (heard, verse) in [
            ("for the donkey saw what she lay down under the aha you became your that", "Num 22:27"),
            ("then john the crowds coming out athlai him to god what you to lift up to half", "Luke 3:7"),
        ] {
            #expect(index.quotations(in: heard).isEmpty)
            let first = try #require(index.candidates(in: heard).first, "no candidate for \(heard)")
            #expect(first.reference.compact == verse)
            #expect(first.words.prefix(4) == (verse == "Num 22:27" ? ["when", "the", "donkey", "saw"] : ["then", "john", "said", "to"]))
        }
    }

    @Test("ordinary talk shares too little with any verse to be checked by sound", arguments: [
        "i went to the shop and bought some bread for the family",
        "we should meet at the station after work tomorrow morning",
        "can you pass me the salt and the pepper please",
    ])
    func noCandidateInOrdinaryTalk(_ text: String) throws {
        let index = try #require(Self.index, "\(TestData.setupHint)")
        #expect(index.candidates(in: text).isEmpty, "\(index.candidates(in: text).map(\.reference.compact))")
    }

    @Test("two verses read on in one breath are both found, in the order of how much of each was heard")
    func twoVersesReadOn() throws {
        let found = try quoted("in the beginning god created the heavens and the earth now the earth was formless and "
                               + "void and darkness was over the surface of the deep and the spirit of god was hovering "
                               + "over the surface of the waters")
        #expect(Set(found) == ["Gen 1:1", "Gen 1:2"])
    }

    @Test("identical verses (Kings and Chronicles) are read as the first of them")
    func identicalVerses() throws {
        #expect(try quoted("solomon accumulated one thousand four hundred chariots and twelve thousand horses which he "
                           + "stationed in the chariot cities") == ["1Kgs 10:26"])
    }

    @Test("ordinary talk and a few words shared by many verses quote nothing", arguments: [
        "i went to the shop and bought some bread for the family",
        "and it came to pass that the people of the house went out",
        "the lord is good and the word of the lord is true",
        "the righteous will live by faith",
        "he said to them",
        "in the beginning",
    ])
    func ordinaryTalk(text: String) throws {
        #expect(try quoted(text) == [])
    }
}
