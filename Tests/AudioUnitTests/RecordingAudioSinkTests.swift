import Testing
@testable import Audio

@Suite("RecordingAudioSink: the stand-in loudspeaker")
struct RecordingAudioSinkTests {
    @Test func recordsWhatWasPlayed() throws {
        let sink = RecordingAudioSink()
        try sink.play([1, 2, 3], sampleRate: 22_050)
        try sink.play([4], sampleRate: 16_000)
        sink.stop()
        #expect(sink.played.map(\.samples) == [[1, 2, 3], [4]])
        #expect(sink.played.map(\.sampleRate) == [22_050, 16_000])
        #expect(sink.stopCount == 1)
    }

    @Test func failsWhenToldWithATypedError() throws {
        let sink = RecordingAudioSink()
        sink.failPlays(after: 1)
        try sink.play([1], sampleRate: 16_000)
        #expect(throws: AudioError.deviceLost(name: "recording", reason: "told to fail")) {
            try sink.play([2], sampleRate: 16_000)
        }
        sink.stopFailing()
        try sink.play([3], sampleRate: 16_000)
        #expect(sink.played.count == 2)
    }

    @Test func joinsAtTheRateAsked() throws {
        let sink = RecordingAudioSink()
        try sink.play([Int16](repeating: 100, count: 22_050), sampleRate: 22_050)
        try sink.play([Int16](repeating: 100, count: 16_000), sampleRate: 16_000)
        #expect(abs(sink.joinedSamples().count - 32_000) <= 2)
        #expect(sink.played.first?.seconds == 1)
    }
}
