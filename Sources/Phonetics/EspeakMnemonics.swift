/// espeak-ng's ASCII phoneme mnemonics for American English (voice `en-us`), the
/// notation of its `[[...]]` phoneme input and of `espeak-ng -x`.
///
/// espeak-ng reads phoneme input by longest match over its inventory, so two mnemonics
/// written side by side can fuse into a third (`t` + `S` is `tS`, `i` + `@` is the NEAR
/// vowel `i@`). ``render(_:)`` puts espeak-ng's separator `|` between them where that
/// would happen, and nowhere else, so the usual output reads like `espeak-ng -x`.
enum EspeakMnemonics {
    /// The mnemonic for a phone with the given stress.
    static func mnemonic(_ phone: Phone) -> String {
        let stressed = (phone.stress ?? 0) > 0
        switch phone.symbol {
        case "AA": return "A:"
        case "AE": return "a"
        case "AH": return stressed ? "V" : "@"
        case "AO": return "O:"
        case "AW": return "aU"
        case "AY": return "aI"
        case "EH": return "E"
        case "ER": return stressed ? "3:" : "3"
        case "EY": return "eI"
        case "IH": return "I"
        case "IY": return stressed ? "i:" : "i"
        case "OW": return "oU"
        case "OY": return "OI"
        case "UH": return "U"
        case "UW": return "u:"
        case "B": return "b"
        case "CH": return "tS"
        case "D": return "d"
        case "DH": return "D"
        case "F": return "f"
        case "G": return "g"
        case "HH": return "h"
        case "JH": return "dZ"
        case "K": return "k"
        case "L": return "l"
        case "M": return "m"
        case "N": return "n"
        case "NG": return "N"
        case "P": return "p"
        case "R": return "r"
        case "S": return "s"
        case "SH": return "S"
        case "T": return "t"
        case "TH": return "T"
        case "V": return "v"
        case "W": return "w"
        case "Y": return "j"
        case "Z": return "z"
        case "ZH": return "Z"
        default: return phone.symbol.lowercased()
        }
    }

    /// Multi-character mnemonics of espeak-ng's `en-us` phoneme table and the tables it
    /// inherits (`en`, `base1`), read from `espeak-ng-data/phontab` of espeak-ng 1.51.
    static let multiCharacter: [String] = [
        "_:", "_!", "@-", "||", "#X1", "_^_", "_X1", "_|", "_::", "_;_", "#@", "#a", "#e", "#i",
        "#o", "#u", "m-", "n-", "N-", "r-", "l-", "r/", "R2", "R3", "r\"", "l/", "l/2", "l/3",
        "l^", "l.", "L/", "n.", "n^", "**", "r.", "d[", "t[", "dZ", "tS", "dZ;", "tS;", "J^",
        "v#", "z.", "s.", "z;", "s;", "Z;", "S;", "Q^", "Q\"", "l#",
        "t#", "t2", "d#", "z#", "z/2", "I2", "w#", "@2", "@5", "@L", "a#", "a2", "aa", "A:",
        "E#", "E2", "I#", "I2#", "0#", "02", "O2", "A@", "A#", "3:", "i:", "O:", "O@", "o@",
        "u:", "aU", "oU", "oU#", "aI", "eI", "OI", "e@", "i@", "i@3", "U@", "aI@", "aI3",
        "aU@", "IR", "VR", "o:", "A~", "O~", "e:", "e#", "a#2", "@#",
    ]

    /// The phones as one `[[...]]` body (without the brackets).
    static func render(_ phones: [Phone]) -> String {
        let pieces = phones.map { phone -> String in
            let mark = switch phone.stress {
            case 1: "'"
            case 2: ","
            default: ""
            }
            return mark + mnemonic(phone)
        }
        var output = ""
        for (index, piece) in pieces.enumerated() {
            if index > 0, fuses(previous: pieces[index - 1], rest: pieces[index...].joined()) {
                output += "|"
            }
            output += piece
        }
        return output
    }

    /// True when espeak-ng, reading `previous` followed by `rest`, would take a longer
    /// mnemonic than `previous` (the stress mark in front of it is not part of it).
    static func fuses(previous: String, rest: String) -> Bool {
        let bare = String(previous.drop { $0 == "'" || $0 == "," })
        let text = bare + rest
        return multiCharacter.contains { $0.count > bare.count && $0.hasPrefix(bare) && text.hasPrefix($0) }
    }
}
