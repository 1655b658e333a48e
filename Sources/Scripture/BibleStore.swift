import Foundation
import GRDB

/// Why `Bible.db` could not be opened or read.
public enum BibleStoreError: Error, CustomStringConvertible {
    case missing(path: String)
    case unreadable(path: String, reason: String)
    case wrongVersion(path: String, found: Int)

    public var description: String {
        switch self {
        case .missing(let path):
            return "Bible database \(path) not found: build it with `bible-course bible import` (scripts/run.sh does)"
        case .unreadable(let path, let reason):
            return "Bible database \(path) cannot be read: \(reason)"
        case .wrongVersion(let path, let found):
            return "Bible database \(path) has layout version \(found), this program reads version \(BibleSchema.version): import it again"
        }
    }
}

/// Figures about one book as stored.
public struct BookSummary: Sendable {
    public let book: Book
    public let chapters: Int
    public let verses: Int
    public let superscriptions: Int
}

/// Read-only access to the Berean Standard Bible in `Bible.db`.
///
/// Opened read-only; safe to share between threads. Look-ups of what does not exist
/// return nil; a database that breaks under it throws ``BibleStoreError``.
public final class BibleStore: Sendable {
    public let path: String
    private let database: DatabaseQueue

    /// Opens `path` read-only and checks it is a Bible database of this program's layout.
    public init(path: String) throws(BibleStoreError) {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else { throw .missing(path: path) }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "Bible"
        do {
            database = try DatabaseQueue(path: path, configuration: configuration)
            let (version, books) = try database.read { db in
                (try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0,
                 try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM books") ?? 0)
            }
            guard version == BibleSchema.version else { throw BibleStoreError.wrongVersion(path: path, found: version) }
            guard books == BookCatalog.books.count else {
                throw BibleStoreError.unreadable(path: path, reason: "it has \(books) books, not 66")
            }
        } catch let error as BibleStoreError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: Self.reason(error))
        }
    }

    /// The text of one verse, or nil when the book has no such verse.
    public func verse(book: Book, chapter: Int, verse: Int) -> String? {
        guard chapter > 0, chapter < 1000, verse >= 0, verse < 1000 else { return nil }
        let id = VerseID(book: book.id, chapter: chapter, verse: verse).rawValue
        return try? database.read { db in
            try String.fetchOne(db.cachedStatement(sql: "SELECT text FROM verses WHERE id = ?"), arguments: [id])
        }
    }

    /// The text of one verse by any name of its book ("John", "Jn", "jhn"), or nil.
    public func verse(book name: String, chapter: Int, verse: Int) -> String? {
        guard let book = BookCatalog.book(named: name) else { return nil }
        return self.verse(book: book, chapter: chapter, verse: verse)
    }

    /// The verses of `reference`. Whole chapters include a psalm's superscription.
    public func passage(_ reference: ScriptureReference) throws(BibleStoreError) -> Passage {
        var first = reference.startID
        if reference.isWholeChapters {
            first = VerseID(book: reference.book.id, chapter: reference.start.chapter, verse: 0)
        }
        let last = reference.endID
        do {
            let verses = try database.read { db in
                try Row.fetchAll(
                    db.cachedStatement(sql: "SELECT chapter, verse, text FROM verses WHERE id BETWEEN ? AND ? ORDER BY id"),
                    arguments: [first.rawValue, last.rawValue]
                ).map { Verse(chapter: $0[0], verse: $0[1], text: $0[2]) }
            }
            return Passage(reference: reference, verses: verses)
        } catch {
            throw .unreadable(path: path, reason: Self.reason(error))
        }
    }

    /// Every verse with its book, in canonical order (superscriptions included, as verse
    /// 0): the Bible-domain language model is estimated from them.
    public func allVerses() throws(BibleStoreError) -> [(book: Book, verse: Verse)] {
        do {
            // A row at a time: fetched whole, every row kept its own copy of the column names.
            return try database.read { db in
                var verses: [(book: Book, verse: Verse)] = []
                let rows = try Row.fetchCursor(db, sql: "SELECT book_id, chapter, verse, text FROM verses ORDER BY id")
                while let row = try rows.next() {
                    if let book = BookCatalog.book(id: row[0]) { verses.append((book, Verse(chapter: row[1], verse: row[2], text: row[3]))) }
                }
                return verses
            }
        } catch {
            throw .unreadable(path: path, reason: Self.reason(error))
        }
    }

    /// Chapters, numbered verses and superscriptions of every book, in canonical order.
    public func summary() throws(BibleStoreError) -> [BookSummary] {
        do {
            let rows = try database.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT b.id, b.chapters,
                           (SELECT COUNT(*) FROM verses v WHERE v.book_id = b.id AND v.verse > 0),
                           (SELECT COUNT(*) FROM verses v WHERE v.book_id = b.id AND v.verse = 0)
                    FROM books b ORDER BY b.id
                    """)
            }
            return rows.compactMap { row in
                BookCatalog.book(id: row[0]).map {
                    BookSummary(book: $0, chapters: row[1], verses: row[2], superscriptions: row[3])
                }
            }
        } catch {
            throw .unreadable(path: path, reason: Self.reason(error))
        }
    }

    /// Every word the Bible's text writes with a capital, lowercase, without a possessive
    /// "'s": its names ("jeshua", "abiram"), and words that open a sentence. The
    /// transcript normaliser counts them as known words, so a name it does not teach is not
    /// corrected toward one it does ("Abiram" is not Abram).
    public func names() throws(BibleStoreError) -> Set<String> {
        do {
            let texts = try database.read { db in try String.fetchAll(db, sql: "SELECT text FROM verses") }
            var names: Set<String> = []
            // The word so far as UTF-8: appending to a String a scalar at a time cost a
            // quarter of `listen`'s start-up.
            var word: [UInt8] = []
            let apostrophe = UInt8(ascii: "'")
            var capitalised = false
            func close() {
                while word.last == apostrophe { word.removeLast() }
                if capitalised, !word.isEmpty {
                    if word.count >= 2, word[word.count - 2] == apostrophe, word[word.count - 1] == UInt8(ascii: "s") {
                        word.removeLast(2)
                    }
                    names.insert(String(decoding: word, as: UTF8.self))
                }
                word.removeAll(keepingCapacity: true)
                capitalised = false
            }
            for text in texts {
                for scalar in text.unicodeScalars {
                    if scalar.value >= 0x41, scalar.value <= 0x5A {
                        if word.isEmpty { capitalised = true }
                        word.append(UInt8(scalar.value + 32))
                    } else if scalar.value >= 0x61, scalar.value <= 0x7A {
                        word.append(UInt8(scalar.value))
                    } else if scalar == "'" || scalar == "\u{2019}" {
                        if !word.isEmpty { word.append(apostrophe) }
                    } else if scalar.value > 0x7F, scalar.properties.isAlphabetic {
                        if word.isEmpty { capitalised = scalar.properties.isUppercase }
                        word += Array(String(scalar).lowercased().utf8)
                    } else {
                        close()
                    }
                }
                close()
            }
            return names
        } catch {
            throw .unreadable(path: path, reason: Self.reason(error))
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}
