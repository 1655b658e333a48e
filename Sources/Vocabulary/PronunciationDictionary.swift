import Foundation

/// The PocketSphinx dictionary format: one line per pronunciation, `word PH ON ES`, the
/// second and later alternatives as `word(2)`, no stress digits (the en-us model has none).
public enum PronunciationDictionary {
    public static func text(lexicon: Lexicon, garbage: [(word: String, phone: String)]) -> String {
        var lines: [String] = []
        for word in lexicon.entries.keys.sorted() {
            guard let entry = lexicon.entries[word] else { continue }
            var seen = Set<String>()
            for phones in entry.pronunciations {
                let line = PhoneticConverter.dictionaryEntry(phones)
                guard seen.insert(line).inserted else { continue }
                let name = seen.count == 1 ? word : "\(word)(\(seen.count))"
                lines.append("\(name) \(line)")
            }
        }
        for (word, phone) in garbage {
            lines.append("\(word) \(phone)")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension PronunciationDictionary {
    /// Each word's first pronunciation in a dictionary file of this format (the `word(2)`
    /// alternatives are skipped).
    public static func firstPronunciations(path: String) throws(VocabularyError) -> [String: [String]] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .missingFile(what: "pronunciation dictionary", path: path)
        }
        var entries: [String: [String]] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard let head = fields.first, fields.count > 1, !head.contains("(") else { continue }
            entries[String(head)] = fields.dropFirst().map(String.init)
        }
        return entries
    }
}
