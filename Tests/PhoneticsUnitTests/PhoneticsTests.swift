import Testing
@testable import Phonetics

/// The X-SAMPA and IPA tables, symbol by symbol, and the converter's rules for spacing,
/// stress, syllabic consonants and errors.
@Suite("Phonetics: X-SAMPA and IPA to ARPAbet")
struct PhoneticsTests {
    /// Converts and renders as "AE1 B" so stress is part of what is compared.
    static func arpabet(_ text: String, _ notation: PhoneticNotation, word: String = "test") throws -> String {
        try PhoneticConverter.phones(text, notation: notation, word: word).map(\.description).joined(separator: " ")
    }

    static func entry(_ text: String, _ notation: PhoneticNotation) throws -> String {
        try PhoneticConverter.dictionaryEntry(PhoneticConverter.phones(text, notation: notation, word: "test"))
    }

    // MARK: X-SAMPA

    /// Every sound symbol of the X-SAMPA table, alone, with the phones it gives.
    static let xsampaSounds: [(String, String)] = [
        ("{", "AE"), ("a", "AE"), ("A", "AA"), ("Q", "AA"), ("V", "AH"), ("O", "AO"),
        ("U", "UH"), ("u", "UW"), ("}", "UW"), ("i", "IY"), ("I", "IH"), ("e", "EY"),
        ("E", "EH"), ("o", "OW"),
        ("@", "AH"), ("6", "AH"), ("@\\", "AH"), ("1", "IH"), ("I\\", "IH"), ("U\\", "UH"),
        ("3", "ER"), ("3`", "ER"), ("3\\`", "ER"), ("@`", "ER"), ("@\\`", "ER"),
        ("aI", "AY"), ("eI", "EY"), ("OI", "OY"), ("aU", "AW"), ("oU", "OW"), ("@U", "OW"),
        ("I@", "IH R"), ("e@", "EH R"), ("U@", "UH R"),
        ("p", "P"), ("b", "B"), ("t", "T"), ("d", "D"), ("k", "K"), ("g", "G"),
        ("f", "F"), ("v", "V"), ("T", "TH"), ("D", "DH"), ("s", "S"), ("z", "Z"),
        ("S", "SH"), ("Z", "ZH"), ("h", "HH"), ("x", "K"), ("tS", "CH"), ("dZ", "JH"),
        ("m", "M"), ("n", "N"), ("N", "NG"), ("l", "L"), ("5", "L"),
        ("r", "R"), ("r\\", "R"), ("r\\`", "R"), ("j", "Y"), ("w", "W"), ("W", "W"),
        ("?", "T"), ("4", "T"),
    ]

    /// Every prosody and diacritic symbol of the X-SAMPA table, in a word.
    static let xsampaMarks: [(symbol: String, text: String, expected: String)] = [
        ("\"", "h@\"b{k", "HH AH0 B AE1 K"),
        ("%", "\"h{b@k%Vk", "HH AE1 B AH0 K AH2 K"),
        ("=", "\"b{?n=", "B AE1 T AH0 N"),
        ("_=", "\"b{?n_=", "B AE1 T AH0 N"),
        (":", "\"si:", "S IY1"),
        (".", "\"Is.r\\i.@l", "IH1 S R IY0 AH0 L"),
        ("-", "\"Is-ri-@l", "IH1 S R IY0 AH0 L"),
        ("~", "\"b{~n", "B AE1 N"),
    ]

    @Test("every X-SAMPA sound symbol", arguments: xsampaSounds)
    func xsampaSound(symbol: String, expected: String) throws {
        #expect(try Self.entry(symbol, .xsampa) == expected, "X-SAMPA `\(symbol)`")
    }

    @Test("every X-SAMPA mark", arguments: xsampaMarks)
    func xsampaMark(symbol: String, text: String, expected: String) throws {
        #expect(try Self.arpabet(text, .xsampa) == expected, "X-SAMPA `\(symbol)` in \(text)")
    }

    @Test func xsampaTestsCoverTheWholeTable() {
        let tested = Set(Self.xsampaSounds.map(\.0) + Self.xsampaMarks.map(\.symbol))
        let table = Set(PhoneticSymbolTable.xsampa.symbols.keys)
        #expect(table.subtracting(tested).isEmpty, "untested: \(table.subtracting(tested).sorted())")
        #expect(tested.subtracting(table).isEmpty, "not in the table: \(tested.subtracting(table).sorted())")
    }

    @Test("length marks: i: u: A: O: 3: are the long vowels")
    func xsampaLength() throws {
        #expect(try Self.entry("i:", .xsampa) == "IY")
        #expect(try Self.entry("u:", .xsampa) == "UW")
        #expect(try Self.entry("A:", .xsampa) == "AA")
        #expect(try Self.entry("O:", .xsampa) == "AO")
        #expect(try Self.entry("3:", .xsampa) == "ER")
    }

    @Test("spaces between symbols are optional", arguments: [
        ("h { b @ k V k", "h{b@kVk", "HH AE B AH K AH K"),
        ("\" h { b @ k % V k", "\"h{b@k%Vk", "HH AE B AH K AH K"),
        ("n E b j @ k @ d \" n E z @`", "nEbj@k@d\"nEz@`", "N EH B Y AH K AH D N EH Z ER"),
        ("p r oU % p I S i \" eI S @ n", "proU%pISi\"eIS@n", "P R OW P IH SH IY EY SH AH N"),
        ("tS 3` tS", "tS3`tS", "CH ER CH"),
    ])
    func xsampaSpacing(spaced: String, unspaced: String, expected: String) throws {
        #expect(try Self.entry(spaced, .xsampa) == expected)
        #expect(try Self.entry(unspaced, .xsampa) == expected)
        #expect(try Self.arpabet(spaced, .xsampa) == Self.arpabet(unspaced, .xsampa))
    }

    @Test("longest match, and spaces or dots split what it would join")
    func xsampaLongestMatch() throws {
        #expect(try Self.entry("aI", .xsampa) == "AY")
        #expect(try Self.entry("a I", .xsampa) == "AE IH")
        #expect(try Self.entry("a.I", .xsampa) == "AE IH")
        #expect(try Self.entry("tS", .xsampa) == "CH")
        #expect(try Self.entry("t S", .xsampa) == "T SH")
        #expect(try Self.entry("I@", .xsampa) == "IH R")
        #expect(try Self.entry("I.@", .xsampa) == "IH AH")
        #expect(try Self.entry("r\\", .xsampa) == "R")
        #expect(try Self.entry("@`", .xsampa) == "ER")
    }

    @Test("syllabic consonants get a schwa; syllabic r is ER")
    func xsampaSyllabic() throws {
        #expect(try Self.arpabet("\"b{?n=", .xsampa) == "B AE1 T AH0 N")
        #expect(try Self.arpabet("\"bA4l=", .xsampa) == "B AA1 T AH0 L")
        #expect(try Self.arpabet("\"bA4 5=", .xsampa) == "B AA1 T AH0 L")
        #expect(try Self.arpabet("\"rIDm=", .xsampa) == "R IH1 DH AH0 M")
        #expect(try Self.arpabet("\"bVt r=", .xsampa) == "B AH1 T ER0")
        #expect(try Self.arpabet("\"bVt r\\=", .xsampa) == "B AH1 T ER0")
        #expect(try Self.arpabet("\"bVt N=", .xsampa) == "B AH1 T AH0 NG")
    }

    @Test("X-SAMPA diacritics _X are ignored")
    func xsampaDiacritics() throws {
        #expect(try Self.entry("t_hi:", .xsampa) == "T IY")
        #expect(try Self.entry("n_0o", .xsampa) == "N OW")
        #expect(try Self.entry("t_}", .xsampa) == "T")
    }

    // MARK: Stress

    @Test("a stress mark applies to the next vowel, across consonants")
    func stressOnNextVowel() throws {
        #expect(try Self.arpabet("\"h{b@kVk", .xsampa) == "HH AE1 B AH0 K AH0 K")
        #expect(try Self.arpabet("h\"{b@kVk", .xsampa) == "HH AE1 B AH0 K AH0 K")
        #expect(try Self.arpabet("h@\"b{k@k", .xsampa) == "HH AH0 B AE1 K AH0 K")
        #expect(try Self.arpabet("%zEf@\"naI@", .xsampa) == "Z EH2 F AH0 N AY1 AH0")
        #expect(try Self.arpabet("\"I@", .xsampa) == "IH1 R")
    }

    @Test("no stress marks: the first full vowel is primary")
    func defaultStress() throws {
        #expect(try Self.arpabet("h{b@kVk", .xsampa) == "HH AE1 B AH0 K AH0 K")
        #expect(try Self.arpabet("@baUt", .xsampa) == "AH0 B AW1 T")
        #expect(try Self.arpabet("@b@", .xsampa) == "AH1 B AH0")
        #expect(try Self.arpabet("hm=", .xsampa) == "HH AH1 M")
        #expect(try Self.arpabet("ʃʃ", .ipa) == "SH SH")
    }

    @Test("a stress mark with no vowel after it is dropped")
    func trailingStress() throws {
        #expect(try Self.arpabet("\"bVt\"", .xsampa) == "B AH1 T")
    }

    @Test("consonants have no stress, vowels always have one")
    func stressShape() throws {
        for phone in try PhoneticConverter.phones("%nEbj@k@d\"nEz@`", notation: .xsampa, word: "nebuchadnezzar") {
            if phone.isVowel {
                #expect(phone.stress.map { (0...2).contains($0) } == true)
            } else {
                #expect(phone.stress == nil)
            }
        }
    }

    // MARK: IPA

    /// Every sound symbol of the IPA table, alone, with the phones it gives.
    static let ipaSounds: [(String, String)] = [
        ("æ", "AE"), ("a", "AE"), ("ɑ", "AA"), ("ɒ", "AA"), ("ʌ", "AH"), ("ɔ", "AO"),
        ("ʊ", "UH"), ("u", "UW"), ("ʉ", "UW"), ("i", "IY"), ("ɪ", "IH"), ("e", "EY"),
        ("ɛ", "EH"), ("o", "OW"),
        ("ə", "AH"), ("ɐ", "AH"), ("ɨ", "IH"), ("ᵻ", "IH"),
        ("ɜ", "ER"), ("ɝ", "ER"), ("ɜ˞", "ER"), ("ɚ", "ER"), ("ə˞", "ER"),
        ("aɪ", "AY"), ("ɑɪ", "AY"), ("eɪ", "EY"), ("ɔɪ", "OY"), ("aʊ", "AW"), ("ɑʊ", "AW"),
        ("oʊ", "OW"), ("əʊ", "OW"),
        ("ɪə", "IH R"), ("eə", "EH R"), ("ɛə", "EH R"), ("ʊə", "UH R"),
        ("p", "P"), ("b", "B"), ("t", "T"), ("d", "D"), ("k", "K"), ("g", "G"), ("ɡ", "G"),
        ("f", "F"), ("v", "V"), ("θ", "TH"), ("ð", "DH"), ("s", "S"), ("z", "Z"),
        ("ʃ", "SH"), ("ʒ", "ZH"), ("h", "HH"), ("x", "K"),
        ("tʃ", "CH"), ("ʧ", "CH"), ("dʒ", "JH"), ("ʤ", "JH"),
        ("m", "M"), ("n", "N"), ("ŋ", "NG"), ("l", "L"), ("ɫ", "L"),
        ("ɹ", "R"), ("r", "R"), ("ɻ", "R"), ("j", "Y"), ("w", "W"), ("ʍ", "W"),
        ("ʔ", "T"), ("ɾ", "T"),
    ]

    /// Every prosody and diacritic symbol of the IPA table, in a word.
    static let ipaMarks: [(symbol: String, text: String, expected: String)] = [
        ("ˈ", "həˈbæk", "HH AH0 B AE1 K"),
        ("'", "hə'bæk", "HH AH0 B AE1 K"),
        ("ˌ", "ˈhæbəkˌʌk", "HH AE1 B AH0 K AH2 K"),
        ("\u{0329}", "ˈbʌtn\u{0329}", "B AH1 T AH0 N"),
        ("\u{030D}", "ˈbʌtn\u{030D}", "B AH1 T AH0 N"),
        ("ː", "ˈsiː", "S IY1"),
        ("ˑ", "ˈsiˑ", "S IY1"),
        (":", "ˈsi:", "S IY1"),
        (".", "ˈɪz.ɹi.əl", "IH1 Z R IY0 AH0 L"),
        ("ʰ", "ˈtʰiː", "T IY1"),
        ("\u{0303}", "ˈbæ\u{0303}n", "B AE1 N"),
        ("\u{0325}", "ˈpl\u{0325}iː", "P L IY1"),
        ("\u{031A}", "ˈkæt\u{031A}", "K AE1 T"),
    ]

    @Test("every IPA sound symbol", arguments: ipaSounds)
    func ipaSound(symbol: String, expected: String) throws {
        #expect(try Self.entry(symbol, .ipa) == expected, "IPA `\(symbol)`")
    }

    @Test("every IPA mark", arguments: ipaMarks)
    func ipaMark(symbol: String, text: String, expected: String) throws {
        #expect(try Self.arpabet(text, .ipa) == expected, "IPA `\(symbol)` in \(text)")
    }

    @Test func ipaTestsCoverTheWholeTable() {
        let tested = Set(Self.ipaSounds.map(\.0) + Self.ipaMarks.map(\.symbol))
        let table = Set(PhoneticSymbolTable.ipa.symbols.keys)
        #expect(table.subtracting(tested).isEmpty, "untested: \(table.subtracting(tested).sorted())")
        #expect(tested.subtracting(table).isEmpty, "not in the table: \(tested.subtracting(table).sorted())")
    }

    @Test("IPA spaced and unspaced, long vowels, tie bars")
    func ipaForms() throws {
        #expect(try Self.entry("h æ b ə k ʌ k", .ipa) == "HH AE B AH K AH K")
        #expect(try Self.entry("hæbəkʌk", .ipa) == "HH AE B AH K AH K")
        #expect(try Self.entry("t͡ʃ", .ipa) == "CH")
        #expect(try Self.entry("d͡ʒ", .ipa) == "JH")
        #expect(try Self.entry("t͜ʃ", .ipa) == "CH")
        #expect(try Self.entry("t͡s", .ipa) == "T S")
        #expect(try Self.entry("t ʃ", .ipa) == "T SH")
        #expect(try Self.entry("ɜː", .ipa) == "ER")
        #expect(try Self.entry("ɑː", .ipa) == "AA")
        #expect(try Self.entry("ɔː", .ipa) == "AO")
        #expect(try Self.entry("uː", .ipa) == "UW")
        #expect(try Self.entry("gɡ", .ipa) == "G G")
        #expect(try Self.arpabet("ˌnɛbjəkədˈnɛzɚ", .ipa) == "N EH2 B Y AH0 K AH0 D N EH1 Z ER0")
        #expect(try Self.arpabet("ˈbɑɾl̩", .ipa) == "B AA1 T AH0 L")
    }

    @Test("X-SAMPA and IPA of the same word agree")
    func notationsAgree() throws {
        let pairs: [(String, String)] = [
            ("%zEf@\"naI@", "ˌzɛfəˈnaɪə"),
            ("proU%pISi\"eIS@n", "proʊˌpɪʃiˈeɪʃən"),
            ("mEl\"kIz@dEk", "mɛlˈkɪzədɛk"),
            ("%TEs@\"loUni@nz", "ˌθɛsəˈloʊniənz"),
            ("\"dZVdZIz", "ˈdʒʌdʒɪz"),
        ]
        for (xsampa, ipa) in pairs {
            #expect(try PhoneticConverter.phones(xsampa, notation: .xsampa, word: "w")
                == PhoneticConverter.phones(ipa, notation: .ipa, word: "w"))
        }
    }

    // MARK: ARPAbet

    @Test("ARPAbet is taken as is, digits as stress, any case")
    func arpabetInput() throws {
        #expect(try Self.arpabet("HH AE1 B AH0 K AH2 K", .arpabet) == "HH AE1 B AH0 K AH2 K")
        #expect(try Self.arpabet("hh ae1 b ah0 k ah0 k", .arpabet) == "HH AE1 B AH0 K AH0 K")
        #expect(try Self.arpabet("  F AY1\tL IY0 M AH0 N ", .arpabet) == "F AY1 L IY0 M AH0 N")
        // No digits at all: the default rule, as for X-SAMPA.
        #expect(try Self.arpabet("HH AE B AH K AH K", .arpabet) == "HH AE1 B AH0 K AH0 K")
        // Some digits: an unmarked vowel is unstressed.
        #expect(try Self.arpabet("HH AE B AH1 K", .arpabet) == "HH AE0 B AH1 K")
    }

    @Test func arpabetPhoneSet() {
        #expect(PhoneticConverter.arpabetPhones.count == 39)
        #expect(PhoneticConverter.arpabetPhones == Set(
            "AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH"
                .split(separator: " ").map(String.init)))
        for (symbol, _) in Self.xsampaSounds {
            for phone in (try? PhoneticConverter.phones(symbol, notation: .xsampa, word: "w")) ?? [] {
                #expect(PhoneticConverter.arpabetPhones.contains(phone.symbol))
            }
        }
    }

    @Test func dictionaryEntryDropsStress() throws {
        let phones = try PhoneticConverter.phones("HH AE1 B AH0 K AH2 K", notation: .arpabet, word: "habakkuk")
        #expect(PhoneticConverter.dictionaryEntry(phones) == "HH AE B AH K AH K")
        #expect(PhoneticConverter.dictionaryEntry([]) == "")
    }

    // MARK: Errors

    @Test("an unknown symbol names the word, the symbol and the notation")
    func unknownSymbols() {
        #expect(throws: PronunciationError.unknownSymbol(word: "habakkuk", symbol: "Q\\", notation: .xsampa)) {
            try PhoneticConverter.phones("h{bQ\\kVk", notation: .xsampa, word: "habakkuk")
        }
        #expect(PronunciationError.unknownSymbol(word: "habakkuk", symbol: "Q\\", notation: .xsampa).description
            == "pronunciation of \"habakkuk\" (X-SAMPA): unknown symbol `Q\\`")
        #expect(throws: PronunciationError.unknownSymbol(word: "w", symbol: "'", notation: .xsampa)) {
            try PhoneticConverter.phones("'bVt", notation: .xsampa, word: "w")
        }
        #expect(throws: PronunciationError.unknownSymbol(word: "w", symbol: "y", notation: .xsampa)) {
            try PhoneticConverter.phones("\"bytS", notation: .xsampa, word: "w")
        }
        #expect(throws: PronunciationError.unknownSymbol(word: "w", symbol: "_", notation: .xsampa)) {
            try PhoneticConverter.phones("bVt_", notation: .xsampa, word: "w")
        }
        #expect(throws: PronunciationError.unknownSymbol(word: "w", symbol: "ʘ", notation: .ipa)) {
            try PhoneticConverter.phones("hæbʘk", notation: .ipa, word: "w")
        }
        #expect(throws: PronunciationError.unknownSymbol(word: "w", symbol: "n\u{0324}", notation: .ipa)) {
            try PhoneticConverter.phones("bʌn\u{0324}", notation: .ipa, word: "w")
        }
        #expect(throws: PronunciationError.unknownSymbol(word: "w", symbol: "K1", notation: .arpabet)) {
            try PhoneticConverter.phones("K1 AE1 T", notation: .arpabet, word: "w")
        }
        #expect(throws: PronunciationError.unknownSymbol(word: "w", symbol: "AE3", notation: .arpabet)) {
            try PhoneticConverter.phones("K AE3 T", notation: .arpabet, word: "w")
        }
        #expect(throws: PronunciationError.unknownSymbol(word: "w", symbol: "AX", notation: .arpabet)) {
            try PhoneticConverter.phones("AX B", notation: .arpabet, word: "w")
        }
        // IPA letters are not X-SAMPA, and X-SAMPA letters are not all IPA.
        #expect(throws: PronunciationError.unknownSymbol(word: "w", symbol: "æ", notation: .xsampa)) {
            try PhoneticConverter.phones("hæb", notation: .xsampa, word: "w")
        }
        #expect(throws: PronunciationError.unknownSymbol(word: "w", symbol: "{", notation: .ipa)) {
            try PhoneticConverter.phones("h{b", notation: .ipa, word: "w")
        }
    }

    @Test("a syllabic mark needs a consonant that can be syllabic before it")
    func misplacedSyllabic() {
        #expect(throws: PronunciationError.unknownSymbol(word: "w", symbol: "{=", notation: .xsampa)) {
            try PhoneticConverter.phones("b{=", notation: .xsampa, word: "w")
        }
        #expect(throws: PronunciationError.unknownSymbol(word: "w", symbol: "=", notation: .xsampa)) {
            try PhoneticConverter.phones("=n", notation: .xsampa, word: "w")
        }
        #expect(throws: PronunciationError.unknownSymbol(word: "w", symbol: "t=", notation: .xsampa)) {
            try PhoneticConverter.phones("bVt=", notation: .xsampa, word: "w")
        }
        #expect(throws: PronunciationError.unknownSymbol(word: "w", symbol: "==", notation: .xsampa)) {
            try PhoneticConverter.phones("bn==", notation: .xsampa, word: "w")
        }
    }

    @Test("nothing to say is empty", arguments: [
        ("", PhoneticNotation.xsampa), ("   ", .xsampa), ("\"%.", .xsampa), ("ˈ.ː", .ipa), ("", .arpabet), (" \t", .arpabet),
    ])
    func empty(text: String, notation: PhoneticNotation) {
        #expect(throws: PronunciationError.empty(word: "silence")) {
            try PhoneticConverter.phones(text, notation: notation, word: "silence")
        }
    }

    @Test func errorMessages() {
        #expect(PronunciationError.empty(word: "x").description == "pronunciation of \"x\" is empty")
        #expect(PronunciationError.malformedLine(file: "Models/pronunciations.tsv", line: 7, reason: "bad").description
            == "Models/pronunciations.tsv:7: bad")
        #expect(PronunciationError.unknownSymbol(word: "w", symbol: "ʘ", notation: .ipa).description
            == "pronunciation of \"w\" (IPA): unknown symbol `ʘ`")
    }
}
