import Phonetics

extension PronunciationDictionary {
    /// The dictionary of `lexicon`'s words, then the garbage model's phones as words.
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

