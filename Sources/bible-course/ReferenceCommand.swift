import Support
import ArgumentParser
import Assistant
import Course
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
            Each line is parsed as a written or spoken reference ("John 3:16", "romans eight \
            twenty eight", "the twenty third psalm", "the fifth chapter of romans") and checked \
            against the real chapter and verse bounds; how ambiguous forms are read is in \
            docs/references.md. Output uses OSIS book ids: `Book C:V`, `Book C:V-V`, \
            `Book C:V-C:V`, `Book C` (a whole chapter), several joined by `; `. Without --json \
            each line prints the reference, or `error: ...`. A line that does not read as it \
            is gets a second reading after the transcript normaliser (see `normalise`) has \
            put a misspelt or misheard book right ("habbakuk two four" is Hab 2:4).
            """
    )

    @Flag(help: "Print one JSON object per line: {\"input\", \"reference\", \"error\"}.")
    var json = false

    @OptionGroup var paths: PathOptions

    func run() throws {
        // Set up on the first line that does not read as it is.
        let normalise = NormaliseCommand.onFirstUse(paths, consequence: "lines are read as they are")
        func corrected(_ line: String) -> String? {
            let text = normalise(line)
            return text == line ? nil : text
        }
        while let line = readLine(strippingNewline: true) {
            let result: (reference: String?, error: String?)
            do throws(ReferenceError) {
                let references: [ScriptureReference]
                do throws(ReferenceError) {
                    references = try ScriptureReference.parse(line)
                } catch {
                    // A misspelt or misheard book ("habbakuk two four"): the normaliser's
                    // correction, if it reads; else the error about the line as written. A
                    // book of another canon was read right: no correction.
                    if case .notInThisBible = error { throw error }
                    guard let text = corrected(line), let fixed = try? ScriptureReference.parse(text) else {
                        throw error as ReferenceError
                    }
                    references = fixed
                }
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
        var line = JSONLine()
        line.add("input", input)
        line.add("reference", reference)
        line.add("error", error)
        return line.text
    }
}
