import Foundation
import Testing
@testable import Scripture

/// The reference set (`reference-set.tsv`): spoken and written references the ways people
/// say and transcribe them, and references that must be refused, each with what it names.
/// `scripts/bench-scripture.sh` prints the same rates beside the previous build's.
@Suite("Reference set")
struct ReferenceSetTests {
    struct Case: Sendable, CustomStringConvertible {
        let kind: String
        let input: String
        let expected: String
        var description: String { "\(kind): \(input)" }
    }

    static let cases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("reference-set.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return fields.count == 3 ? Case(kind: fields[0], input: fields[1], expected: fields[2]) : nil
        }
    }()

    /// What the parser makes of `input`, in the set's terms.
    static func read(_ input: String) -> String {
        do {
            return try ScriptureReference.parse(input).map(\.compact).joined(separator: "; ")
        } catch {
            return "error:\(ErrorKind(error).rawValue)"
        }
    }

    @Test("the set holds at least 300 spoken and 200 written references and refusals")
    func size() {
        #expect(Self.cases.filter { $0.kind == "spoken" }.count >= 300)
        #expect(Self.cases.filter { $0.kind == "written" }.count >= 200)
        #expect(Self.cases.filter { $0.kind == "invalid" }.count >= 50)
    }

    @Test("at least 99.5% of spoken and of written references read right", arguments: ["spoken", "written"])
    func rate(_ kind: String) {
        let cases = Self.cases.filter { $0.kind == kind }
        let wrong = cases.filter { Self.read($0.input) != $0.expected }
        for c in wrong { Issue.record("\(c.input) -> \(Self.read(c.input)), expected \(c.expected)") }
        #expect(Double(cases.count - wrong.count) >= 0.995 * Double(cases.count))
    }

    @Test("every invalid reference is refused with its reason")
    func refusals() {
        for c in Self.cases where c.kind == "invalid" {
            #expect(Self.read(c.input) == c.expected, "\(c.input)")
            do {
                _ = try ScriptureReference.parse(c.input)
            } catch {
                #expect(!error.description.isEmpty && !error.description.contains("\n"), "\(c.input)")
            }
        }
    }
}
