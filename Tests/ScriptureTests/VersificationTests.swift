import Testing
@testable import Scripture

/// The catalog's bounds against the BSB token files themselves.
@Suite("Versification against the source files")
struct VersificationTests {
    @Test("every chapter's last verse, the omitted verses and the superscriptions match the TSV")
    func matchesSource() throws {
        let source = TestData.sourceVerses
        try #require(!source.isEmpty, "no BSB token files at \(TestData.bsbDirectory.path): \(TestData.setupHint)")
        #expect(source.count == 31_086 + 116)
        #expect(source.keys.filter { $0 % 1000 == 0 }.count == 116)
        var last: [Int: [Int: Int]] = [:]
        for id in source.keys where id % 1000 > 0 {
            let v = VerseID(rawValue: id)
            last[v.book, default: [:]][v.chapter] = max(last[v.book]?[v.chapter] ?? 0, v.verse)
        }
        #expect(last.count == 66)
        for book in BookCatalog.books {
            let chapters = try #require(last[book.id])
            #expect(chapters.count == book.chapterCount, "\(book.name)")
            for (chapter, lastVerse) in chapters {
                #expect(book.verseCount(chapter: chapter) == lastVerse, "\(book.name) \(chapter)")
                for verse in 1...lastVerse {
                    let present = source[VerseID(book: book.id, chapter: chapter, verse: verse).rawValue] != nil
                    #expect(present != book.omits(chapter: chapter, verse: verse), "\(book.name) \(chapter):\(verse)")
                }
            }
        }
        let titled = Set(source.keys.filter { $0 % 1000 == 0 }.map { VerseID(rawValue: $0).chapter })
        #expect(titled == Versification.psalmsWithSuperscription)
    }
}
