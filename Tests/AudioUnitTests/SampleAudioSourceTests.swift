import Foundation
import Testing
@testable import Audio

@Suite("SampleAudioSource: audio from memory or a file")
struct SampleAudioSourceTests {
    @Test func deliversInOrderThenNothing() {
        let source = SampleAudioSource(samples: Array(0..<250))
        #expect(source.read(maxFrames: 100) == Array(0..<100))
        #expect(source.read(maxFrames: 100) == Array(100..<200))
        #expect(source.read(maxFrames: 100) == Array(200..<250))
        #expect(source.read(maxFrames: 100) == [])
        #expect(source.remaining == 0)
    }

    @Test func appendedAudioFollowsWhatIsLeft() {
        let source = SampleAudioSource(samples: [1, 2, 3])
        #expect(source.read(maxFrames: 2) == [1, 2])
        source.append([4, 5])
        #expect(source.remaining == 3)
        #expect(source.read(maxFrames: 10) == [3, 4, 5])
    }

    @Test func readsAWAVFileAndIsSilentOnceClosed() throws {
        let directory = try Signals.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("utterance.wav")
        try WAVFile.write(Signals.tone(300, rate: 22_050, seconds: 1), sampleRate: 22_050, to: url)
        let source = try SampleAudioSource(contentsOf: url)
        #expect(abs(source.remaining - 16_000) <= 1)
        #expect(source.read(maxFrames: 1_600).count == 1_600)
        source.close()
        #expect(source.read(maxFrames: 1_600) == [])
    }

    @Test func aMissingFileIsAnErrorNamingIt() {
        #expect {
            _ = try SampleAudioSource(contentsOf: URL(fileURLWithPath: "/nonexistent/said.wav"))
        } throws: { error in
            "\(error)".contains("/nonexistent/said.wav")
        }
    }
}
