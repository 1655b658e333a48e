import Hearing
import Intents
import Testing
import SpeechFixtures

/// A command's two decodes (the command language model's and the plain grammar's) run on
/// two threads at once: the decision sees both over the same frames, and the intent waits
/// for the slower of them, not for both one after the other.
@Suite("A command's two decodes", .serialized)
struct TwoDecodesTests {
    @Test("a look-up in Piper's voice: both decodes cover the same frames, and the intent waits for the slower one only")
    func bothDecodesAtOnce() throws {
        var settings = RecognitionSettings()
        settings.independentUtterances = true
        // Decoded when the utterance ends, so what delays the intent is the decodes themselves.
        settings.tuning.decoding.decodeAfterQuietMilliseconds = nil
        // The decodes, not the front end: with a stream cleaner the endpointer cuts this
        // clean look-up a frame shorter, and the language model then hears "first current the
        // and" for "first corinthians" (front ends: scripts/bench-recognition.sh).
        settings.denoiser = .webrtc
        let recognizer = try Recognizer(compiled: TestModel.compiled(), settings: settings)
        let audio = try PiperVoice.audio("read first corinthians chapter thirteen verse four")
        let heard = try #require(RecordedSpeech.decision(RecordedSpeech.recognize(audio, with: recognizer)))
        #expect(heard.intent.isAccepted, "heard \"\(heard.hypothesis.text)\" (\(heard.intent))")
        let decodes = try #require(heard.decodes)
        #expect(decodes.grammar.frames == decodes.languageModel.frames)
        #expect(decodes.grammar.text == "read first corinthians chapter thirteen verse four")
        // Made one after the other, the delay would be the sum of the two (decode time).
        #expect(heard.finishMilliseconds < 0.85 * heard.decodeMilliseconds,
                "\(heard.finishMilliseconds) ms of \(heard.decodeMilliseconds) ms after the silence")
    }
}
