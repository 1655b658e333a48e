import Scripture

/// What the transcript normaliser makes of a line of text: the text with misheard or
/// misspelt names put right, the canonical names and terms it holds, and the passages it
/// names.
public struct NormalisedTranscript: Hashable, Sendable {
    /// The input with each corrected span replaced by its canonical form; everything else
    /// exactly as it came (an input with nothing to correct comes back unchanged).
    public let normalisedText: String
    /// The canonical forms found, in order of first appearance, each once; only forms of
    /// the vocabulary (precision over recall).
    public let extractedTerms: [String]
    /// The references read from the normalised text.
    public let references: [ScriptureReference]

    public init(normalisedText: String, extractedTerms: [String], references: [ScriptureReference]) {
        self.normalisedText = normalisedText
        self.extractedTerms = extractedTerms
        self.references = references
    }

    /// The degraded result: the input unchanged, no terms.
    public static func unchanged(_ text: String) -> NormalisedTranscript {
        NormalisedTranscript(normalisedText: text, extractedTerms: [], references: [])
    }
}
