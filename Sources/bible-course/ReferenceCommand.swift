import ArgumentParser
import Assistant
import Foundation
import Scripture

/// `bible-course reference`: normalises references read from stdin, one per line.
///
/// The JSON form is a stable interface other tools read:
/// `{"input": "1 Cor 13:4-7", "reference": "1Cor 13:4-7", "error": null}`.
struct ReferenceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reference",
        abstract: "Normalise Bible references read from stdin, one per line.",
        discussion: """
            Each line is parsed as a written or spoken reference and checked against the real \
            chapter and verse bounds. Output uses OSIS book ids: `Book C:V`, `Book C:V-V`, \
            `Book C:V-C:V`, `Book C` (a whole chapter), several joined by `; `. Without --json \
            each line prints the reference, or `error: ...`.
            """
    )

    @Flag(help: "Print one JSON object per line: {\"input\", \"reference\", \"error\"}.")
    var json = false

    func run() throws {
        while let line = readLine(strippingNewline: true) {
            let result: (reference: String?, error: String?)
            do {
                let references = try ScriptureReference.parse(line)
                result = (references.map(\.compact).joined(separator: "; "), nil)
            } catch {
                result = (nil, error.description)
            }
            if json {
                print(Self.jsonLine(input: line, reference: result.reference, error: result.error))
            } else {
                print(result.reference ?? "error: \(result.error ?? "")")
            }
        }
    }

    static func jsonLine(input: String, reference: String?, error: String?) -> String {
        // Keys in a fixed order; JSONSerialization cannot promise one.
        "{\"input\": \(JSONText.string(input)), \"reference\": \(JSONText.string(reference)), \"error\": \(JSONText.string(error))}"
    }
}

/// JSON string literals for the line-oriented outputs (the escaping is ``JSONLine``'s).
enum JSONText {
    static func string(_ value: String?) -> String {
        value.map(JSONLine.quoted) ?? "null"
    }
}
