import Hearing
import Testing
import SpeechFixtures

/// The decode made during an utterance's trailing silence: the same answer as decoding
/// when the silence ends, ready when it ends; thrown away when the person goes on speaking.
@Suite("Decoding during the trailing silence", .serialized)
struct EarlyDecodeTests {
    static func recognizer(decodeAfterQuiet: Int?) throws -> Recognizer {
        var settings = RecognitionSettings()
        settings.independentUtterances = true
        settings.tuning.decoding.decodeAfterQuietMilliseconds = decodeAfterQuiet
        return try Recognizer(compiled: TestModel.compiled(), settings: settings)
    }

    @Test("the early decode hears what the late one hears, and leaves nothing to do when the silence ends")
    func sameAnswerSooner() throws {
        // Piper's voice, which the acoustic model hears as it hears people; espeak-ng's was
        // heard as "end the lesson" in some full runs (its synthesis varies between runs).
        let audio = try PiperVoice.audio("begin the lesson")
        let early = try #require(RecordedSpeech.decision(RecordedSpeech.recognize(audio, with: Self.recognizer(decodeAfterQuiet: 200))))
        let late = try #require(RecordedSpeech.decision(RecordedSpeech.recognize(audio, with: Self.recognizer(decodeAfterQuiet: nil))))
        #expect(early.intent == late.intent)
        #expect(early.intent == .command(.beginLesson), "heard \"\(early.hypothesis.text)\"")
        // The late decode runs after the silence; the early one finished inside it.
        #expect(late.finishMilliseconds > 10, "\(late.finishMilliseconds) ms")
        #expect(early.finishMilliseconds < late.finishMilliseconds / 2,
                "early \(early.finishMilliseconds) ms, late \(late.finishMilliseconds) ms")
    }

    @Test("speech after a pause longer than the early decode's wait is still part of the utterance")
    func resumedSpeechDiscardsTheEarlyDecode() throws {
        let first = try TestVoice.audio("read habakkuk")
        let second = try TestVoice.audio("chapter two verse four")
        // The padding around each part (500 ms) is trimmed to 25 ms; with espeak-ng's own quiet
        // at the ends of its speech the pause comes out between 200 and 500 ms (checked below).
        let gap = 16 * 25
        let audio = Array(first.dropLast(8_000 - gap)) + Array(second.dropFirst(8_000 - gap))
        let heard = try RecordedSpeech.recognize(audio, with: Self.recognizer(decodeAfterQuiet: 200))
        var endpointer = Endpointer()
        var longestQuiet = 0
        for start in stride(from: 0, to: audio.count, by: 1_600) {
            _ = endpointer.process(Array(audio[start..<min(audio.count, start + 1_600)]))
            longestQuiet = max(longestQuiet, endpointer.quietMilliseconds)
        }
        // The pause really is past the early decode's wait, and short of the silence that ends.
        #expect((200..<500).contains(longestQuiet), "the pause measured \(longestQuiet) ms")
        try #require(heard.count == 1, "one utterance: \(heard.map(\.hypothesis.text))")
        let lastWord = try #require(heard[0].hypothesis.segments.last { !$0.isFiller })
        // Frames count from the utterance's start, which is before the first word: words that
        // end past the pause's end (in frames of the whole recording) were heard after it.
        let pauseEnds = (first.count - 8_000 + 2 * gap) / 160
        #expect(lastWord.endFrame > pauseEnds, "heard \"\(heard[0].hypothesis.text)\" ending at frame \(lastWord.endFrame)")
    }
}
