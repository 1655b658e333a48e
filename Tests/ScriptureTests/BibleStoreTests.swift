import Foundation
import Testing
@testable import Scripture

/// `Models/Bible.db` as `scripts/setup.sh` builds it, checked against the token files.
@Suite("Bible store")
struct BibleStoreTests {
    let store: BibleStore

    init() throws {
        store = try #require(try? TestData.openStore(), "no readable \(TestData.bibleDatabase.path): \(TestData.setupHint)")
    }

    @Test("66 books, 31,086 verses and 116 superscriptions, as in the source files")
    func counts() throws {
        let summary = try store.summary()
        #expect(summary.count == 66)
        #expect(summary.reduce(0) { $0 + $1.verses } == 31_086)
        #expect(summary.reduce(0) { $0 + $1.superscriptions } == 116)
        #expect(summary.reduce(0) { $0 + $1.chapters } == 1189)
        for book in summary {
            #expect(book.chapters == book.book.chapterCount)
        }
        let source = TestData.sourceVerses
        try #require(!source.isEmpty, "\(TestData.setupHint)")
        for book in BookCatalog.books {
            let inSource = source.keys.filter { VerseID(rawValue: $0).book == book.id && $0 % 1000 > 0 }.count
            #expect(summary[book.id - 1].verses == inSource, "\(book.name)")
        }
    }

    @Test("a sample of verses is word for word the source text")
    func sampleMatchesSource() throws {
        let source = TestData.sourceVerses
        try #require(!source.isEmpty, "\(TestData.setupHint)")
        var generator = SystemRandomNumberGenerator()
        let ids = Array(source.keys)
        for _ in 0..<500 {
            let id = VerseID(rawValue: try #require(ids.randomElement(using: &generator)))
            let book = try #require(BookCatalog.book(id: id.book))
            #expect(store.verse(book: book, chapter: id.chapter, verse: id.verse) == source[id.rawValue],
                    "\(book.name) \(id.chapter):\(id.verse)")
        }
    }

    @Test("well-known verses")
    func knownVerses() {
        #expect(store.verse(book: "John", chapter: 3, verse: 16)?.hasPrefix("For God so loved the world") == true)
        #expect(store.verse(book: "jn", chapter: 3, verse: 16) == store.verse(book: "John", chapter: 3, verse: 16))
        #expect(store.verse(book: "Gen", chapter: 1, verse: 1) == "In the beginning God created the heavens and the earth.")
        #expect(store.verse(book: "Ps", chapter: 23, verse: 1) == "The LORD is my shepherd; I shall not want.")
        #expect(store.verse(book: "Psalms", chapter: 3, verse: 0) == "A Psalm of David, when he fled from his son Absalom.")
        #expect(store.verse(book: "Hab", chapter: 2, verse: 4)?.contains("the righteous will live by faith") == true)
    }

    @Test("what does not exist is nil, never a crash")
    func absent() {
        #expect(store.verse(book: "John", chapter: 3, verse: 99) == nil)
        #expect(store.verse(book: "John", chapter: 22, verse: 1) == nil)
        #expect(store.verse(book: "Matt", chapter: 17, verse: 21) == nil)
        #expect(store.verse(book: "Hezekiah", chapter: 1, verse: 1) == nil)
        #expect(store.verse(book: "John", chapter: -1, verse: 1) == nil)
        #expect(store.verse(book: "John", chapter: Int.max, verse: Int.min) == nil)
        #expect(store.verse(book: "John' OR 1=1 --", chapter: 3, verse: 16) == nil)
        #expect(store.verse(book: "%", chapter: 3, verse: 16) == nil)
    }

    @Test("passages within and across chapters, whole chapters, omitted verses skipped")
    func passages() throws {
        func passage(_ text: String) throws -> Passage {
            try store.passage(try #require(try ScriptureReference.parse(text).first))
        }
        let love = try passage("1 Cor 13:4-7")
        #expect(love.verses.map(\.verse) == [4, 5, 6, 7])
        #expect(love.text.hasPrefix("Love is patient, love is kind."))
        let sermon = try passage("Matt 5:3-6:4")
        #expect(sermon.verses.count == 46 + 4)
        #expect(sermon.verses.first.map { "\($0.chapter):\($0.verse)" } == "5:3")
        #expect(sermon.verses.last.map { "\($0.chapter):\($0.verse)" } == "6:4")
        let psalm = try passage("Ps 23")
        #expect(psalm.verses.map(\.verse) == [0, 1, 2, 3, 4, 5, 6])
        let matthew17 = try passage("Matt 17:20-22")
        #expect(matthew17.verses.map(\.verse) == [20, 22])
        let jude = try passage("Jude 3")
        #expect(jude.verses.count == 1)
        #expect(try passage("Ps 119").verses.count == 176)
    }

    @Test("a missing or foreign database is a clear error")
    func badDatabase() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bible-store-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("nope.db").path
        #expect(throws: BibleStoreError.self) { try BibleStore(path: missing) }
        let junk = dir.appendingPathComponent("junk.db")
        try Data("this is not a database".utf8).write(to: junk)
        do {
            _ = try BibleStore(path: junk.path)
            Issue.record("opened a file that is not a database")
        } catch {
            #expect(error.description.contains(junk.path))
        }
    }
}
