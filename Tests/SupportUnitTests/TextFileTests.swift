import Foundation
import Support
import Testing

/// A line-based file reads the same whether it was saved with LF, CRLF or CR line ends, and
/// with or without a UTF-8 byte-order mark.
@Suite("Text files: line ends and the byte-order mark")
struct TextFileTests {
    static let lines = ["# a comment", "voice = \"en-us\"", "", "rate = 0.9"]

    /// The lines saved the way `ending` and `mark` say.
    static func saved(_ ending: String, mark: Bool) -> Data {
        (mark ? Data([0xEF, 0xBB, 0xBF]) : Data()) + Data((lines.joined(separator: ending) + ending).utf8)
    }

    @Test("LF, CRLF and CR, each with and without a byte-order mark, read as the same lines",
          arguments: ["\n", "\r\n", "\r"], [false, true])
    func sameText(ending: String, mark: Bool) throws {
        let text = try #require(TextFile.text(Self.saved(ending, mark: mark)))
        #expect(text == Self.lines.joined(separator: "\n") + "\n")
        #expect(Array(text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)) == Self.lines)
    }

    @Test("bytes that are not UTF-8 are no text")
    func notText() {
        #expect(TextFile.text(Data([0x66, 0xFF, 0xFE, 0x0A])) == nil)
    }
}
