import Course
import Foundation
import GRDB
import Testing

/// Another connection to `progress.db` holding its write lock, as `progress reset` or a
/// `sqlite3` shell in another process would, until ``release()``.
final class WriteLockHolder: @unchecked Sendable {
    private let queue: DatabaseQueue

    init(_ directory: URL) throws {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true  // the transaction spans two accesses
        queue = try DatabaseQueue(path: directory.appendingPathComponent("progress.db").path, configuration: configuration)
        try queue.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE; UPDATE courses SET title = title") }
    }

    func release() throws {
        try queue.inDatabase { db in try db.execute(sql: "COMMIT") }
    }
}

@Suite("Progress while another process holds the database")
struct BusyProgressTests {
    @Test("a lesson completed while another process holds the database for a moment is written when it lets go")
    func waitsForABriefLock() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (store, lesson) = try storeWithSampleLesson(in: directory)
        let holder = try WriteLockHolder(directory)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { try? holder.release() }
        try store.persist([.markLessonComplete(lessonID: lesson.id)])
        #expect(try store.completedLessonIDs() == [lesson.id])
        #expect(store.unsavedChanges == 0)
    }

    @Test("a write refused past the busy timeout is kept in memory, said, and written by the next write")
    func keepsWhatItCouldNotWrite() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (_, lesson) = try storeWithSampleLesson(in: directory)
        let store = try ProgressStore(stateDirectory: directory, busyTimeout: 0.1)
        let holder = try WriteLockHolder(directory)
        let saved = SavedSession(state: .idle, lessonID: nil, heldSentence: nil)
        do {
            try store.persist([.markLessonComplete(lessonID: lesson.id), .saveSessionState(saved)])
            Issue.record("the write went through while the database was locked")
        } catch {
            guard case .notSaved(_, let reason, let waiting) = error else {
                Issue.record("expected notSaved, got \(error)")
                return
            }
            #expect(waiting == 2)
            #expect(reason.contains("locked"))
            #expect(error.description.contains("kept in memory"))
        }
        #expect(store.unsavedChanges == 2)
        try holder.release()
        #expect(try store.completedLessonIDs().isEmpty)
        try store.persist([])
        #expect(try store.completedLessonIDs() == [lesson.id])
        #expect(try store.savedSession() == saved)
        #expect(store.unsavedChanges == 0)
    }

    @Test("what the schema refuses is not kept, so it cannot block every later write")
    func schemaRefusalsAreNotKept() throws {
        let store = try ProgressStore.inMemory()
        #expect(throws: ProgressStoreError.self) {
            try store.persist([.markLessonComplete(lessonID: "nowhere")])
        }
        #expect(store.unsavedChanges == 0)
        try store.persist([.saveSessionState(SavedSession(state: .idle, lessonID: nil, heldSentence: nil))])
    }
}

@Suite("A session whose progress cannot be written for a while")
struct UnsavedSessionTests {
    @Test("a lesson finished while the database stays locked is said in the log, kept, and written once it can be")
    func lessonKeptUntilWritten() throws {
        let curriculum = try CurriculumFixture().write()
        let state = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: curriculum); try? FileManager.default.removeItem(at: state) }
        let records = RecordList()
        let session = try makeSession(curriculum: curriculum, state: state, records: records, busyTimeout: 0.1)
        session.start()
        session.receive("Begin the lesson")
        let holder = try WriteLockHolder(state)
        for line in ["Read the passage", "Explain the context", "Analyze the structure",
                     "Summarize the key themes", "Ask the review question", "blessing, land and descendants"] {
            session.receive(line)
        }
        session.finish()
        #expect(session.state == .idle)
        let failures = records.items.compactMap { if case .failure(let text) = $0.event { text } else { nil } }
        #expect(failures.contains { $0.contains("progress not saved") && $0.contains("kept in memory") })
        try holder.release()
        #expect(try ProgressStore(stateDirectory: state).completedLessonIDs().isEmpty)

        session.receive("What is this?")
        #expect(try ProgressStore(stateDirectory: state).completedLessonIDs() == ["tc_01"])
        #expect(try ProgressStore(stateDirectory: state).savedSession()?.state == .idle)
        #expect(records.items.contains { if case .notice(let text) = $0.event { text.hasPrefix("progress saved") } else { false } })
    }
}
