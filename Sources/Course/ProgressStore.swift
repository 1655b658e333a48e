import Foundation
import GRDB
import Support
import Synchronization

/// Why the progress database could not be used. Each message names the file and what to do.
public enum ProgressStoreError: Error, Sendable, CustomStringConvertible {
    /// The database file or its directory could not be opened or created.
    case cannotOpen(path: String, reason: String)
    /// A read or write failed.
    case database(path: String, reason: String)
    /// The database's path is a symbolic link (which could point anywhere): refused.
    case symbolicLink(path: String)
    /// The database is damaged; reading it found so (a read-only open does not repair).
    case damaged(path: String, reason: String)
    /// A newer version of bible-course wrote the database (its schema has changes this one
    /// does not know): left as it is.
    case newerSchema(path: String, unknown: [String])
    /// A write of the session's progress failed (the database stayed busy past the busy
    /// timeout, the disk is full); it is kept in memory with the others not yet written
    /// (`waiting` changes in all) and written with the next write or retry.
    case notSaved(path: String, reason: String, waiting: Int)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            "cannot open the progress database \(path): \(reason). Check that the state directory exists, is writable and has room."
        case .database(let path, let reason):
            "progress database \(path): \(reason)"
        case .symbolicLink(let path):
            "the progress database \(path) is a symbolic link; it must be a file of the state directory's own (remove the link, or name another state directory)"
        case .damaged(let path, let reason):
            "the progress database \(path) is damaged (\(reason)); `bible-course progress reset` (or the daemon's next start) keeps it aside as \(path).corrupt-<time> and starts over"
        case .newerSchema(let path, let unknown):
            "the progress database \(path) was written by a newer bible-course (schema changes this one does not know: \(unknown.joined(separator: ", "))); install that version again, or name another state directory; the file is left as it is"
        case .notSaved(let path, let reason, let waiting):
            "progress not saved in \(path) (\(reason)); \(waiting) change\(waiting == 1 ? "" : "s") kept in memory, written as soon as the database can be written"
        }
    }
}

/// A progress database found damaged at open and kept aside (`progress.db.corrupt-<time>`)
/// so the course could start over with a new one: nothing is deleted, and the one line
/// says what happened.
public struct DamagedProgress: Sendable, Hashable, CustomStringConvertible {
    /// Where the damaged file is now.
    public let keptAs: String
    /// What SQLite said of it.
    public let reason: String

    public var description: String {
        "the progress database was damaged (\(reason)); kept as \(keptAs), progress starts over"
    }
}

/// One lesson's progress, as `bible-course progress show` prints it.
public struct LessonProgress: Sendable, Hashable {
    public let lessonID: String
    public let courseID: String
    public let sequence: Int
    public let title: String
    public let completed: Bool
    /// When the lesson was completed (UTC, `YYYY-MM-DD HH:MM:SS`), nil when not.
    public let completedAt: String?
    /// Whether the review question was answered correctly; nil when not answered.
    public let answerCorrect: Bool?
    /// The curriculum answer that matched; nil when wrong or not answered.
    public let matchedAnswer: String?
}

/// The learner's progress and the session's saved state, in SQLite (`progress.db`).
///
/// The seed's four tables (section 6.1), created by a `DatabaseMigrator`, with the
/// constraints the seed implies made explicit (one progress row per lesson, one session
/// row, states and segment numbers checked). The database is in WAL mode with
/// `synchronous = FULL`, so a transaction that returned is on disk: after a crash or power
/// loss no completed lesson is lost and the session resumes from its last saved state.
///
/// Privacy (seed section 9): `user_progress.answer_given` holds the *curriculum's* answer
/// that matched (the correct answer or an acceptable variant), or NULL; `answer_correct`
/// whether it was right. What the person said is never stored, nor any audio.
///
/// Another process may hold the database for a moment (`progress reset`, a `sqlite3`
/// shell): every open waits up to ``busyTimeout`` for it. A write of the session's
/// progress that still fails is not lost: ``persist(_:)`` keeps it in memory and writes it
/// before the next one (``unsavedChanges``, ``retryUnsaved()``).
///
/// Thread-safe: all access goes through a GRDB `DatabaseWriter` (a `DatabasePool` on a
/// file; a `DatabaseQueue` in memory for tests, ``inMemory()``).
public final class ProgressStore: Sendable {
    /// How long (seconds) a read or write waits for another process's lock on the database
    /// before it fails: longer than a reset or a `sqlite3` shell's brief write holds it, short enough
    /// that the session does not stall long on a database that stays locked.
    public static let busyTimeout: TimeInterval = 5

    /// The database file (`:memory:` for an in-memory store).
    public let path: String
    private let pool: any DatabaseWriter
    /// Persistence effects whose write failed, oldest first, written before the next ones.
    private let unsaved = Mutex<[SessionEffect]>([])

    /// Opens (creating when needed, with its directory) the database at `path` and brings
    /// its schema up to date. A damaged database (not a database, or failing SQLite's
    /// `quick_check`) is renamed `<path>.corrupt-<time>` and a new one started: see
    /// ``damaged``. A `path` that is a symbolic link is refused.
    public init(path: String, busyTimeout: TimeInterval = ProgressStore.busyTimeout) throws(ProgressStoreError) {
        self.path = path
        try Self.refuseSymbolicLink(path)
        do {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotOpen(path: path, reason: Self.reason(error, at: path))
        }
        let existed = FileManager.default.fileExists(atPath: path)
        do {
            pool = try Self.open(path, busyTimeout: busyTimeout)
            damaged = nil
        } catch let error as ProgressStoreError {
            throw error
        } catch let error where !existed {
            // A database this open created and could not set up (a full disk) is removed:
            // what is left is no database, not one without its tables.
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
            throw .cannotOpen(path: path, reason: Self.reason(error, at: path))
        } catch let error where Self.isDamage(error) {
            let keptAs = try Self.keepAside(path)
            damaged = DamagedProgress(keptAs: keptAs, reason: Self.reason(error))
            do {
                pool = try Self.open(path, busyTimeout: busyTimeout)
            } catch {
                throw .cannotOpen(path: path, reason: Self.reason(error, at: path))
            }
        } catch {
            throw .cannotOpen(path: path, reason: Self.reason(error, at: path))
        }
    }

    /// Opens the existing database at `path` to read only: nothing is created, migrated,
    /// repaired or written (`progress show` needs no write access). A damaged database is
    /// ``ProgressStoreError/damaged(path:reason:)``, left where it is.
    public init(readingExisting path: String) throws(ProgressStoreError) {
        self.path = path
        damaged = nil
        try Self.refuseSymbolicLink(path)
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(Self.busyTimeout)
        // With no write-ahead log beside it (no writer has it open), the file is read as
        // immutable: SQLite then creates no `-shm`/`-wal` (a read-only reader could not
        // remove them, nor create them without write access to the folder).
        let unlogged = !FileManager.default.fileExists(atPath: path + "-wal")
        do {
            let queue = try DatabaseQueue(path: unlogged ? Self.immutableURI(path) : path, configuration: configuration)
            try Self.check(queue)
            pool = queue
        } catch let error where Self.isDamage(error) {
            throw .damaged(path: path, reason: Self.reason(error))
        } catch {
            throw .cannotOpen(path: path, reason: Self.reason(error, at: path))
        }
    }

    /// `path` as an SQLite URI opening the file immutable.
    private static func immutableURI(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:\(path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path)?immutable=1"
    }

    /// The database found damaged at open and kept aside; nil when it was sound.
    public let damaged: DamagedProgress?

    private static func open(_ path: String, busyTimeout: TimeInterval) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try check(pool)
        try refuseNewerSchema(pool, path: path)
        try migrator.migrate(pool)
        return pool
    }

    /// Throws ``ProgressStoreError/newerSchema(path:unknown:)`` when the database holds
    /// migrations this version does not have: writing it could lose what the newer one keeps.
    private static func refuseNewerSchema(_ database: any DatabaseReader, path: String) throws {
        let unknown = try database.read { db -> [String] in
            let known = Set(migrator.migrations)
            return try migrator.appliedIdentifiers(db).filter { !known.contains($0) }.sorted()
        }
        if !unknown.isEmpty { throw ProgressStoreError.newerSchema(path: path, unknown: unknown) }
    }

    /// SQLite's `quick_check` of the whole file (a small database: milliseconds).
    private static func check(_ database: any DatabaseReader) throws {
        let findings = try database.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
        guard findings == ["ok"] else { throw Damage(findings: findings) }
    }

    private struct Damage: Error, CustomStringConvertible {
        let findings: [String]
        var description: String { findings.prefix(3).joined(separator: "; ") }
    }

    private static func isDamage(_ error: any Error) -> Bool {
        if error is Damage { return true }
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
    }

    /// Renames the damaged database (and its write-ahead log) to `<path>.corrupt-<UTC time>`
    /// beside it; the shared-memory index is rebuilt by SQLite and removed.
    private static func keepAside(_ path: String) throws(ProgressStoreError) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        var keptAs = "\(path).corrupt-\(formatter.string(from: Date()))"
        var suffix = 2
        while FileManager.default.fileExists(atPath: keptAs) {
            keptAs = "\(path).corrupt-\(formatter.string(from: Date()))-\(suffix)"
            suffix += 1
        }
        guard rename(path, keptAs) == 0 else {
            throw .cannotOpen(path: path, reason: "it is damaged and cannot be moved aside to \(keptAs): \(String(cString: strerror(errno)))")
        }
        _ = rename(path + "-wal", keptAs + "-wal")
        _ = unlink(path + "-shm")
        return keptAs
    }

    private static func refuseSymbolicLink(_ path: String) throws(ProgressStoreError) {
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            throw .symbolicLink(path: path)
        }
    }

    /// A store over `database`, whose schema is brought up to date; `path` names it in
    /// errors.
    public init(database: any DatabaseWriter, path: String) throws(ProgressStoreError) {
        self.path = path
        damaged = nil
        pool = database
        do {
            try Self.migrator.migrate(database)
        } catch {
            throw .cannotOpen(path: path, reason: Self.reason(error, at: path))
        }
    }

    /// An empty store in memory, with foreign keys enforced as on disk: for tests, and for
    /// runs that must leave nothing behind.
    public static func inMemory() throws(ProgressStoreError) -> ProgressStore {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(configuration: configuration)
        } catch {
            throw .cannotOpen(path: ":memory:", reason: reason(error))
        }
        return try ProgressStore(database: queue, path: ":memory:")
    }

    /// The progress database in `stateDirectory` (`progress.db`).
    public convenience init(stateDirectory: URL, busyTimeout: TimeInterval = ProgressStore.busyTimeout) throws(ProgressStoreError) {
        try self.init(path: stateDirectory.appendingPathComponent("progress.db").path, busyTimeout: busyTimeout)
    }

    // MARK: - Schema

    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: courses, lessons, user_progress, session_state") { db in
            let states = SessionState.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            try db.execute(sql: """
                CREATE TABLE courses (
                    course_id TEXT PRIMARY KEY NOT NULL CHECK (course_id <> ''),
                    title TEXT NOT NULL,
                    description TEXT,
                    total_lessons INTEGER CHECK (total_lessons >= 0),
                    created_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP
                );
                CREATE TABLE lessons (
                    lesson_id TEXT PRIMARY KEY NOT NULL CHECK (lesson_id <> ''),
                    course_id TEXT NOT NULL REFERENCES courses(course_id),
                    sequence INTEGER NOT NULL CHECK (sequence >= 1),
                    title TEXT NOT NULL,
                    objective TEXT,
                    prerequisite TEXT,
                    json_path TEXT NOT NULL
                );
                CREATE TABLE user_progress (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    lesson_id TEXT NOT NULL UNIQUE REFERENCES lessons(lesson_id),
                    completed BOOLEAN NOT NULL DEFAULT 0 CHECK (completed IN (0, 1)),
                    completed_at TIMESTAMP,
                    answer_given TEXT,
                    answer_correct BOOLEAN CHECK (answer_correct IN (0, 1)),
                    CHECK (completed = 0 OR completed_at IS NOT NULL)
                );
                CREATE TABLE session_state (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    current_lesson_id TEXT REFERENCES lessons(lesson_id),
                    current_state TEXT NOT NULL CHECK (current_state IN (\(states))),
                    current_segment INTEGER CHECK (current_segment BETWEEN 1 AND 7),
                    updated_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP,
                    CHECK ((current_state = 'IDLE') = (current_lesson_id IS NULL))
                );
                """)
        }
        migrator.registerMigration("v2: session_state.held_sentence") { db in
            // Where a segment held by "pause" resumes (LessonTurn); NULL when none is held.
            try db.execute(sql: "ALTER TABLE session_state ADD COLUMN held_sentence INTEGER CHECK (held_sentence >= 0)")
        }
        return migrator
    }()

    /// The journal mode in use (`wal`).
    public func journalMode() throws(ProgressStoreError) -> String {
        try read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    // MARK: - Curriculum rows

    /// Records (or updates) a course so its lessons can be registered.
    public func register(course: CourseOutline) throws(ProgressStoreError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO courses (course_id, title, description, total_lessons) VALUES (?, ?, ?, ?)
                ON CONFLICT(course_id) DO UPDATE SET title = excluded.title,
                    description = excluded.description, total_lessons = excluded.total_lessons
                """, arguments: [course.id, course.title, course.description, course.lessonIDs.count])
        }
    }

    /// Records (or updates) a lesson; progress and session state may refer only to
    /// registered lessons. The course must be registered first.
    public func register(lesson: Lesson, jsonPath: String) throws(ProgressStoreError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO lessons (lesson_id, course_id, sequence, title, objective, prerequisite, json_path)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(lesson_id) DO UPDATE SET course_id = excluded.course_id,
                    sequence = excluded.sequence, title = excluded.title, objective = excluded.objective,
                    prerequisite = excluded.prerequisite, json_path = excluded.json_path
                """, arguments: [lesson.id, lesson.courseID, lesson.sequence, lesson.title,
                                 lesson.objective, lesson.prerequisite, jsonPath])
        }
    }

    // MARK: - Writing what the session does

    /// Carries out the persistence effects among `effects` (answers, completions, session
    /// state) in one transaction, in order, after those of earlier calls that were not
    /// written; other effects are ignored. When the write fails, these are kept with the
    /// others in memory (``ProgressStoreError/notSaved(path:reason:waiting:)``) and written
    /// by the next call that can.
    public func persist(_ effects: [SessionEffect]) throws(ProgressStoreError) {
        let writes = effects.filter(\.isPersistence)
        let waiting = unsaved.withLock { $0 }
        guard !writes.isEmpty || !waiting.isEmpty else { return }
        do {
            try pool.write { db in
                for effect in waiting + writes { try Self.apply(effect, in: db) }
            }
            unsaved.withLock { $0.removeFirst(min(waiting.count, $0.count)) }
        } catch {
            // What another process or the disk refuses for now is kept; what the schema
            // refuses (progress of a lesson that is not registered) would be refused again.
            guard let failure = error as? DatabaseError, Self.passing.contains(failure.resultCode.primaryResultCode) else {
                throw .database(path: path, reason: Self.reason(error, at: path))
            }
            let count = unsaved.withLock { unsaved in
                unsaved.append(contentsOf: writes)
                return unsaved.count
            }
            throw .notSaved(path: path, reason: Self.reason(error), waiting: count)
        }
    }

    /// The failures a later write may not meet: the database busy or locked by another
    /// process, the disk full or failing, the file made read-only.
    private static let passing: [ResultCode] = [.SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_FULL, .SQLITE_IOERR,
                                                   .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PROTOCOL]

    /// How many persistence effects are waiting in memory for a write that failed.
    public var unsavedChanges: Int { unsaved.withLock { $0.count } }

    /// Writes what earlier writes left in memory, if anything.
    public func retryUnsaved() throws(ProgressStoreError) {
        try persist([])
    }

    private static func apply(_ effect: SessionEffect, in db: Database) throws {
        switch effect {
        case .recordAnswer(let lessonID, let evaluation):
            try db.execute(sql: """
                INSERT INTO user_progress (lesson_id, answer_given, answer_correct) VALUES (?, ?, ?)
                ON CONFLICT(lesson_id) DO UPDATE SET answer_given = excluded.answer_given,
                    answer_correct = excluded.answer_correct
                """, arguments: [lessonID, evaluation.matchedAnswer, evaluation.isCorrect])
        case .markLessonComplete(let lessonID):
            try db.execute(sql: """
                INSERT INTO user_progress (lesson_id, completed, completed_at) VALUES (?, 1, CURRENT_TIMESTAMP)
                ON CONFLICT(lesson_id) DO UPDATE SET completed = 1,
                    completed_at = COALESCE(user_progress.completed_at, excluded.completed_at)
                """, arguments: [lessonID])
        case .saveSessionState(let saved):
            try db.execute(sql: """
                INSERT INTO session_state (id, current_lesson_id, current_state, current_segment, held_sentence, updated_at)
                VALUES (1, ?, ?, ?, ?, CURRENT_TIMESTAMP)
                ON CONFLICT(id) DO UPDATE SET current_lesson_id = excluded.current_lesson_id,
                    current_state = excluded.current_state, current_segment = excluded.current_segment,
                    held_sentence = excluded.held_sentence, updated_at = excluded.updated_at
                """, arguments: [saved.lessonID, saved.state.rawValue, saved.segment, saved.heldSentence])
        default:
            break
        }
    }

    // MARK: - Reading

    /// The last saved session state; nil when none was saved (or the row is unreadable,
    /// which resumes as IDLE rather than failing).
    public func savedSession() throws(ProgressStoreError) -> SavedSession? {
        try read { db in
            // A database opened read-only may predate the hold (migration v2).
            let held = try db.columns(in: "session_state").contains { $0.name == "held_sentence" } ? "held_sentence" : "NULL AS held_sentence"
            guard let row = try Row.fetchOne(db, sql: "SELECT current_state, current_lesson_id, \(held) FROM session_state WHERE id = 1"),
                  let stateName: String = row["current_state"],
                  let state = SessionState(rawValue: stateName)
            else { return nil }
            return SavedSession(state: state, lessonID: row["current_lesson_id"], heldSentence: row["held_sentence"])
        }
    }

    /// The ids of every completed lesson.
    public func completedLessonIDs() throws(ProgressStoreError) -> Set<String> {
        try read { db in
            Set(try String.fetchAll(db, sql: "SELECT lesson_id FROM user_progress WHERE completed = 1"))
        }
    }

    /// Every registered lesson with its progress, by course and sequence.
    public func progress() throws(ProgressStoreError) -> [LessonProgress] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT l.lesson_id, l.course_id, l.sequence, l.title, p.completed, p.completed_at,
                       p.answer_correct, p.answer_given
                FROM lessons l LEFT JOIN user_progress p ON p.lesson_id = l.lesson_id
                ORDER BY l.course_id, l.sequence, l.lesson_id
                """).map { row in
                LessonProgress(
                    lessonID: row["lesson_id"], courseID: row["course_id"], sequence: row["sequence"],
                    title: row["title"], completed: (row["completed"] as Bool?) ?? false,
                    completedAt: row["completed_at"], answerCorrect: row["answer_correct"],
                    matchedAnswer: row["answer_given"])
            }
        }
    }

    /// Deletes all progress and the saved session (`user_progress` and `session_state`);
    /// the curriculum rows stay.
    public func reset() throws(ProgressStoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM user_progress")
            try db.execute(sql: "DELETE FROM session_state")
        }
    }

    // MARK: - Access

    private func read<T>(_ body: (Database) throws -> T) throws(ProgressStoreError) -> T {
        do {
            return try pool.read(body)
        } catch {
            throw .database(path: path, reason: Self.reason(error, at: path))
        }
    }

    private func write<T>(_ body: (Database) throws -> T) throws(ProgressStoreError) -> T {
        do {
            return try pool.write(body)
        } catch {
            throw .database(path: path, reason: Self.reason(error, at: path))
        }
    }

    /// What SQLite said of a failed open or write of `path`, or that the disk holding it is
    /// full when it is (SQLite says "disk I/O error" or "database or disk is full").
    private static func reason(_ error: any Error, at path: String) -> String {
        DiskSpace.explain(reason(error), writing: URL(fileURLWithPath: path).deletingLastPathComponent())
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return error.message ?? error.description
        }
        return String(describing: error)
    }
}
