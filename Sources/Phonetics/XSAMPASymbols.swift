extension PhoneticSymbolTable {
    /// X-SAMPA as used for English. See ``PhoneticSymbolTable`` for the choices made.
    static let xsampa = PhoneticSymbolTable(
        notation: .xsampa,
        symbols: [
            // Monophthongs.
            "{": .phone("AE"), "a": .phone("AE"),
            "A": .phone("AA"), "Q": .phone("AA"),
            "V": .phone("AH"), "O": .phone("AO"),
            "U": .phone("UH"), "u": .phone("UW"), "}": .phone("UW"),
            "i": .phone("IY"), "I": .phone("IH"),
            "e": .phone("EY"), "E": .phone("EH"), "o": .phone("OW"),
            // Weak vowels: no default stress.
            "@": .weak("AH"), "6": .weak("AH"), "@\\": .weak("AH"),
            "1": .weak("IH"), "I\\": .weak("IH"), "U\\": .weak("UH"),
            // Rhotic vowels.
            "3": .phone("ER"), "3`": .phone("ER"), "3\\`": .phone("ER"),
            "@`": .weak("ER"), "@\\`": .weak("ER"),
            // Diphthongs.
            "aI": .phone("AY"), "eI": .phone("EY"), "OI": .phone("OY"),
            "aU": .phone("AW"), "oU": .phone("OW"), "@U": .phone("OW"),
            // British centring diphthongs, rendered rhotic as in American English.
            "I@": .sequence("IH", "R"), "e@": .sequence("EH", "R"), "U@": .sequence("UH", "R"),
            // Consonants.
            "p": .phone("P"), "b": .phone("B"), "t": .phone("T"), "d": .phone("D"),
            "k": .phone("K"), "g": .phone("G"),
            "f": .phone("F"), "v": .phone("V"), "T": .phone("TH"), "D": .phone("DH"),
            "s": .phone("S"), "z": .phone("Z"), "S": .phone("SH"), "Z": .phone("ZH"),
            "h": .phone("HH"), "x": .phone("K"),
            "tS": .phone("CH"), "dZ": .phone("JH"),
            "m": .phone("M"), "n": .phone("N"), "N": .phone("NG"),
            "l": .phone("L"), "5": .phone("L"),
            "r": .phone("R"), "r\\": .phone("R"), "r\\`": .phone("R"),
            "j": .phone("Y"), "w": .phone("W"), "W": .phone("W"),
            "?": .phone("T"), "4": .phone("T"),
            // Prosody and diacritics.
            "\"": .primaryStress, "%": .secondaryStress,
            "=": .syllabic, "_=": .syllabic,
            ":": .ignored, ".": .ignored, "-": .ignored, "~": .ignored,
        ],
        diacriticPrefix: "_"
    )
}
