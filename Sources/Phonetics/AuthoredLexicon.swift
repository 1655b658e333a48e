import Foundation
import Support

/// The authored pronunciation file, `Models/pronunciations.tsv`.
///
/// One pronunciation a line: `word<TAB>notation<TAB>transcription`, where notation is
/// `xsampa` (also `x-sampa`), `ipa` or `arpabet`. Lines starting with `#` are comments;
/// blank lines are skipped. Several lines for one word are alternatives, kept in file
/// order (the first is the preferred one, which espeak-ng speaks). Words are lowercased.
/// Any bad line fails the whole file with an error naming the file, the line and the
/// word or symbol: a half-read lexicon would silently lose words.
public enum AuthoredLexicon {
    /// Reads and parses the file at `url`.
    public static func load(_ url: URL) throws(PronunciationError) -> [String: [AuthoredPronunciation]] {
        guard let data = FileManager.default.contents(atPath: url.path), let text = TextFile.text(data) else {
            let why = FileManager.default.fileExists(atPath: url.path) ? "not UTF-8 text" : "no such file"
            throw .malformedLine(file: url.path, line: 0, reason: "cannot read the file as UTF-8 text: \(why)")
        }
        return try parse(text, file: url.path)
    }

    /// Parses lexicon text; `file` names it in errors.
    public static func parse(_ text: String, file: String) throws(PronunciationError) -> [String: [AuthoredPronunciation]] {
        var result: [String: [AuthoredPronunciation]] = [:]
        // Split on \n, \r\n and \r alike; keep empty lines so line numbers stay right.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (offset, rawLine) in lines.enumerated() {
            let number = offset + 1
            // Trim spaces only: a tab is a field separator, even at the ends.
            let line = rawLine.trimmingCharacters(in: Self.spaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: Self.spaces) }
            guard fields.count == 3 else {
                throw .malformedLine(
                    file: file, line: number,
                    reason: "expected word<TAB>notation<TAB>transcription, found \(fields.count) tab-separated field\(fields.count == 1 ? "" : "s")"
                )
            }
            let word = fields[0].lowercased()
            guard !word.isEmpty, !word.contains(where: \.isWhitespace) else {
                throw .malformedLine(file: file, line: number, reason: "the word \"\(fields[0])\" must be one word with no spaces")
            }
            guard let notation = PhoneticNotation(name: fields[1]) else {
                throw .malformedLine(
                    file: file, line: number,
                    reason: "unknown notation `\(fields[1])` for \"\(word)\" (use xsampa, ipa or arpabet)"
                )
            }
            let phones: [Phone]
            do {
                phones = try PhoneticConverter.phones(fields[2], notation: notation, word: word)
            } catch {
                throw .malformedLine(file: file, line: number, reason: error.description)
            }
            result[word, default: []].append(
                AuthoredPronunciation(word: word, notation: notation, transcription: fields[2], phones: phones)
            )
        }
        return result
    }

    private static let spaces = CharacterSet(charactersIn: " \r\u{FEFF}")
}
