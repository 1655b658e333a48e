/// The phone inventory of the en-us acoustic model
/// (`/usr/share/pocketsphinx/model/en-us/en-us`), split into vowels and consonants.
enum ARPAbet {
    static let vowels: Set<String> = [
        "AA", "AE", "AH", "AO", "AW", "AY", "EH", "ER", "EY", "IH", "IY", "OW", "OY", "UH", "UW",
    ]
    static let consonants: Set<String> = [
        "B", "CH", "D", "DH", "F", "G", "HH", "JH", "K", "L", "M", "N", "NG", "P", "R", "S", "SH",
        "T", "TH", "V", "W", "Y", "Z", "ZH",
    ]
    static let phones: Set<String> = vowels.union(consonants)
}
