@testable import Course
import Foundation
import GRDB
import Testing

@Suite("ProgressStore: a held segment")
struct HeldSessionStoreTests {
    @Test("a held segment's sentence is saved and read back; a session that holds none reads nil")
    func heldSentenceRoundTrip() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try ProgressStore(stateDirectory: directory)
        let lesson = try sampleLesson()
        try store.register(course: CourseOutline(id: lesson.courseID, title: "t", description: nil, lessonIDs: [lesson.id]))
        try store.register(lesson: lesson, jsonPath: "l.json")
        try store.persist([.saveSessionState(SavedSession(state: .contextReady, lessonID: lesson.id, heldSentence: 3))])
        #expect(try ProgressStore(stateDirectory: directory).savedSession()
                == SavedSession(state: .contextReady, lessonID: lesson.id, heldSentence: 3))
        try store.persist([.saveSessionState(SavedSession(state: .contextPlaying, lessonID: lesson.id))])
        #expect(try store.savedSession()?.heldSentence == nil)
    }

    @Test("a database written before holds existed is migrated: its saved session and progress are kept")
    func migratesAnOldDatabase() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("progress.db").path
        do {
            // The first schema alone, with a lesson under way and one complete.
            let queue = try DatabaseQueue(path: path)
            try ProgressStore.migrator.migrate(queue, upTo: "v1: courses, lessons, user_progress, session_state")
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO courses (course_id, title) VALUES ('c', 'C');
                    INSERT INTO lessons (lesson_id, course_id, sequence, title, json_path) VALUES ('l1', 'c', 1, 'One', 'a'), ('l2', 'c', 2, 'Two', 'b');
                    INSERT INTO user_progress (lesson_id, completed, completed_at) VALUES ('l1', 1, CURRENT_TIMESTAMP);
                    INSERT INTO session_state (id, current_lesson_id, current_state, current_segment) VALUES (1, 'l2', 'ANALYSIS_READY', 4);
                    """)
            }
            #expect(try queue.read { db in try db.columns(in: "session_state").map(\.name) }.contains("held_sentence") == false)
        }
        // Read-only (progress show) before any writer migrated it: read as holding nothing.
        #expect(try ProgressStore(readingExisting: path).savedSession() == SavedSession(state: .analysisReady, lessonID: "l2"))
        let store = try ProgressStore(path: path)
        #expect(try store.savedSession() == SavedSession(state: .analysisReady, lessonID: "l2"))
        #expect(try store.completedLessonIDs() == ["l1"])
        try store.persist([.saveSessionState(SavedSession(state: .analysisReady, lessonID: "l2", heldSentence: 0))])
        #expect(try store.savedSession()?.heldSentence == 0)
    }
}
