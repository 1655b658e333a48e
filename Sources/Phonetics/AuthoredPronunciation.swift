/// A pronunciation someone wrote down, kept with its original notation and text.
///
/// Where it came from matters to `bible-course pronounce`, which shows the transcription
/// the author typed next to the ARPAbet the recogniser uses.
public struct AuthoredPronunciation: Hashable, Sendable {
    /// The word, lowercase.
    public let word: String
    public let notation: PhoneticNotation
    /// The transcription as written ("h{b@kVk").
    public let transcription: String
    /// The transcription converted by ``PhoneticConverter/phones(_:notation:word:)``.
    public let phones: [Phone]

    public init(word: String, notation: PhoneticNotation, transcription: String, phones: [Phone]) {
        self.word = word
        self.notation = notation
        self.transcription = transcription
        self.phones = phones
    }
}
