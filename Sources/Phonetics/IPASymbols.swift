extension PhoneticSymbolTable {
    /// IPA as used for English. See ``PhoneticSymbolTable`` for the choices made.
    static let ipa = PhoneticSymbolTable(
        notation: .ipa,
        symbols: [
            // Monophthongs.
            "æ": .phone("AE"), "a": .phone("AE"),
            "ɑ": .phone("AA"), "ɒ": .phone("AA"),
            "ʌ": .phone("AH"), "ɔ": .phone("AO"),
            "ʊ": .phone("UH"), "u": .phone("UW"), "ʉ": .phone("UW"),
            "i": .phone("IY"), "ɪ": .phone("IH"),
            "e": .phone("EY"), "ɛ": .phone("EH"), "o": .phone("OW"),
            // Weak vowels: no default stress.
            "ə": .weak("AH"), "ɐ": .weak("AH"), "ɨ": .weak("IH"), "ᵻ": .weak("IH"),
            // Rhotic vowels.
            "ɜ": .phone("ER"), "ɝ": .phone("ER"), "ɜ˞": .phone("ER"),
            "ɚ": .weak("ER"), "ə˞": .weak("ER"),
            // Diphthongs.
            "aɪ": .phone("AY"), "ɑɪ": .phone("AY"), "eɪ": .phone("EY"), "ɔɪ": .phone("OY"),
            "aʊ": .phone("AW"), "ɑʊ": .phone("AW"), "oʊ": .phone("OW"), "əʊ": .phone("OW"),
            // British centring diphthongs, rendered rhotic as in American English.
            "ɪə": .sequence("IH", "R"), "eə": .sequence("EH", "R"), "ɛə": .sequence("EH", "R"),
            "ʊə": .sequence("UH", "R"),
            // Consonants. Both g (U+0067) and ɡ (U+0261) are G.
            "p": .phone("P"), "b": .phone("B"), "t": .phone("T"), "d": .phone("D"),
            "k": .phone("K"), "g": .phone("G"), "ɡ": .phone("G"),
            "f": .phone("F"), "v": .phone("V"), "θ": .phone("TH"), "ð": .phone("DH"),
            "s": .phone("S"), "z": .phone("Z"), "ʃ": .phone("SH"), "ʒ": .phone("ZH"),
            "h": .phone("HH"), "x": .phone("K"),
            "tʃ": .phone("CH"), "ʧ": .phone("CH"), "dʒ": .phone("JH"), "ʤ": .phone("JH"),
            "m": .phone("M"), "n": .phone("N"), "ŋ": .phone("NG"),
            "l": .phone("L"), "ɫ": .phone("L"),
            "ɹ": .phone("R"), "r": .phone("R"), "ɻ": .phone("R"),
            "j": .phone("Y"), "w": .phone("W"), "ʍ": .phone("W"),
            "ʔ": .phone("T"), "ɾ": .phone("T"),
            // Prosody and diacritics.
            "ˈ": .primaryStress, "'": .primaryStress, "ˌ": .secondaryStress,
            "\u{0329}": .syllabic, "\u{030D}": .syllabic,
            "ː": .ignored, "ˑ": .ignored, ":": .ignored, ".": .ignored,
            "ʰ": .ignored, "\u{0303}": .ignored, "\u{0325}": .ignored, "\u{031A}": .ignored,
        ],
        removed: ["\u{0361}", "\u{035C}"]
    )
}
