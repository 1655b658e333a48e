import Audio

/// A voice that speaks text to a sink a sentence at a time: espeak-ng in process
/// (``SpeechSynthesizer``) or Piper in a child process (``PiperNarrator``). The session's
/// speaker talks to this, whichever voice it is.
public protocol Narrator: AnyObject, Sendable {
    /// The voice as the config names it (`en-us`, `piper:en_US-joe-medium`).
    var voiceName: String { get }
    /// Speaks `text` to `sink` a sentence at a time, asking `shouldStop` between sentences;
    /// blocks until the last sentence has played.
    func speak(_ text: String, to sink: any AudioSink, shouldStop: () -> Bool) throws(SpeechError) -> SpeechCompletion
}

extension SpeechSynthesizer: Narrator {
    public var voiceName: String { configuration.voice }
}
