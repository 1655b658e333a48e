import Foundation

/// The pronunciations of the CMU Pronouncing Dictionary shipped with
/// `pocketsphinx-en-us` (`word PH ON ES`, alternatives as `word(2)`), read for the words
/// a grammar needs only.
public struct CMUDictionary: Sendable {
    public static let defaultPath = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"

    /// Word → its pronunciations in file order, each a list of ARPAbet phones.
    public let entries: [String: [[String]]]

    public init(entries: [String: [[String]]]) {
        self.entries = entries
    }

    /// Reads the pronunciations of `words` (lowercase) from `path`.
    public static func load(_ path: String = defaultPath, words: Set<String>) throws(VocabularyError) -> CMUDictionary {
        var entries: [String: [[String]]] = [:]
        for line in try lines(path) {
            guard let (word, space) = headword(line), words.contains(word) else { continue }
            let phones = line[space...].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
                .filter { $0.first?.isLetter == true }
            if !phones.isEmpty { entries[word, default: []].append(phones) }
        }
        return CMUDictionary(entries: entries)
    }

    /// Every word `path` has a pronunciation for.
    public static func words(_ path: String = defaultPath) throws(VocabularyError) -> Set<String> {
        Set(try lines(path).compactMap { headword($0)?.word })
    }

    private static func lines(_ path: String) throws(VocabularyError) -> [Data.SubSequence] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .missingFile(what: "CMU pronouncing dictionary", path: path)
        }
        return data.split(separator: UInt8(ascii: "\n"))
    }

    /// A line's word without its alternative's "(2)", and where its phones start.
    private static func headword(_ line: Data.SubSequence) -> (word: String, space: Data.Index)? {
        guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return nil }
        var head = line[line.startIndex..<space]
        if let paren = head.firstIndex(of: UInt8(ascii: "(")) { head = head[head.startIndex..<paren] }
        return (String(decoding: head, as: UTF8.self), space)
    }
}
