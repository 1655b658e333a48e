import GRDB

/// The layout of `Bible.db`: the story's `books` and `verses` tables and their two
/// indexes, plus an `osis` column on `books`. `verses.id` is the ``VerseID`` (BBCCCVVV),
/// so a passage is one range scan. `PRAGMA user_version` holds ``version``.
enum BibleSchema {
    /// Bumped whenever the layout changes; a database of another version is refused.
    static let version = 1

    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE books (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE,
                aliases TEXT NOT NULL,
                testament TEXT NOT NULL CHECK (testament IN ('OT', 'NT')),
                chapters INTEGER NOT NULL CHECK (chapters > 0),
                osis TEXT NOT NULL UNIQUE
            );
            CREATE TABLE verses (
                id INTEGER PRIMARY KEY,
                book_id INTEGER NOT NULL REFERENCES books(id),
                chapter INTEGER NOT NULL CHECK (chapter > 0),
                verse INTEGER NOT NULL CHECK (verse >= 0),
                text TEXT NOT NULL
            );
            CREATE INDEX idx_verses_lookup ON verses(book_id, chapter, verse);
            CREATE INDEX idx_books_name ON books(name);
            PRAGMA user_version = \(version);
            """)
    }
}
