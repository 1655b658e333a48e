import Foundation

/// How the daemon's voice sounds: the espeak-ng voice, its speed and its pitch.
///
/// The defaults are the seed's: an American English voice at 0.9 times espeak-ng's
/// normal rate (175 words a minute), normal pitch.
public struct SpeechConfiguration: Hashable, Sendable {
    /// espeak-ng's words a minute at a rate factor of 1.
    public static let normalWordsPerMinute = 175
    /// The rates espeak-ng accepts, words a minute.
    public static let wordsPerMinuteRange = 80...450

    /// An espeak-ng voice name, with an optional variant: "en-us", "en-gb", "en-us+f3".
    public var voice: String
    /// Speed as a factor of normal: 0.9 is 10% slower than espeak-ng's 175 words a minute.
    public var rateFactor: Double
    /// Base pitch, 0 to 100; 50 is the voice's normal.
    public var pitch: Int

    public init(voice: String = "en-us", rateFactor: Double = 0.9, pitch: Int = 50) {
        self.voice = voice
        self.rateFactor = rateFactor
        self.pitch = pitch
    }

    /// The rate given to espeak-ng, words a minute.
    public var wordsPerMinute: Int {
        Int((Double(Self.normalWordsPerMinute) * rateFactor).rounded())
    }

    /// Nil when usable, else what is wrong, naming the setting.
    public var problem: String? {
        if voice.isEmpty || voice.contains(where: { $0.isWhitespace }) {
            return "voice \"\(voice)\" is not an espeak-ng voice name (like en-us or en-us+f3)"
        }
        if !rateFactor.isFinite || !Self.wordsPerMinuteRange.contains(wordsPerMinute) {
            let low = Double(Self.wordsPerMinuteRange.lowerBound) / Double(Self.normalWordsPerMinute)
            let high = Double(Self.wordsPerMinuteRange.upperBound) / Double(Self.normalWordsPerMinute)
            return "rate \(rateFactor) is outside \(String(format: "%.2f", low))-\(String(format: "%.2f", high)) times normal"
        }
        if !(0...100).contains(pitch) {
            return "pitch \(pitch) is outside 0-100"
        }
        return nil
    }
}
