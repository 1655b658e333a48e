/// The port hearing decodes through: named searches of which one is active at a time, and a
/// whole utterance decoded with the active one.
///
/// ``PocketSphinxDecoder`` is the real decoder (made by ``SpeechDecoders`` for code that
/// must not know the engine); a decoder that answers from a script stands in for it where a
/// test is about what is done with the decodes, not about the decodes. Searches change only
/// between utterances.
public protocol SpeechDecoder: AnyObject {
    /// Adds (or replaces) a JSGF grammar search.
    func setGrammar(_ name: String, jsgf: String) throws(DecoderError)
    /// Adds (or replaces) a finite-state grammar search, in PocketSphinx's text format
    /// (`FSG_BEGIN` ... `FSG_END`).
    func setFiniteStateGrammar(_ name: String, text: String) throws(DecoderError)
    /// Adds (or replaces) an n-gram language model search from the file at `path`.
    func setLanguageModel(_ name: String, path: String) throws(DecoderError)
    /// Adds (or replaces) a free loop of phones over the phone model at `path`.
    func setPhoneLoop(_ name: String, path: String) throws(DecoderError)
    /// Frees the search `name` (not the active one, which stays).
    func removeSearch(_ name: String)
    /// Makes `name` the active search.
    func activate(_ name: String) throws(DecoderError)
    /// The active search's name.
    var activeSearch: String? { get }
    /// True when the dictionary can say `word`.
    func knows(_ word: String) -> Bool
    /// Starts the next utterance from the model's own feature normalisation, so it does not
    /// depend on the ones before it.
    func resetAdaptation() throws(DecoderError)
    /// Decodes one whole utterance (16 kHz mono) with the active search.
    func decode(_ samples: [Int16]) throws(DecoderError) -> Hypothesis
}

extension PocketSphinxDecoder: SpeechDecoder {}
