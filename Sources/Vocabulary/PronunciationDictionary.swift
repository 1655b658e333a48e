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
