import Support
import ArgumentParser
import Assistant
import Foundation
import Listening
import Rehearsal
import Scripture
import Vocabulary
import Phonetics

/// The summaries `model build` and `model show` print.
enum ModelSummary {
    /// "312 (authored 80, cmudict 230, espeak 2)".
    static func wordCounts(_ manifest: ModelManifest) -> String {
        var counts: [PronunciationSource: Int] = [:]
        for source in manifest.sources.values { counts[source, default: 0] += 1 }
        let parts = [PronunciationSource.authored, .cmudict, .espeak].map { "\($0.rawValue) \(counts[$0] ?? 0)" }
        return "\(manifest.sources.count) (\(parts.joined(separator: ", ")))"
    }

    /// "12.3 KB".
    static func size(_ bytes: Int) -> String {
        bytes < 1024 ? "\(bytes) B" : String(format: "%.1f KB", Double(bytes) / 1024)
    }

    /// The words of a PocketSphinx dictionary with their pronunciations in file order
    /// (``PronunciationDictionary/entries(_:)``), sorted by word.
    static func dictionaryEntries(_ text: String) -> [(word: String, pronunciations: [String])] {
        let entries = PronunciationDictionary.entries(text)
        return entries.keys.sorted().map { ($0, entries[$0] ?? []) }
    }
}
