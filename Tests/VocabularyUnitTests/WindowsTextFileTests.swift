import Foundation
import Testing
import Phonetics
import Normalisation
@testable import Vocabulary

/// The shipped pronunciations and corrections saved as a Windows editor would (CRLF line
/// ends, a byte-order mark) read exactly as the files themselves.
@Suite("Pronunciations and corrections saved with CRLF and a byte-order mark")
struct WindowsTextFileTests {
    static let models = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Models")

    /// A copy of `name` with CRLF line ends and a byte-order mark, in a folder of its own.
    static func windowsCopy(of name: String) throws -> URL {
        let text = try String(contentsOf: models.appendingPathComponent(name), encoding: .utf8)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("windows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent(name)
        try (Data([0xEF, 0xBB, 0xBF]) + Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)).write(to: copy)
        return copy
    }

    @Test("pronunciations.tsv")
    func pronunciations() throws {
        let copy = try Self.windowsCopy(of: "pronunciations.tsv")
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        let original = try AuthoredLexicon.load(Self.models.appendingPathComponent("pronunciations.tsv"))
        #expect(try AuthoredLexicon.load(copy) == original)
        #expect(!original.isEmpty)
    }

    @Test("corrections.tsv")
    func corrections() throws {
        let copy = try Self.windowsCopy(of: "corrections.tsv")
        defer { try? FileManager.default.removeItem(at: copy.deletingLastPathComponent()) }
        let original = try TranscriptCorrection.load(Self.models.appendingPathComponent("corrections.tsv").path)
        #expect(try TranscriptCorrection.load(copy.path) == original)
        #expect(!original.isEmpty)
    }
}
