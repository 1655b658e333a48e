import Foundation
import GRDB
import Support
import Testing
@testable import Scripture

@Suite("BSB import")
struct BibleImporterTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("bible-import-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    private func write(_ name: String, _ rows: [String]) throws -> URL {
        let url = directory.appendingPathComponent(name)
        let header = "id\tsource_verse\ttext\tskip_space_after\texclude\tid_range_end\tsource_verse_range_end"
        try ([header] + rows).joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// The set-up's import was the first run: this one, in another process and another
    /// folder, must give the same bytes of data.
    @Test("the real files import to the same database the set-up built")
    func repeatable() throws {
        try #require(FileManager.default.fileExists(atPath: TestData.bsbDirectory.appendingPathComponent("ot_BSB.tsv").path),
                     "\(TestData.setupHint)")
        let output = directory.appendingPathComponent("Bible.db")
        // What an import killed mid-write left: its temporary database and journal.
        let stale = directory.appendingPathComponent(".Bible.db.Ab12Cd.tmp")
        for file in [stale, URL(fileURLWithPath: stale.path + "-journal")] {
            try Data("half a database".utf8).write(to: file)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -2 * AtomicFile.leftoverAge)],
                                                  ofItemAtPath: file.path)
        }
        let first = try BibleImporter.importBible(from: [TestData.bsbDirectory], to: output)
        #expect(first.books == 66)
        // Readable by the service's own user, not only by whoever imported it.
        let mode = try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int
        #expect(mode == 0o644)
        #expect(first.verses == 31_086)
        #expect(first.superscriptions == 116)
        #expect(try digest(TestData.bibleDatabase) == digest(output))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        // The schema of the story, plus osis.
        let db = try DatabaseQueue(path: output.path)
        let bookColumns = try db.read { try $0.columns(in: "books").map(\.name) }
        #expect(bookColumns == ["id", "name", "aliases", "testament", "chapters", "osis"])
        let verseColumns = try db.read { try $0.columns(in: "verses").map(\.name) }
        #expect(verseColumns == ["id", "book_id", "chapter", "verse", "text"])
        let indexes = try db.read { try $0.indexes(on: "verses").map(\.name) + $0.indexes(on: "books").map(\.name) }
        #expect(indexes.contains("idx_verses_lookup"))
        #expect(indexes.contains("idx_books_name"))
        let aliases = try db.read { try String.fetchOne($0, sql: "SELECT aliases FROM books WHERE osis = '1Cor'") }
        #expect(aliases?.contains("\"First Corinthians\"") == true)
    }

    @Test("input without 66 books is refused and the old database is kept")
    func refusesPartialBible() throws {
        let output = directory.appendingPathComponent("Bible.db")
        try FileManager.default.copyItem(at: TestData.bibleDatabase, to: output)
        let genesis = try write("ot_BSB.tsv", [
            "01001001001\t01001001\tIn\t\t\t\t", "01001001002\t01001001\tthe\t\t\t\t",
            "01001001003\t01001001\tbeginning.\t\t\t\t",
        ])
        do {
            try BibleImporter.importBible(from: [genesis], to: output)
            Issue.record("a one-verse Bible was accepted")
        } catch {
            #expect(error.description.contains("found 1 books, expected 66"))
        }
        let store = try BibleStore(path: output.path)
        #expect(store.verse(book: "John", chapter: 3, verse: 16) != nil)
    }

    @Test("bad rows name the file and line")
    func badRows() throws {
        let output = directory.appendingPathComponent("Bible.db")
        let shortID = try write("short.tsv", ["01001001001\t01001001\tIn\t\t\t\t", "0100100\t01001001\tthe\t\t\t\t"])
        #expect(throws: BibleImportError.self) { try BibleImporter.importBible(from: [shortID], to: output) }
        do { try BibleImporter.importBible(from: [shortID], to: output) } catch {
            #expect(error.description.contains("short.tsv line 3"))
            #expect(error.description.contains("0100100"))
        }
        let noText = directory.appendingPathComponent("notext.tsv")
        try "id\tsource_verse\n01001001001\t01001001\n".write(to: noText, atomically: true, encoding: .utf8)
        do { try BibleImporter.importBible(from: [noText], to: output) } catch {
            #expect(error.description.contains("`text`"))
        }
        do { try BibleImporter.importBible(from: [directory.appendingPathComponent("absent")], to: output) } catch {
            #expect(error.description.contains("absent"))
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// Every verse id and text, in order, as one string.
    private func digest(_ url: URL) throws -> Int {
        let db = try DatabaseQueue(path: url.path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        return try db.read { db in
            var hasher = Hasher()
            let rows = try Row.fetchCursor(db, sql: "SELECT id, book_id, chapter, verse, text FROM verses ORDER BY id")
            while let row = try rows.next() {
                hasher.combine(row[0] as Int)
                hasher.combine(row[4] as String)
            }
            hasher.combine(try String.fetchAll(db, sql: "SELECT name || osis || aliases FROM books ORDER BY id"))
            return hasher.finalize()
        }
    }
}
