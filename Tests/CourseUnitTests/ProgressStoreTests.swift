import Course
import Foundation
import Testing

/// Opens a store in `directory` (in memory when nil) with the sample course and lesson
/// registered.
func storeWithSampleLesson(in directory: URL? = nil) throws -> (ProgressStore, Lesson) {
    let store = try directory.map { try ProgressStore(stateDirectory: $0) } ?? ProgressStore.inMemory()
    let lesson = try sampleLesson()
    try store.register(course: CourseOutline(id: "test-course", title: "Test", description: nil, lessonIDs: [lesson.id]))
    try store.register(lesson: lesson, jsonPath: "courses/test-course/lessons/\(lesson.id).json")
    return (store, lesson)
}

/// Copies the database file and its WAL while the store is still open: what a power cut
/// would leave on disk.
func snapshotFiles(of directory: URL, to copy: URL) throws {
    try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
    for name in ["progress.db", "progress.db-wal"] {
        let source = directory.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: source.path) {
            try FileManager.default.copyItem(at: source, to: copy.appendingPathComponent(name))
        }
    }
}

@Suite("ProgressStore")
struct ProgressStoreTests {
    @Test("the database is in WAL mode and has the seed's four tables")
    func walAndTables() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try ProgressStore(stateDirectory: directory)
        #expect(try store.journalMode() == "wal")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("progress.db").path))
        #expect(try store.savedSession() == nil)
        #expect(try store.completedLessonIDs().isEmpty)
    }

    @Test("progress for an unregistered lesson is refused by the schema, not silently stored")
    func foreignKeys() throws {
        let store = try ProgressStore.inMemory()
        #expect(throws: ProgressStoreError.self) {
            try store.persist([.markLessonComplete(lessonID: "nowhere")])
        }
        #expect(try store.completedLessonIDs().isEmpty)
    }

    @Test("an answer is stored as correctness and the curriculum's matched answer, never the words said")
    func answerPrivacy() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (store, lesson) = try storeWithSampleLesson(in: directory)
        var h = Harness()
        for step in try #require(steps(to: .questionAsked, lesson: lesson)) {
            if case .event(let event) = step { try store.persist(h.send(event)) } else { try store.persist(h.fireTimer()) }
        }
        let spoken = "blessing and LAND and the descendants"
        try store.persist(h.send(.answer(spoken)))
        let row = try #require(try store.progress().first)
        #expect(row.answerCorrect == true)
        #expect(row.matchedAnswer == "Land, descendants, and blessing")
        #expect(row.completed == false)
        // The raw words appear nowhere in the files.
        for name in ["progress.db", "progress.db-wal"] {
            let data = (try? Data(contentsOf: directory.appendingPathComponent(name))) ?? Data()
            #expect(data.range(of: Data(spoken.utf8)) == nil, "\(name) holds the transcript")
        }
    }

    @Test("reset deletes progress and session state, keeps the curriculum rows")
    func reset() throws {
        let (store, lesson) = try storeWithSampleLesson()
        try store.persist([
            .markLessonComplete(lessonID: lesson.id),
            .saveSessionState(SavedSession(state: .contextReady, lessonID: lesson.id)),
        ])
        #expect(try store.completedLessonIDs() == [lesson.id])
        try store.reset()
        #expect(try store.completedLessonIDs().isEmpty)
        #expect(try store.savedSession() == nil)
        let rows = try store.progress()
        #expect(rows.map(\.lessonID) == [lesson.id])
        #expect(rows.first?.completed == false)
    }

    @Test("completing twice keeps the first completion time")
    func completionIsIdempotent() throws {
        let (store, lesson) = try storeWithSampleLesson()
        try store.persist([.markLessonComplete(lessonID: lesson.id)])
        let first = try #require(try store.progress().first?.completedAt)
        try store.persist([.markLessonComplete(lessonID: lesson.id)])
        #expect(try store.progress().first?.completedAt == first)
        #expect(try store.completedLessonIDs() == [lesson.id])
    }
}

@Suite("Resume after a crash")
struct CrashResumeTests {
    /// Stops a persisted session in `state`, then reopens the database from a copy of its
    /// files taken while it was open (no clean close), and resumes.
    @Test(arguments: restingStates)
    func resumeFromEveryState(state: SessionState) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (store, lesson) = try storeWithSampleLesson(in: directory)
        var h = Harness()
        for step in try #require(steps(to: state, lesson: lesson)) {
            switch step {
            case .event(let event): try store.persist(h.send(event))
            case .fireTimer: try store.persist(h.fireTimer())
            }
        }
        try #require(h.machine.state == state)

        let crashed = directory.appendingPathComponent("after-crash")
        try snapshotFiles(of: directory, to: crashed)
        let reopened = try ProgressStore(stateDirectory: crashed)
        let saved = try reopened.savedSession()
        if state == .idle {
            #expect(saved == nil)
        } else {
            #expect(saved == SavedSession(state: state, lessonID: lesson.id))
        }

        let (machine, effects) = SessionMachine.start(from: saved, lesson: lesson)
        try reopened.persist(effects)
        #expect(machine.state == (state == .idle ? .idle : state.resumePoint == .lessonLoaded ? .orientationPlaying : state.resumePoint))
        let completed = try reopened.completedLessonIDs()
        #expect(completed == (state == .sessionComplete ? [lesson.id] : []))
        let answered = try reopened.progress().first?.answerCorrect
        let answeredStates: [SessionState] = [.questionAnswered, .closeReady, .closePlaying, .sessionComplete]
        #expect(answered == (answeredStates.contains(state) ? true : nil))
        // What was saved after resuming is what the next crash would resume from.
        #expect((try reopened.savedSession()?.state ?? .idle) == machine.state)
    }

    @Test("a completed lesson survives a crash right after SESSION_COMPLETE, and the next begin offers the next lesson")
    func completedLessonNotLost() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let (store, lesson) = try storeWithSampleLesson(in: directory)
            var h = Harness()
            for step in try #require(steps(to: .sessionComplete, lesson: lesson)) {
                switch step {
                case .event(let event): try store.persist(h.send(event))
                case .fireTimer: try store.persist(h.fireTimer())
                }
            }
        }
        let reopened = try ProgressStore(stateDirectory: directory)
        #expect(try reopened.completedLessonIDs() == ["t_lesson_01"])
        let (machine, _) = SessionMachine.start(from: try reopened.savedSession(), lesson: try sampleLesson())
        #expect(machine.state == .idle)
    }
}
