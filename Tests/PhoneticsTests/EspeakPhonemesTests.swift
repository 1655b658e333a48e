import Foundation
import Testing
@testable import Phonetics

/// ARPAbet phones to espeak-ng `[[...]]` phoneme input.
@Suite("Phonetics: espeak-ng phoneme input")
struct EspeakPhonemesTests {
    static func espeak(_ arpabet: String) throws -> String {
        try PhoneticConverter.espeakPhonemes(PhoneticConverter.phones(arpabet, notation: .arpabet, word: "w"))
    }

    @Test("words come out as espeak-ng -x writes them", arguments: [
        ("HH AE1 B AH0 K AH2 K", "h'ab@k,Vk"),
        ("HH AH0 B AE1 K AH0 K", "h@b'ak@k"),
        ("F AA1 DH ER0", "f'A:D3"),
        ("B ER1 D", "b'3:d"),
        ("K AO1 T", "k'O:t"),
        ("B UH1 K", "b'Uk"),
        ("B UW1 T", "b'u:t"),
        ("B IY1 T", "b'i:t"),
        ("B EH1 T", "b'Et"),
        ("B EY1 T", "b'eIt"),
        ("B AY1 T", "b'aIt"),
        ("B AW1 T", "b'aUt"),
        ("B OY1", "b'OI"),
        ("B OW1 T", "b'oUt"),
        ("CH ER1 CH", "tS'3:tS"),
        ("JH AH1 JH", "dZ'VdZ"),
        ("TH IH1 NG", "T'IN"),
        ("DH IH1 S", "D'Is"),
        ("SH IH1 P", "S'Ip"),
        ("M EH1 ZH ER0", "m'EZ3"),
        ("Y EH1 S", "j'Es"),
        ("W IY1", "w'i:"),
        ("HH AE1 P IY0", "h'api"),
        ("G R EY1 S", "gr'eIs"),
        ("V AO1 L T", "v'O:lt"),
        ("N EY1 SH AH0 N", "n'eIS@n"),
    ])
    func words(arpabet: String, espeak: String) throws {
        #expect(try Self.espeak(arpabet) == espeak)
    }

    @Test("a separator only where espeak-ng would fuse two phonemes")
    func separators() throws {
        #expect(try Self.espeak("N AH1 T SH EH0 L") == "n'Vt|SEl")
        #expect(try Self.espeak("G AA1 D Z") == "g'A:dz")
        #expect(try Self.espeak("AE1 D ZH") == "'ad|Z")
        #expect(try Self.espeak("F IH0 L IH1 P IY0 AH0 N Z") == "fIl'Ipi|@nz")
        #expect(try Self.espeak("Z EH2 F AH0 N AY1 AH0") == "z,Ef@n'aI|@")
        #expect(try Self.espeak("K AE1 IH0 T") == "k'a|It")
        #expect(try Self.espeak("K AE1 UH0 T") == "k'a|Ut")
        #expect(try Self.espeak("B UH1 AH0") == "b'U|@")
        // A stress mark between them already keeps them apart.
        #expect(try Self.espeak("S IY0 AH1 N") == "si'Vn")
        #expect(try Self.espeak("S IY1 AH0 N") == "s'i:@n")
    }

    @Test func everyPhoneHasAnEspeakMnemonic() {
        // espeak-ng en-us phonemes (espeak-ng -x): vowels, then consonants.
        let known: Set<String> = [
            "A:", "a", "V", "@", "O:", "aU", "aI", "E", "3:", "3", "eI", "I", "i:", "i", "oU", "OI", "U", "u:",
            "b", "tS", "d", "D", "f", "g", "h", "dZ", "k", "l", "m", "n", "N", "p", "r", "s", "S", "t", "T",
            "v", "w", "j", "z", "Z",
        ]
        var used: Set<String> = []
        for symbol in PhoneticConverter.arpabetPhones {
            for stress: Int? in ARPAbet.vowels.contains(symbol) ? [0, 1, 2] : [nil] {
                let mnemonic = EspeakMnemonics.mnemonic(Phone(symbol: symbol, stress: stress))
                #expect(known.contains(mnemonic), "\(symbol)\(stress.map(String.init) ?? "") -> \(mnemonic)")
                used.insert(mnemonic)
            }
        }
        #expect(used == known)
    }

    /// espeak-ng echoes the phonemes it was given (`-x`), which shows it read every
    /// mnemonic the way it was meant: the ear-proxy for "says it as the recogniser hears it".
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/espeak-ng")))
    func espeakReadsItBack() throws {
        let samples = ["HH AE1 B AH0 K AH2 K", "Z EH2 F AH0 N AY1 AH0", "F IH0 L IH1 P IY0 AH0 N Z",
                       "M EH0 L K IH1 Z AH0 D EH0 K", "N AH1 T SH EH0 L", "P R OW0 P IH2 SH IY0 EY1 SH AH0 N"]
        for sample in samples {
            let phonemes = try Self.espeak(sample)
            let echoed = try EspeakCLI.phonemes("[[\(phonemes)]]")
            // espeak-ng drops the separators and marks some allophones (t# for a flap).
            let normalise = { (text: String) in
                text.replacingOccurrences(of: "|", with: "").replacingOccurrences(of: "#", with: "")
                    .replacingOccurrences(of: ";", with: "")
            }
            #expect(normalise(echoed) == normalise(phonemes), "\(sample): gave \(phonemes), espeak-ng read \(echoed)")
        }
    }
}

/// Runs the espeak-ng command line for tests.
enum EspeakCLI {
    static func phonemes(_ text: String, separator: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
        process.arguments = ["-v", "en-us", "-q", "-x"] + (separator.map { ["--sep=\($0)"] } ?? []) + [text]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
