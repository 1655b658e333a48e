import Course
import Foundation
import GRDB
import Testing

/// A progress database with one completed lesson and enough curriculum rows to span many
/// pages, closed: the file a power cut or a bad disk could damage.
private func savedProgress(in directory: URL) throws -> URL {
    do {
        let (store, lesson) = try storeWithSampleLesson(in: directory)
        for number in 2...200 {
            let other = try sampleLesson(id: "t_lesson_\(number)", sequence: number)
            try store.register(lesson: other, jsonPath: String(repeating: "courses/test-course/lessons/", count: 8) + other.id)
        }
        try store.persist([.markLessonComplete(lessonID: lesson.id)])
    }
    return directory.appendingPathComponent("progress.db")
}

private func keptAside(in directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path)
        .filter { $0.hasPrefix("progress.db.corrupt-") && !$0.hasSuffix("-wal") }
}

@Suite("A damaged or planted progress database")
struct DamagedProgressTests {
    @Test("a garbage header: the file is kept aside unchanged, a new database starts, and the store says so")
    func garbageHeader() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try savedProgress(in: directory)
        var bytes = try Data(contentsOf: file)
        bytes.replaceSubrange(0..<16, with: Data("not a database!!".utf8))
        try bytes.write(to: file)

        let store = try ProgressStore(stateDirectory: directory)
        let damaged = try #require(store.damaged)
        #expect(damaged.keptAs.hasPrefix(file.path + ".corrupt-"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: damaged.keptAs)) == bytes)
        #expect(try keptAside(in: directory).count == 1)
        #expect(try store.completedLessonIDs().isEmpty)
        #expect(try store.journalMode() == "wal")
    }

    @Test("a file cut in half is found by the check at open, kept aside, and a new database starts")
    func cutInHalf() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try savedProgress(in: directory)
        let bytes = try Data(contentsOf: file)
        #expect(bytes.count > 8 * 4096)
        try bytes.prefix(bytes.count / 2).write(to: file)

        let store = try ProgressStore(stateDirectory: directory)
        #expect(store.damaged != nil)
        #expect(try keptAside(in: directory).count == 1)
        try store.register(course: CourseOutline(id: "test-course", title: "Test", description: nil, lessonIDs: []))
        #expect(try store.progress().isEmpty)
    }

    @Test("reading a damaged database (progress show) names it and leaves it where it is")
    func readingDamaged() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try savedProgress(in: directory)
        try Data(repeating: 0x5A, count: 8192).write(to: file)
        do {
            _ = try ProgressStore(readingExisting: file.path)
            Issue.record("a damaged database was read")
        } catch {
            guard case .damaged(let path, _) = error else {
                Issue.record("not reported as damaged: \(error)")
                return
            }
            #expect(path == file.path)
        }
        #expect(try keptAside(in: directory).isEmpty)
        #expect(try Data(contentsOf: file) == Data(repeating: 0x5A, count: 8192))
    }

    @Test("reading progress writes nothing: no file changes and none is created")
    func readingWritesNothing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try savedProgress(in: directory)
        let before = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let bytes = try Data(contentsOf: directory.appendingPathComponent("progress.db"))
        do {
            let store = try ProgressStore(readingExisting: directory.appendingPathComponent("progress.db").path)
            #expect(try store.progress().filter(\.completed).map(\.lessonID) == ["t_lesson_01"])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == before)
        #expect(try Data(contentsOf: directory.appendingPathComponent("progress.db")) == bytes)
    }

    @Test("a progress.db that is a symbolic link is refused, and nothing is created where it points")
    func symbolicLink() throws {
        let directory = try temporaryDirectory()
        let elsewhere = try temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: directory)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        let target = elsewhere.appendingPathComponent("planted.db")
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("progress.db").path,
                                                   withDestinationPath: target.path)
        for open in [{ _ = try ProgressStore(stateDirectory: directory) },
                     { _ = try ProgressStore(readingExisting: directory.appendingPathComponent("progress.db").path) }] {
            do {
                try open()
                Issue.record("a symbolic link was opened")
            } catch let error as ProgressStoreError {
                guard case .symbolicLink = error else {
                    Issue.record("not refused as a link: \(error)")
                    continue
                }
                #expect(error.description.contains("symbolic link"))
            }
        }
        #expect(!FileManager.default.fileExists(atPath: target.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }
}

@Suite("Progress written by a newer version")
struct NewerProgressTests {
    @Test("a progress.db with a schema change this version does not know is refused, named, and left as it is")
    func newerSchemaIsRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (store, lesson) = try storeWithSampleLesson(in: directory)
        try store.persist([.markLessonComplete(lessonID: lesson.id)])
        // What a later version's migration would leave.
        let queue = try DatabaseQueue(path: directory.appendingPathComponent("progress.db").path)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9: from the future')")
        }
        try queue.close()
        do {
            _ = try ProgressStore(stateDirectory: directory)
            Issue.record("a database of a newer version was opened")
        } catch {
            guard case .newerSchema(_, let unknown) = error else {
                Issue.record("expected newerSchema, got \(error)")
                return
            }
            #expect(unknown == ["v9: from the future"])
            #expect(error.description.contains("written by a newer bible-course"))
        }
        #expect(try ProgressStore(readingExisting: directory.appendingPathComponent("progress.db").path).completedLessonIDs() == [lesson.id])
    }
}
