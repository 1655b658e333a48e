import Phonetics

/// JSGF weights as PocketSphinx reads them.
enum JSGFWeight {
    static func format(_ weight: Double) -> String {
        var text = String(format: "%.6g", weight)
        if text.contains("e") { text = String(format: "%.10f", weight) }
        return text
    }
}
