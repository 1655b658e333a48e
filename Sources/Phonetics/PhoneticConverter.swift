/// Converts authored pronunciations (X-SAMPA, IPA or ARPAbet) to the ARPAbet phones of
/// the en-us acoustic model, and those phones to the forms PocketSphinx and espeak-ng read.
///
/// One transcription feeds both ears and mouth: the recogniser's dictionary entry and
/// the phonemes espeak-ng is given, so the daemon says "Habakkuk" the way it hears it.
public enum PhoneticConverter {
    /// The 39 ARPAbet phones of `/usr/share/pocketsphinx/model/en-us/en-us`.
    public static let arpabetPhones: Set<String> = ARPAbet.phones

    /// The phones of `transcription`, written in `notation`, for `word` (named in errors).
    ///
    /// X-SAMPA ("h { b @ k V k" or "h{b@kVk") and IPA ("h æ b ə k ʌ k" or "hæbəkʌk") are
    /// read by longest match, so spaces between symbols are optional; ARPAbet
    /// ("HH AE1 B AH0 K AH0 K") needs spaces between phones. Stress marks apply to the
    /// next vowel; once a transcription marks any stress, unmarked vowels are unstressed
    /// (0). A transcription with no stress marks at all gets primary stress on its first
    /// full (non-schwa) vowel, or its first vowel when all are weak, so that every word
    /// has a stressed syllable for espeak-ng.
    public static func phones(
        _ transcription: String, notation: PhoneticNotation, word: String
    ) throws(PronunciationError) -> [Phone] {
        let drafts: [DraftPhone]
        switch notation {
        case .xsampa: drafts = try symbolPhones(transcription, table: .xsampa, word: word)
        case .ipa: drafts = try symbolPhones(transcription, table: .ipa, word: word)
        case .arpabet: drafts = try arpabetPhones(transcription, word: word)
        }
        guard !drafts.isEmpty else { throw .empty(word: word) }
        return resolveStress(drafts)
    }

    /// The phones as a PocketSphinx dictionary entry: "HH AE B AH K AH K" (no stress digits).
    public static func dictionaryEntry(_ phones: [Phone]) -> String {
        phones.map(\.symbol).joined(separator: " ")
    }

    /// The phones as espeak-ng phoneme input for `[[...]]`: its ASCII mnemonics for
    /// American English, with `'` (primary) or `,` (secondary) right before a stressed
    /// vowel, as `espeak-ng -x` prints them: HH AE1 B AH0 K AH2 K is `h'ab@k,Vk`.
    /// Unstressed AH is the schwa `@`, stressed AH is `V`; ER is `3:` stressed and `3`
    /// unstressed; unstressed IY is the happY vowel `i`. A `|` separates two mnemonics
    /// that espeak-ng would otherwise read as one (T SH is `t|S`, not `tS`).
    public static func espeakPhonemes(_ phones: [Phone]) -> String {
        EspeakMnemonics.render(phones)
    }

    // MARK: - Reading

    /// A phone before stress is settled: `stress` is only what the author marked.
    struct DraftPhone {
        var symbol: String
        var stress: Int?
        var reduced: Bool
        var isVowel: Bool { ARPAbet.vowels.contains(symbol) }
    }

    static func symbolPhones(
        _ transcription: String, table: PhoneticSymbolTable, word: String
    ) throws(PronunciationError) -> [DraftPhone] {
        var drafts: [DraftPhone] = []
        var pendingStress: Int?
        var previousText = ""
        for token in try table.tokens(transcription, word: word) {
            switch token.meaning {
            case let .sounds(symbols, reduced):
                for symbol in symbols {
                    var draft = DraftPhone(symbol: symbol, stress: nil, reduced: reduced)
                    if draft.isVowel, let stress = pendingStress {
                        draft.stress = stress
                        pendingStress = nil
                    }
                    drafts.append(draft)
                }
            case .primaryStress:
                pendingStress = 1
            case .secondaryStress:
                pendingStress = 2
            case .syllabic:
                guard let last = drafts.last, ["L", "M", "N", "NG", "R"].contains(last.symbol),
                      previousText != token.text else {
                    throw .unknownSymbol(word: word, symbol: previousText + token.text, notation: table.notation)
                }
                if last.symbol == "R" {
                    drafts[drafts.count - 1] = DraftPhone(symbol: "ER", stress: pendingStress, reduced: true)
                } else {
                    drafts.insert(DraftPhone(symbol: "AH", stress: pendingStress, reduced: true), at: drafts.count - 1)
                }
                pendingStress = nil
            case .ignored:
                break
            }
            previousText = token.text
        }
        return drafts
    }

    static func arpabetPhones(_ transcription: String, word: String) throws(PronunciationError) -> [DraftPhone] {
        var drafts: [DraftPhone] = []
        for token in transcription.split(whereSeparator: \.isWhitespace) {
            var symbol = token.uppercased()
            var stress: Int?
            if let last = symbol.last, let digit = last.wholeNumberValue, last.isASCII {
                stress = digit
                symbol.removeLast()
            }
            let isVowel = ARPAbet.vowels.contains(symbol)
            let valid = isVowel
                ? (stress.map { (0...2).contains($0) } ?? true)
                : (ARPAbet.consonants.contains(symbol) && stress == nil)
            guard valid else {
                throw .unknownSymbol(word: word, symbol: String(token), notation: .arpabet)
            }
            drafts.append(DraftPhone(symbol: symbol, stress: stress, reduced: isVowel && symbol == "AH"))
        }
        return drafts
    }

    /// Settles every vowel's stress (see ``phones(_:notation:word:)``); consonants get nil.
    static func resolveStress(_ drafts: [DraftPhone]) -> [Phone] {
        let marked = drafts.contains { $0.isVowel && $0.stress != nil }
        var defaultIndex: Int?
        if !marked {
            defaultIndex = drafts.firstIndex { $0.isVowel && !$0.reduced } ?? drafts.firstIndex { $0.isVowel }
        }
        return drafts.enumerated().map { index, draft in
            guard draft.isVowel else { return Phone(symbol: draft.symbol, stress: nil) }
            if let stress = draft.stress { return Phone(symbol: draft.symbol, stress: stress) }
            return Phone(symbol: draft.symbol, stress: index == defaultIndex ? 1 : 0)
        }
    }
}
