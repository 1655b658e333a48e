import CEspeakNG

/// Turns a configured voice ("en-us", "en-gb+f3", "gmw/en-US", "en") into a name
/// `espeak_SetVoiceByName` accepts.
///
/// `espeak_SetVoiceByName` knows voice files ("en", "gmw/en-US") but not every language
/// code: "en-gb" is the language of the file "gmw/en". The `espeak-ng -v` command falls
/// back to a search by language; this does the same with `espeak_ListVoices`, keeping a
/// "+variant" suffix. Call only while holding the engine (``EspeakEngine/withEngine(_:)``).
enum EspeakVoiceName {
    /// The accepted name for `configured`, or nil when espeak-ng has no such voice.
    /// Leaves some voice selected; the caller restores the engine's voice.
    static func resolve(_ configured: String) -> String? {
        if espeak_SetVoiceByName(configured) == EE_OK { return configured }
        let parts = configured.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)
        let language = String(parts[0]).lowercased()
        let variant = parts.count > 1 ? "+" + parts[1] : ""
        guard let identifier = voiceFile(forLanguage: language) else { return nil }
        let candidate = identifier + variant
        return espeak_SetVoiceByName(candidate) == EE_OK ? candidate : nil
    }

    /// The voice file identifier whose languages include `language`, preferring the
    /// voice that lists it with the best (lowest) priority.
    private static func voiceFile(forLanguage language: String) -> String? {
        guard let voices = espeak_ListVoices(nil) else { return nil }
        var best: (identifier: String, priority: Int)?
        var index = 0
        while let voice = voices[index] {
            index += 1
            guard let identifier = voice.pointee.identifier, let languages = voice.pointee.languages else { continue }
            // Packed list: a priority byte, a NUL-terminated language, ... ending with a 0 byte.
            var cursor = languages
            while cursor.pointee != 0 {
                let priority = Int(UInt8(bitPattern: cursor.pointee))
                let name = String(cString: cursor + 1)
                if name.lowercased() == language, priority < (best?.priority ?? Int.max) {
                    best = (String(cString: identifier), priority)
                }
                cursor += 1 + name.utf8.count + 1
            }
        }
        return best?.identifier
    }
}
