import Foundation
import Support

/// One reviewed correction pair of `Models/corrections.tsv`: what a recogniser or a
/// person writes ("have a cook", "habbakuk") and the canonical form meant ("Habakkuk").
/// Applied before any phonetic matching, for the mistakes that are known and frequent.
public struct TranscriptCorrection: Hashable, Sendable {
    /// The heard form's words, lowercase.
    public let heard: [String]
    public let canonical: String

    public init(heard: String, canonical: String) {
        self.heard = CanonicalTerm.words(heard)
        self.canonical = canonical
    }

    public static let defaultFile = "corrections.tsv"

    /// Reads a corrections file: `heard<TAB>canonical` a line; `#` comments and blank lines
    /// skipped. A malformed line is an error naming the file and line.
    public static func load(_ path: String) throws(NormalisationError) -> [TranscriptCorrection] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .missingFile(what: "corrections file", path: path)
        }
        guard let text = TextFile.text(data) else {
            throw .unreadable(path: path, reason: "not UTF-8 text")
        }
        return try parse(text, file: path)
    }

    public static func parse(_ text: String, file: String) throws(NormalisationError) -> [TranscriptCorrection] {
        var corrections: [TranscriptCorrection] = []
        var seen: [[String]: Int] = [:]
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let number = index + 1
            let fields = raw.split(separator: "\t", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 2 else {
                throw .badCorrection(path: file, line: number, reason: "expected two fields separated by a TAB (heard, canonical), found \(fields.count)")
            }
            let correction = TranscriptCorrection(heard: fields[0], canonical: fields[1])
            guard !correction.heard.isEmpty else {
                throw .badCorrection(path: file, line: number, reason: "the heard form \"\(fields[0])\" has no words")
            }
            guard !CanonicalTerm.words(fields[1]).isEmpty else {
                throw .badCorrection(path: file, line: number, reason: "the canonical form \"\(fields[1])\" has no words")
            }
            if let first = seen[correction.heard] {
                throw .badCorrection(path: file, line: number, reason: "\"\(fields[0])\" is already corrected on line \(first)")
            }
            seen[correction.heard] = number
            corrections.append(correction)
        }
        return corrections
    }
}
