/// One ARPAbet phone of the en-us acoustic model, with lexical stress for vowels.
///
/// `symbol` is one of ``PhoneticConverter/arpabetPhones`` ("AH", "K"). `stress` is 0 (none),
/// 1 (primary) or 2 (secondary) for a vowel, as cmudict writes it ("AH0"), and nil for a
/// consonant. The dictionary PocketSphinx reads drops the stress; espeak-ng needs it to
/// say the word the way the recogniser expects to hear it.
public struct Phone: Hashable, Sendable, CustomStringConvertible {
    public let symbol: String
    public let stress: Int?

    public init(symbol: String, stress: Int?) {
        self.symbol = symbol
        self.stress = stress
    }

    /// True for the 15 ARPAbet vowels (AA ... UW, including the diphthongs and ER).
    public var isVowel: Bool { ARPAbet.vowels.contains(symbol) }

    /// cmudict spelling: "AH0", "EY1", "K".
    public var description: String {
        if let stress { "\(symbol)\(stress)" } else { symbol }
    }
}
