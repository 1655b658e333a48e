import Audio
import Testing
@testable import Voice

/// Speaking to a sink sentence by sentence.
@Suite("SpeechSynthesizer: speaking to a sink")
struct SpeakTests {
    static let passage = "In the beginning God created the heavens and the earth. Now the earth was formless and void! "
        + "Was darkness over the surface of the deep? And the Spirit of God was hovering over the waters."

    @Test func eachSentenceIsPlayedInTurnAtEspeaksRate() throws {
        let synthesizer = try SpeechSynthesizer()
        let sink = RecordingAudioSink()
        let completion = try synthesizer.speak(Self.passage, to: sink)
        #expect(completion == .finished(sentences: 4))
        #expect(sink.played.count == 4)
        #expect(sink.played.allSatisfy { $0.sampleRate == 22_050 && $0.seconds > 0.5 })
        let alone = try synthesizer.samples(for: "In the beginning God created the heavens and the earth.").count
        #expect(SpeechFixture.sameLength(sink.played.first?.samples.count ?? 0, alone))
    }

    @Test func itStopsBetweenSentencesWhenAsked() throws {
        let synthesizer = try SpeechSynthesizer()
        let sink = RecordingAudioSink()
        let completion = try synthesizer.speak(Self.passage, to: sink, shouldStop: { sink.played.count >= 2 })
        #expect(completion == .stopped(spoken: 2, of: 4))
        #expect(sink.played.count == 2)
    }

    @Test func askedToStopAtOnceItSaysNothing() throws {
        let sink = RecordingAudioSink()
        #expect(try SpeechSynthesizer().speak(Self.passage, to: sink, shouldStop: { true }) == .stopped(spoken: 0, of: 4))
        #expect(sink.played.isEmpty)
    }

    @Test func aFailingSinkIsATypedErrorNotACrash() throws {
        let sink = RecordingAudioSink()
        sink.failPlays(after: 1, with: .deviceLost(name: "plughw:0,0", reason: "write failed: No such device (-19)"))
        #expect(throws: SpeechError.playback(.deviceLost(name: "plughw:0,0", reason: "write failed: No such device (-19)"))) {
            try SpeechSynthesizer().speak(Self.passage, to: sink)
        }
        #expect(sink.played.count == 1)
        let message = SpeechError.playback(.deviceLost(name: "plughw:0,0", reason: "gone")).description
        #expect(message.contains("plughw:0,0"))
    }

    @Test func emptyTextPlaysNothing() throws {
        let sink = RecordingAudioSink()
        #expect(try SpeechSynthesizer().speak("  \n ", to: sink) == .finished(sentences: 0))
        #expect(sink.played.isEmpty)
    }
}
