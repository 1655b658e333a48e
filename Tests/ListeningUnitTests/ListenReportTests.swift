import Foundation
import Logging
import Scripture
import Testing
@testable import Listening

@Suite("Listen mode reports passages, never the words of speech that named none")
struct ListenReportTests {
    static let privateWords = "my name is alice smith my phone number is five five five"
    static let chatter = ScriptureListener.Heard(start: 1, end: 4, text: privateWords, references: [])
    static let passage = ScriptureListener.Heard(
        start: 5, end: 8, text: "for god so loved the world",
        references: [.init(reference: try! ScriptureReference.parse("John 3:16")[0], how: .quoted, confidence: 0.8)])

    @Test("at info, speech with no passage is written nowhere: journal, file or terminal",
          arguments: [ListenReport.Destination.journal, .file("/tmp/passages.jsonl"), .standardOutput])
    func chatterIsNotReported(_ destination: ListenReport.Destination) {
        #expect(ListenReport(destination: destination, logLevel: .info).line(Self.chatter) == nil)
    }

    @Test("to the journal, a passage is its reference and times, without the words")
    func journalGetsReferencesOnly() throws {
        let line = try #require(ListenReport(destination: .journal, logLevel: .info).line(Self.passage))
        #expect(line.contains("John 3:16"))
        #expect(!line.contains("loved"))
        #expect(!line.contains("\"text\""))
    }

    @Test("to a file the user named, or a terminal, a passage comes with the words that named it")
    func namedFileGetsWords() throws {
        for destination in [ListenReport.Destination.file("/tmp/p.jsonl"), .standardOutput] {
            let line = try #require(ListenReport(destination: destination, logLevel: .notice).line(Self.passage))
            #expect(line.contains("for god so loved the world"))
            #expect(line.contains("John 3:16"))
        }
    }

    @Test("at debug, everything is written, words and all, wherever it goes")
    func debugWritesEverything() throws {
        let line = try #require(ListenReport(destination: .journal, logLevel: .debug).line(Self.chatter))
        #expect(line.contains(Self.privateWords))
    }

    @Test("standard output is the journal only when JOURNAL_STREAM names its own device and inode")
    func journalDetection() throws {
        let pipe = Pipe()
        let descriptor = pipe.fileHandleForWriting.fileDescriptor
        var status = stat()
        try #require(fstat(descriptor, &status) == 0)
        #expect(ListenReport.standardOutput(environment: ["JOURNAL_STREAM": "\(status.st_dev):\(status.st_ino)"],
                                            descriptor: descriptor) == .journal)
        #expect(ListenReport.standardOutput(environment: ["JOURNAL_STREAM": "8:12345"], descriptor: descriptor) == .standardOutput)
        #expect(ListenReport.standardOutput(environment: [:], descriptor: descriptor) == .standardOutput)
    }

    @Test("the output file is created private and appended to; a symbolic link there is refused")
    func outputFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("passages.jsonl").path
        do {
            let file = try ListenOutputFile(path: path)
            try file.append("one")
        }
        try ListenOutputFile(path: path).append("two")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\ntwo\n")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)

        let link = folder.appendingPathComponent("link.jsonl").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.appendingPathComponent("elsewhere").path)
        #expect(throws: ListenOutputError.self) { try ListenOutputFile(path: link) }
        // A FIFO with no reader would hold the daemon before it is ready: refused at once.
        let fifo = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("fifo-\(UUID().uuidString)").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        #expect(throws: ListenOutputError.self) { try ListenOutputFile(path: fifo) }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("elsewhere").path))
    }
}
