/// The symbols of one notation (X-SAMPA or IPA) used for English, and what each means
/// in ARPAbet, read by longest match so that multi-character symbols (`aI`, `tS`, `r\`,
/// `oʊ`, `dʒ`) win over their parts and spaces between symbols are optional.
///
/// Choices where English notations and the en-us phone set do not line up one to one:
///
/// - `r` and `r\` (IPA `r`, `ɹ`, `ɻ`) are all R: English has one rhotic.
/// - `a` (IPA `a`) is AE, the TRAP vowel, as in modern British and espeak-ng usage;
///   `A`, `Q` (IPA `ɑ`, `ɒ`) are AA: American English merges LOT and PALM.
/// - `e` (IPA `e`) is EY, as in transcriptions that write FACE as a plain `e`.
/// - Weak vowels `@ 6 1` (IPA `ə ɐ ɨ ᵻ`) are AH, AH, IH and take no default stress;
///   `}` (IPA `ʉ`) is UW, the fronted GOOSE vowel.
/// - Rhotic vowels `3 3: 3\` @\`` `@`` (IPA `ɜ ɜː ɝ ɚ ə˞`) are ER.
/// - British centring diphthongs are rendered rhotic, as cmudict writes NEAR, SQUARE and
///   CURE in American English: `I@` IH R, `e@` EH R, `U@` UH R (IPA `ɪə`, `eə`/`ɛə`, `ʊə`).
///   Write `I.@` (or `ɪ.ə`) when a hiatus IH AH is meant.
/// - `@U` (IPA `əʊ`, British GOAT) is OW like `oU`.
/// - The flap `4` (IPA `ɾ`) is T, and the glottal stop `?` (IPA `ʔ`) is T too: cmudict
///   writes butter, water and button with T, so the acoustic model's T already covers
///   flapped and glottalised realisations.
/// - Dark l `5` (IPA `ɫ`) is L; `x` (loch, Hebrew ח as in "hesed") is K, as cmudict
///   writes Bach; `W` (IPA `ʍ`) is W.
/// - Syllabic consonants (`n= l= m= N=`, IPA with U+0329 or U+030D) get a schwa before
///   them (AH N, AH L ...); a syllabic `r=` is ER.
/// - Length `:` (IPA `ː`, `ˑ`) is ignored: the vowel symbol already decides (`i:` is
///   IY because `i` is). The syllable break `.` and X-SAMPA's separator `-` are ignored.
/// - X-SAMPA diacritics `_X` (`_h`, `_0`, `_~` ...) and nasalisation `~` are ignored
///   (the phone set has no place for them), except `_=` which is the syllabic mark.
///   IPA aspiration `ʰ` and the combining tilde, ring below and unreleased mark are
///   ignored likewise. Tie bars (U+0361, U+035C) are removed before reading, so `t͡ʃ` is
///   `tʃ` (CH) and `t͡s` is T S.
/// - Stress marks `"` / `%` (IPA `ˈ` / `ˌ`, and the ASCII apostrophe for `ˈ` in IPA) apply
///   to the next vowel. X-SAMPA `'` is palatalisation, not stress, and is rejected.
struct PhoneticSymbolTable: Sendable {
    let notation: PhoneticNotation
    let symbols: [String: PhoneticSymbol]
    /// The longest key, in Unicode scalars.
    let longestSymbol: Int
    /// A scalar that, with the scalar after it, forms a diacritic to ignore (X-SAMPA `_`).
    let diacriticPrefix: Unicode.Scalar?
    /// Scalars removed before reading (IPA tie bars).
    let removed: Set<Unicode.Scalar>

    init(
        notation: PhoneticNotation,
        symbols: [String: PhoneticSymbol],
        diacriticPrefix: Unicode.Scalar? = nil,
        removed: Set<Unicode.Scalar> = []
    ) {
        self.notation = notation
        self.symbols = symbols
        self.longestSymbol = symbols.keys.map(\.unicodeScalars.count).max() ?? 1
        self.diacriticPrefix = diacriticPrefix
        self.removed = removed
    }

    /// One symbol read from a transcription: its text and meaning.
    struct Token: Hashable, Sendable {
        let text: String
        let meaning: PhoneticSymbol
    }

    /// Splits `transcription` into symbols by longest match, skipping whitespace.
    func tokens(_ transcription: String, word: String) throws(PronunciationError) -> [Token] {
        let scalars = Array(transcription.unicodeScalars).filter { !removed.contains($0) }
        var result: [Token] = []
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace {
                index += 1
                continue
            }
            var matched = false
            for length in stride(from: min(longestSymbol, scalars.endIndex - index), through: 1, by: -1) {
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars[index..<(index + length)])
                if let meaning = symbols[text] {
                    // X-SAMPA `Q\` or a stray combining mark: a symbol the table lacks,
                    // not a known symbol followed by junk.
                    let after = index + length
                    if after < scalars.endIndex, isModifier(scalars[after]),
                       symbols[String(scalars[after])] == nil {
                        throw .unknownSymbol(word: word, symbol: unknownSymbol(in: scalars, at: index, length: length), notation: notation)
                    }
                    result.append(Token(text: text, meaning: meaning))
                    index += length
                    matched = true
                    break
                }
            }
            if matched { continue }
            if let diacriticPrefix, scalar == diacriticPrefix, index + 1 < scalars.endIndex,
               !scalars[index + 1].properties.isWhitespace {
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars[index...(index + 1)])
                result.append(Token(text: text, meaning: .ignored))
                index += 2
                continue
            }
            throw .unknownSymbol(word: word, symbol: unknownSymbol(in: scalars, at: index, length: 1), notation: notation)
        }
        return result
    }

    /// The unknown symbol at `index` (`length` scalars) with the modifiers that belong to it (X-SAMPA `\`
    /// and `` ` ``, IPA combining marks), so the message shows `Q\` rather than `Q`.
    private func unknownSymbol(in scalars: [Unicode.Scalar], at index: Int, length: Int) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[index..<(index + length)])
        var next = index + length
        while next < scalars.endIndex, isModifier(scalars[next]) {
            text.unicodeScalars.append(scalars[next])
            next += 1
        }
        return text
    }

    private func isModifier(_ scalar: Unicode.Scalar) -> Bool {
        switch notation {
        case .xsampa: scalar == "\\" || scalar == "`"
        case .ipa, .arpabet: scalar.properties.generalCategory == .nonspacingMark
        }
    }
}
