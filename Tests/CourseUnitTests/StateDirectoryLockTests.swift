import Course
import Foundation
import Testing

@Suite("StateDirectoryLock")
struct StateDirectoryLockTests {
    @Test("a second session on the same state directory is refused, naming the process that holds it")
    func secondIsRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try StateDirectoryLock(directory: directory)
        do {
            _ = try StateDirectoryLock(directory: directory)
            Issue.record("a second lock was taken while the first was held")
        } catch {
            guard case .held(let named, let holder) = error else {
                Issue.record("expected held, got \(error)")
                return
            }
            #expect(named == directory.path)
            #expect(holder.hasPrefix("pid \(getpid()) "))
            #expect(error.description.contains("in use by pid \(getpid())"))
        }
        withExtendedLifetime(first) {}
    }

    @Test("the lock is free again once its holder is gone, with no stale file to clear")
    func releasedWhenGone() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do { _ = try StateDirectoryLock(directory: directory) }
        let again = try StateDirectoryLock(directory: directory)
        #expect(FileManager.default.fileExists(atPath: again.path))
    }

    @Test("the state directory is created when it does not exist yet")
    func createsTheDirectory() throws {
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let directory = parent.appendingPathComponent("state/deeper")
        _ = try StateDirectoryLock(directory: directory)
        #expect(FileManager.default.fileExists(atPath: directory.path))
    }
}
