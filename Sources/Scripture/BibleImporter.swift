import Foundation
import GRDB
import Support

/// Why a BSB import was refused. Nothing is written when one is thrown: an existing
/// `Bible.db` stays as it was.
public enum BibleImportError: Error, CustomStringConvertible {
    case noInput(path: String)
    case unreadable(path: String, reason: String)
    case missingColumn(path: String, column: String)
    case badRow(path: String, line: Int, reason: String)
    case wrongShape(reason: String)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .noInput(let path):
            return "\(path): no BSB token file here (expected ot_BSB.tsv and nt_BSB.tsv)"
        case .unreadable(let path, let reason):
            return "\(path): cannot read: \(reason)"
        case .missingColumn(let path, let column):
            return "\(path): the header has no `\(column)` column"
        case .badRow(let path, let line, let reason):
            return "\(path) line \(line): \(reason)"
        case .wrongShape(let reason):
            return "not the Berean Standard Bible this program knows: \(reason)"
        case .cannotWrite(let path, let reason):
            return "\(path): cannot write: \(reason)"
        }
    }
}

/// What an import wrote.
public struct BibleImportSummary: Sendable {
    public let books: Int
    public let verses: Int
    public let superscriptions: Int
}

/// Builds `Bible.db` from the BSB token files of `bible-alignments` (one token a row;
/// `id` is BBCCCVVVWWW; `skip_space_after` = `y` means no space follows the token).
///
/// Verse numbering comes from `id`, never `source_verse`. The text must have the shape
/// of ``Versification`` (66 books, every chapter's last verse); anything else is refused.
/// The database is written to a temporary file in one transaction and renamed over the
/// target, so a crash or a refusal never leaves a half-built `Bible.db`.
public enum BibleImporter {
    /// Token files in `inputs` (files, or folders holding `ot_BSB.tsv` and `nt_BSB.tsv`).
    public static func tokenFiles(in inputs: [URL]) throws(BibleImportError) -> [URL] {
        var files: [URL] = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input.path, isDirectory: &isDirectory) else {
                throw .noInput(path: input.path)
            }
            if isDirectory.boolValue {
                let found = ["ot_BSB.tsv", "nt_BSB.tsv"].map { input.appendingPathComponent($0) }
                    .filter { FileManager.default.fileExists(atPath: $0.path) }
                guard !found.isEmpty else { throw .noInput(path: input.path) }
                files += found
            } else {
                files.append(input)
            }
        }
        return files
    }

    /// Reads `inputs` and writes the database to `output`.
    @discardableResult
    public static func importBible(from inputs: [URL], to output: URL) throws(BibleImportError) -> BibleImportSummary {
        var verses: [VerseID: String] = [:]
        for file in try tokenFiles(in: inputs) {
            try readTokens(file, into: &verses)
        }
        try checkShape(verses)
        try write(verses, to: output)
        let superscriptions = verses.keys.filter { $0.verse == 0 }.count
        return BibleImportSummary(
            books: Set(verses.keys.map(\.book)).count, verses: verses.count - superscriptions,
            superscriptions: superscriptions)
    }

    // MARK: - Reading

    /// Appends each token of `file` to its verse's text.
    static func readTokens(_ file: URL, into verses: inout [VerseID: String]) throws(BibleImportError) {
        let data: Data
        do { data = try Data(contentsOf: file) } catch { throw .unreadable(path: file.path, reason: error.localizedDescription) }
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard let headerLine = lines.first else { throw .badRow(path: file.path, line: 1, reason: "the file is empty") }
        let header = fields(headerLine)
        func column(_ name: String) throws(BibleImportError) -> Int {
            guard let index = header.firstIndex(of: name) else { throw .missingColumn(path: file.path, column: name) }
            return index
        }
        let idColumn = try column("id"), textColumn = try column("text"), skipColumn = try column("skip_space_after")
        let needed = max(idColumn, textColumn, skipColumn)
        var current: VerseID? = nil
        var text = ""
        func finish() {
            if let current {
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if let existing = verses[current] { verses[current] = existing + " " + trimmed } else { verses[current] = trimmed }
            }
        }
        for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let row = fields(line)
            let lineNumber = index + 1
            guard row.count > needed else {
                throw .badRow(path: file.path, line: lineNumber, reason: "\(row.count) fields, expected at least \(needed + 1)")
            }
            let id = row[idColumn]
            guard id.utf8.count == 11, let value = Int(id), value > 0 else {
                throw .badRow(path: file.path, line: lineNumber, reason: "id `\(id)` is not 11 digits BBCCCVVVWWW")
            }
            let verseID = VerseID(rawValue: value / 1000)
            guard (1...66).contains(verseID.book), verseID.chapter > 0 else {
                throw .badRow(path: file.path, line: lineNumber, reason: "id `\(id)` names no book and chapter")
            }
            if verseID != current {
                finish()
                current = verseID
                text = ""
            }
            text += row[textColumn]
            if row[skipColumn] != "y" { text += " " }
        }
        finish()
    }

    private static func fields(_ line: Data.SubSequence) -> [String] {
        var bytes = line
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        return bytes.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: - Checking

    /// Refuses text that does not have 66 books with the chapters and verses of
    /// ``Versification``, so that references checked against the catalog always resolve.
    static func checkShape(_ verses: [VerseID: String]) throws(BibleImportError) {
        var lastVerse: [Int: [Int: Int]] = [:]
        for id in verses.keys where id.verse > 0 {
            lastVerse[id.book, default: [:]][id.chapter] = max(lastVerse[id.book]?[id.chapter] ?? 0, id.verse)
        }
        guard lastVerse.count == 66 else {
            throw .wrongShape(reason: "found \(lastVerse.count) books, expected 66")
        }
        for book in BookCatalog.books {
            let chapters = lastVerse[book.id] ?? [:]
            guard chapters.count == book.chapterCount, chapters.keys.max() == book.chapterCount else {
                throw .wrongShape(reason: "\(book.name) has \(chapters.count) chapters, expected \(book.chapterCount)")
            }
            for (chapter, last) in chapters where last != book.verseCount(chapter: chapter) {
                throw .wrongShape(reason: "\(book.referenceName) \(chapter) ends at verse \(last), expected \(book.verseCount(chapter: chapter) ?? 0)")
            }
        }
        for (id, text) in verses where text.isEmpty {
            throw .wrongShape(reason: "verse \(id.rawValue) has no text")
        }
    }

    // MARK: - Writing

    private static func write(_ verses: [VerseID: String], to output: URL) throws(BibleImportError) {
        let directory = output.deletingLastPathComponent()
        let temporary: URL
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            AtomicFile.removeLeftovers(beside: output)
            // An empty file of an unpredictable name, made here: SQLite starts a database in it.
            temporary = try AtomicFile.temporaryFile(beside: output)
        } catch {
            throw .cannotWrite(path: output.path, reason: "\(error)")
        }
        do {
            let queue = try DatabaseQueue(path: temporary.path)
            try queue.inTransaction { db in
                try BibleSchema.create(db)
                let encoder = JSONEncoder()
                let insertBook = try db.makeStatement(
                    sql: "INSERT INTO books (id, name, aliases, testament, chapters, osis) VALUES (?, ?, ?, ?, ?, ?)")
                for book in BookCatalog.books {
                    let aliases = String(decoding: try encoder.encode(book.aliases), as: UTF8.self)
                    try insertBook.execute(arguments: [book.id, book.name, aliases, book.testament.rawValue,
                                                       book.chapterCount, book.osis])
                }
                let insertVerse = try db.makeStatement(
                    sql: "INSERT INTO verses (id, book_id, chapter, verse, text) VALUES (?, ?, ?, ?, ?)")
                for id in verses.keys.sorted() {
                    try insertVerse.execute(arguments: [id.rawValue, id.book, id.chapter, id.verse, verses[id]])
                }
                return .commit
            }
            try queue.close()
            // Readable by the service's own user (the temporary file was made private).
            guard chmod(temporary.path, 0o644) == 0 else {
                throw BibleImportError.cannotWrite(path: output.path, reason: String(cString: strerror(errno)))
            }
            // rename(2) replaces the old database in one step: readers see old or new, never half.
            guard rename(temporary.path, output.path) == 0 else {
                throw BibleImportError.cannotWrite(path: output.path, reason: String(cString: strerror(errno)))
            }
        } catch let error as BibleImportError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .cannotWrite(path: output.path, reason: "\(error)")
        }
    }
}
