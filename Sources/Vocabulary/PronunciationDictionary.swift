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
    /// The words of a dictionary in this format, each with its pronunciations (phones
    /// separated by spaces) in file order: `word(2)` lines are joined to `word`.
    public static func entries(_ text: String) -> [String: [String]] {
        var entries: [String: [String]] = [:]
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard fields.count == 2 else { continue }
            var word = fields[0]
            if let paren = word.firstIndex(of: "(") { word = String(word[..<paren]) }
            entries[word, default: []].append(fields[1])
        }
        return entries
    }
}
