/// The PocketSphinx dictionary format: one line per pronunciation, `word PH ON ES`, the
/// second and later alternatives as `word(2)`, no stress digits (the en-us model has none).
/// Read here; written from a vocabulary's lexicon by `Vocabulary`.
public enum PronunciationDictionary {}

extension PronunciationDictionary {
    /// The words of a dictionary in this format, each with its pronunciations (phones
    /// separated by spaces) in file order: `word(2)` lines are joined to `word`.
    public static func entries(_ text: String) -> [String: [String]] {
        var entries: [String: [String]] = [:]
        forEachPronunciation(Array(text.utf8)) { word, _, phones in
            entries[word, default: []].append(String(decoding: phones, as: UTF8.self))
        }
        return entries
    }

    /// Reads `bytes` in this format line by line, for large files (cmudict): `body` gets
    /// each line's word without its `(2)`, whether the line is such an alternative, and
    /// the bytes of its phones (`HH AE B AH K AH K`).
    public static func forEachPronunciation(_ bytes: [UInt8], _ body: (String, Bool, ArraySlice<UInt8>) -> Void) {
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), paren = UInt8(ascii: "(")
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != newline { end += 1 }
            var wordEnd = start
            while wordEnd < end, bytes[wordEnd] != space, bytes[wordEnd] != tab { wordEnd += 1 }
            var phonesStart = wordEnd
            while phonesStart < end, bytes[phonesStart] == space || bytes[phonesStart] == tab { phonesStart += 1 }
            var phonesEnd = end
            while phonesEnd > phonesStart, bytes[phonesEnd - 1] == space || bytes[phonesEnd - 1] == UInt8(ascii: "\r") { phonesEnd -= 1 }
            if wordEnd > start, phonesEnd > phonesStart {
                var nameEnd = wordEnd
                if let open = bytes[start..<wordEnd].firstIndex(of: paren), open > start { nameEnd = open }
                body(String(decoding: bytes[start..<nameEnd], as: UTF8.self), nameEnd != wordEnd, bytes[phonesStart..<phonesEnd])
            }
            start = end + 1
        }
    }
}
