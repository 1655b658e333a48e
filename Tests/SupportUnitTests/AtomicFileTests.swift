import Foundation
import Support
import Testing

@Suite("AtomicFile: whole writes that nothing planted can redirect")
struct AtomicFileTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a link planted at the old predictable temporary name is never written through")
    func plantedTemporaryLink() throws {
        let dir = try folder()
        let outside = try folder()
        defer { try? FileManager.default.removeItem(at: dir); try? FileManager.default.removeItem(at: outside) }
        let victim = outside.appendingPathComponent("victim.txt")
        try Data("keep me".utf8).write(to: victim)
        let target = dir.appendingPathComponent("answer.jsgf")
        // The name the writer used before: .<name>.<pid>.tmp.
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent(".answer.jsgf.\(ProcessInfo.processInfo.processIdentifier).tmp").path,
            withDestinationPath: victim.path)

        try AtomicFile.write(Data("grammar".utf8), to: target)

        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me")
        #expect(try String(contentsOf: target, encoding: .utf8) == "grammar")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        #expect(left == [".answer.jsgf.\(ProcessInfo.processInfo.processIdentifier).tmp"], "no temporary file of its own is left")
    }

    @Test("a target that is a link is replaced by the file, not written through")
    func targetLinkReplaced() throws {
        let dir = try folder()
        let outside = try folder()
        defer { try? FileManager.default.removeItem(at: dir); try? FileManager.default.removeItem(at: outside) }
        let victim = outside.appendingPathComponent("victim.txt")
        try Data("keep me".utf8).write(to: victim)
        let target = dir.appendingPathComponent("model.dict")
        try FileManager.default.createSymbolicLink(atPath: target.path, withDestinationPath: victim.path)

        try AtomicFile.write(Data("words".utf8), to: target)

        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: target.path)) == nil, "the target is a file now")
        #expect(try String(contentsOf: target, encoding: .utf8) == "words")
    }

    @Test("a folder that is a link is refused, naming it")
    func folderLinkRefused() throws {
        let dir = try folder()
        let outside = try folder()
        defer { try? FileManager.default.removeItem(at: dir); try? FileManager.default.removeItem(at: outside) }
        let link = dir.appendingPathComponent("model")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: outside.path)
        do {
            try AtomicFile.write(Data("x".utf8), to: link.appendingPathComponent("answer.jsgf"))
            Issue.record("wrote through a linked folder")
        } catch {
            #expect(error.path == link.path)
            #expect(error.description.contains("symbolic link"))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test("temporary files and folders get unpredictable names, private to the user")
    func unpredictableNames() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("Bible.db")
        let first = try AtomicFile.temporaryFile(beside: target)
        let second = try AtomicFile.temporaryFile(beside: target)
        #expect(first != second)
        #expect(first.lastPathComponent.hasPrefix(".Bible.db.") && first.lastPathComponent.hasSuffix(".tmp"))
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: first.path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let a = try AtomicFile.temporaryFolder(prefix: "bible-course-demo-")
        let b = try AtomicFile.temporaryFolder(prefix: "bible-course-demo-")
        defer { try? FileManager.default.removeItem(at: a); try? FileManager.default.removeItem(at: b) }
        #expect(a != b)
        #expect(!a.lastPathComponent.hasSuffix("\(ProcessInfo.processInfo.processIdentifier)"))
        let folderMode = try #require(try FileManager.default.attributesOfItem(atPath: a.path)[.posixPermissions] as? Int)
        #expect(folderMode == 0o700)
    }

    @Test("what a killed writer left is removed once old; a writer still at work and other files are left")
    func leftovers() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("Bible.db")
        let old = Date(timeIntervalSinceNow: -2 * AtomicFile.leftoverAge)
        func make(_ name: String, folder: Bool = false, date: Date) throws {
            let url = dir.appendingPathComponent(name)
            if folder { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } else {
                try Data("x".utf8).write(to: url)
            }
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
        }
        try make(".Bible.db.aB3dE9.tmp", date: old)
        try make(".Bible.db.aB3dE9.tmp-journal", date: old)
        try make(".Bible.db-build-x1Y2z3", folder: true, date: old)
        try make(".Bible.db.Zz9Yy8.tmp", date: Date())
        try make(".other.db.aB3dE9.tmp", date: old)
        try make("Bible.db", date: old)
        let removed = AtomicFile.removeLeftovers(beside: target).map(\.lastPathComponent).sorted()
        #expect(removed == [".Bible.db-build-x1Y2z3", ".Bible.db.aB3dE9.tmp", ".Bible.db.aB3dE9.tmp-journal"])
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == [".Bible.db.Zz9Yy8.tmp", ".other.db.aB3dE9.tmp", "Bible.db"])
    }
}
