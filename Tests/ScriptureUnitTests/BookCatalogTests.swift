import Testing
@testable import Scripture

@Suite("Book catalog")
struct BookCatalogTests {
    @Test("66 books in canonical order, 39 Old Testament and 27 New")
    func books() {
        #expect(BookCatalog.books.count == 66)
        #expect(BookCatalog.books.map(\.id) == Array(1...66))
        #expect(BookCatalog.books.filter { $0.testament == .old }.count == 39)
        #expect(BookCatalog.books.filter { $0.testament == .new }.count == 27)
        #expect(BookCatalog.books.first?.name == "Genesis")
        #expect(BookCatalog.books.last?.name == "Revelation")
        #expect(Set(BookCatalog.books.map(\.osis)).count == 66)
    }

    @Test("every book is reachable by its name, its OSIS id, each alias and each spoken name",
          arguments: BookCatalog.books)
    func reachable(_ book: Book) {
        for name in [book.name, book.osis, book.referenceName] + book.aliases + book.spokenNames {
            #expect(BookCatalog.book(named: name) == book, "\(name)")
            #expect(BookCatalog.book(named: name.uppercased()) == book, "\(name.uppercased())")
            #expect(BookCatalog.book(named: name.lowercased()) == book, "\(name.lowercased())")
            // ...and as the book of a reference, written or spoken.
            let verse = book.hasOneChapter ? "\(name) 1:1" : "\(name) 1:1"
            #expect((try? ScriptureReference.parse(verse))?.first?.book == book, "\(verse)")
        }
    }

    @Test("numbered books accept every way of writing the number")
    func numberedBooks() {
        let corinthians = BookCatalog.book(id: 46)
        for name in ["1 Corinthians", "1Cor", "1 Cor", "I Corinthians", "First Corinthians", "1st Corinthians",
                     "first corinthians", "one corinthians", "i corinthians", "1co"] {
            #expect(BookCatalog.book(named: name) == corinthians, "\(name)")
        }
        #expect(BookCatalog.book(named: "2 Cor")?.osis == "2Cor")
        #expect(BookCatalog.book(named: "III John")?.osis == "3John")
        #expect(BookCatalog.book(named: "John")?.osis == "John")
        #expect(BookCatalog.book(named: "Phil")?.osis == "Phil")
        #expect(BookCatalog.book(named: "Philem")?.osis == "Phlm")
    }

    @Test("names that are not books are not found")
    func notBooks() {
        for name in ["", "Hezekiah", "4 John", "Corinthians", "Kings", "Gospel", "the", "1", "John 3", "%", "Gen%"] {
            #expect(BookCatalog.book(named: name) == nil, "\(name)")
        }
    }

    @Test("chapter and verse bounds")
    func bounds() throws {
        let psalms = try #require(BookCatalog.book(named: "Psalms"))
        #expect(psalms.chapterCount == 150)
        #expect(psalms.verseCount(chapter: 119) == 176)
        #expect(psalms.verseCount(chapter: 151) == nil)
        #expect(psalms.verseCount(chapter: 0) == nil)
        #expect(psalms.hasSuperscription(chapter: 3))
        #expect(!psalms.hasSuperscription(chapter: 1))
        let jude = try #require(BookCatalog.book(named: "Jude"))
        #expect(jude.hasOneChapter)
        #expect(BookCatalog.books.filter(\.hasOneChapter).map(\.osis) == ["Obad", "Phlm", "2John", "3John", "Jude"])
        let matthew = try #require(BookCatalog.book(named: "Matthew"))
        #expect(matthew.omits(chapter: 17, verse: 21))
        #expect(!matthew.omits(chapter: 17, verse: 20))
        #expect(BookCatalog.books.reduce(0) { $0 + $1.chapterCount } == 1189)
        #expect(Versification.numberedVerseCount == 31_086)
    }
}

@Suite("Number words")
struct NumberWordsTests {
    @Test("spoken numbers read back", arguments: Array(0...999))
    func roundTrip(_ n: Int) {
        let words = NumberWords.spoken(n).split(separator: " ").map(String.init)
        let parsed = NumberWords.parsePrefix(words)
        #expect(parsed?.value == n)
        #expect(parsed?.length == words.count)
    }

    @Test("greedy reading of runs")
    func runs() {
        #expect(NumberWords.parsePrefix(["three", "sixteen"])?.value == 3)
        #expect(NumberWords.parsePrefix(["twenty", "one"])?.value == 21)
        #expect(NumberWords.parsePrefix(["one", "hundred", "and", "five"])?.value == 105)
        #expect(NumberWords.parsePrefix(["one", "oh", "five"])?.value == 105)
        #expect(NumberWords.parsePrefix(["a", "hundred"])?.value == 100)
        #expect(NumberWords.parsePrefix(["verse"]) == nil)
        #expect(NumberWords.spoken(119) == "one hundred nineteen")
        #expect(NumberWords.spoken(40) == "forty")
    }
}
