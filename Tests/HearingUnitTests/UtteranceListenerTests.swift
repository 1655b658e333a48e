import Audio
import Hearing
import Testing

/// The one loop that cuts a stream into utterances, over the hearer port
/// (``UtteranceHearer``): what a hearer is given, and when. A hearer that writes down what
/// it was given stands in for the recogniser and `listen`'s transcriber; the audio is the
/// endpointer tests' synthetic talk.
@Suite("Utterance listener")
struct UtteranceListenerTests {
    /// Writes down each utterance it is given: its samples, and whether it was cut.
    final class Notebook: UtteranceHearer {
        private(set) var opened = 0
        private(set) var samples = 0
        func makeStreamCleaner() -> QuietRoomCleaner? { nil }
        func begin(streamCleaned: Bool) throws { opened += 1; samples = 0 }
        func feed(_ samples: [Int16], asHeard: [Int16]?) throws { self.samples += samples.count }
        func heardQuiet(milliseconds: Int) throws {}
        func finish(quietMilliseconds: Int?) throws -> Int { samples }
        var utteranceSamples: Int { samples }
    }

    /// 3 s of talk cut at 2 s, its last second running on, a reader's pause, a sentence more,
    /// then a person's pause and a command: what is given to the hearer, and where each
    /// utterance it hears begins.
    static func heard(hearsRunOn: Bool) -> (sizes: [Int], cuts: [Bool], starts: [Int]) {
        var configuration = Endpointer.Configuration()
        configuration.maximumMilliseconds = 2_000
        let quiet = EndpointerTests.tone(0.5, amplitude: 0), talk = EndpointerTests.tone(3, amplitude: 8000)
        let pause = EndpointerTests.tone(Double(configuration.runOnPauseMilliseconds) / 1000 + 0.5, amplitude: 0)
        let audio = quiet + talk + EndpointerTests.tone(0.7, amplitude: 0) + EndpointerTests.tone(1, amplitude: 8000) + pause
            + EndpointerTests.tone(1, amplitude: 8000) + quiet + quiet
        let listener = UtteranceListener(hearer: Notebook(), endpointer: configuration, hearsRunOn: hearsRunOn)
        var heard: (sizes: [Int], cuts: [Bool], starts: [Int]) = ([], [], [])
        for start in stride(from: 0, to: audio.count, by: 1600) {
            listener.hear(Array(audio[start..<min(audio.count, start + 1600)]), heard: { size, cut in
                heard.sizes.append(size)
                heard.cuts.append(cut)
                heard.starts.append(listener.endpointer.utteranceStartSample)
                return true
            }, failed: { Issue.record($0) })
        }
        return heard
    }

    @Test("talk running on after a cut is let go unheard by the daemon's listener, heard by listen's")
    func runOn() {
        let daemon = Self.heard(hearsRunOn: false), listen = Self.heard(hearsRunOn: true)
        #expect(daemon.cuts == [true, false], "the cut talk and the command")
        #expect(listen.cuts == [true, true, true, false], "every utterance, the run-on talk too")
        #expect(Set(daemon.starts).isSubset(of: Set(listen.starts)))
        // Each utterance begins where its audio does: the first with its pre-roll, before the talk.
        #expect(listen.starts.first.map { $0 < 8_000 && $0 >= 8_000 - AudioFormat.samples(milliseconds: 500) } == true, "\(listen.starts)")
        #expect(zip(listen.starts, listen.starts.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test("the end of a stream: the samples short of a frame are the open utterance's last when asked for")
    func closeWithRest() throws {
        for withRest in [false, true] {
            let listener = UtteranceListener(hearer: Notebook())
            let audio = EndpointerTests.tone(0.5, amplitude: 0) + EndpointerTests.tone(1, amplitude: 8000) + [Int16](repeating: 8000, count: 37)
            listener.hear(audio, heard: { _, _ in true }, failed: { Issue.record($0) })
            let open = listener.hearer.samples
            let size = try #require(try listener.close(withRest: withRest))
            #expect(size == open + (withRest ? 37 : 0))
            #expect(try listener.close(withRest: withRest) == nil, "closed once")
        }
    }
}
