/// How a ``SpeechSynthesizer/speak(_:to:shouldStop:)`` call ended.
public enum SpeechCompletion: Hashable, Sendable {
    /// Every sentence was played; how many there were.
    case finished(sentences: Int)
    /// `shouldStop` said stop; `spoken` sentences had been played, of `total`.
    case stopped(spoken: Int, of: Int)
}
