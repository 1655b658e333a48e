/// The alphabet a pronunciation is written in.
///
/// People author pronunciations in X-SAMPA (ASCII, easy to type in a TSV file) or IPA
/// (what dictionaries and the seed documents print); the recogniser needs ARPAbet, the
/// phone set of the en-us acoustic model, which is also accepted as is.
public enum PhoneticNotation: String, Sendable, Codable, CaseIterable {
    case xsampa
    case ipa
    case arpabet

    /// The name a person knows the notation by, for messages: "X-SAMPA", "IPA", "ARPAbet".
    public var displayName: String {
        switch self {
        case .xsampa: "X-SAMPA"
        case .ipa: "IPA"
        case .arpabet: "ARPAbet"
        }
    }

    /// Reads a notation name as written in a lexicon file, case-insensitively:
    /// `xsampa` / `x-sampa`, `ipa`, `arpabet`. Nil for anything else.
    public init?(name: String) {
        switch name.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "") {
        case "xsampa": self = .xsampa
        case "ipa": self = .ipa
        case "arpabet": self = .arpabet
        default: return nil
        }
    }
}
