import Audio
import Foundation
import Hearing
import Testing
import SpeechFixtures

/// The stream cleaner rests in a quiet room's silence (``QuietRoomCleaner``): real quiet
/// rooms and a real person (CMU AN4), DeepFilterNet3 as shipped, heard by the daemon's own
/// listener.
@Suite("A quiet room", .serialized)
struct QuietRoomTests {
    /// What a listener with `tuning` heard in `audio`: each utterance's words and where it
    /// began (s), and the share of the audio the cleaner cleaned.
    static func heard(_ audio: [Int16], tuning: HearingTuning) throws -> (utterances: [(words: String, start: Double)], cleaned: Double) {
        var settings = RecognitionSettings()
        settings.independentUtterances = true
        settings.tuning = tuning
        let listener = UtteranceListener(hearer: try Recognizer(compiled: try TestModel.compiled(), settings: settings),
                                         endpointer: tuning.endpointing)
        let cleaner = try #require(listener.cleaner, "no stream cleaner: \(DeepFilter.loadProblem ?? "")")
        var utterances: [(String, Double)] = []
        var failure: (any Error)?
        let chunk = AudioFormat.samples(milliseconds: AudioFormat.captureChunkMilliseconds)
        for offset in stride(from: 0, to: audio.count, by: chunk) {
            listener.hear(Array(audio[offset..<min(audio.count, offset + chunk)]), heard: { recognition, _ in
                utterances.append((recognition.hypothesis.text,
                                   Double(listener.endpointer.utteranceStartSample) / Double(AudioFormat.sampleRate)))
                return true
            }, failed: { failure = $0 })
            if let failure { throw failure }
        }
        return (utterances, Double(cleaner.samplesCleaned) / Double(cleaner.samplesHeard))
    }

    static var neverResting: HearingTuning {
        var tuning = HearingTuning.shipped
        tuning.noise.quietRoomFloorDecibels = -96
        return tuning
    }

    @Test("in a quiet room the cleaner rests in the silence and wakes for a person's words, heard as when it never rests")
    func restsInTheQuiet() throws {
        let quiet = try RoomNoise.quietBed(seconds: 14)
        let second = AudioFormat.sampleRate
        let audio = Array(quiet[..<(8 * second)]) + (try DeepFilterTests.speech()) + Array(quiet[(8 * second)...])
        let resting = try Self.heard(audio, tuning: .shipped)
        let always = try Self.heard(audio, tuning: Self.neverResting)
        #expect(always.cleaned == 1)
        #expect(resting.cleaned < 0.4, "cleaned \(resting.cleaned) of the audio")
        #expect(!always.utterances.isEmpty)
        #expect(resting.utterances.map(\.words) == always.utterances.map(\.words))
        for (rested, ran) in zip(resting.utterances, always.utterances) {
            #expect(abs(rested.start - ran.start) <= 0.02, "began at \(rested.start) s resting, \(ran.start) s never resting")
        }
    }

    @Test("while it rests the audio passes as heard, exactly the cleaner's delay late")
    func restingKeepsTheDelay() throws {
        let quiet = try RoomNoise.quietBed(seconds: 6)
        let stream = try #require(Denoiser.deepfilter.makeStream(), "\(DeepFilter.loadProblem ?? "")")
        let cleaner = QuietRoomCleaner(stream, tuning: .shipped)
        let chunk = AudioFormat.samples(milliseconds: AudioFormat.captureChunkMilliseconds)
        var out: [Int16] = []
        for offset in stride(from: 0, to: quiet.count, by: chunk) {
            out += cleaner.process(Array(quiet[offset..<min(quiet.count, offset + chunk)]), listening: false)
            #expect(cleaner.isResting)
        }
        #expect(out.count == quiet.count)
        let delay = cleaner.delaySamples
        #expect(Array(out[delay...]) == Array(quiet[..<(quiet.count - delay)]))
    }

    /// A room whose steady noise lies between the endpointer's floor of sound and the quiet
    /// room's floor (a real quiet room's second, looped and brought up to about -56 dBFS),
    /// after a person spoke: a cleaner resting
    /// there would hand the endpointer the room as heard against a floor it learnt from the
    /// cleaned stream, and it would open utterance after utterance on the noise.
    @Test("in a room just above the endpointer's floor of sound no utterance opens on its noise")
    func noUtterancesOnARoomNearTheFloor() throws {
        // One quiet room's second, over and over: a steady hum.
        let hum = Array(try RoomNoise.quietBed(seconds: 1))
        let quiet = Array((0..<12).map { _ in hum }.joined())
        let level = TestNoise.rms(quiet.map(Double.init))
        let gain = 32_768 * 0.0016 / level   // -56 dBFS
        let room = quiet.map { Int16(clamping: Int((Double($0) * gain).rounded())) }
        // A person speaks first, so the endpointer has heard the cleaned stream.
        let second = AudioFormat.sampleRate
        let audio = Array(room[..<(2 * second)]) + (try DeepFilterTests.speech()) + Array(room[(2 * second)...])
        let resting = try Self.heard(audio, tuning: .shipped)
        let always = try Self.heard(audio, tuning: Self.neverResting)
        #expect(resting.utterances.count == always.utterances.count,
                "\(resting.utterances.count) utterances resting, \(always.utterances.count) never resting")
        #expect(resting.utterances.count <= 2)
    }

    @Test("in a loud room it runs on everything")
    func runsInALoudRoom() throws {
        let loud = try RoomNoise.bed(seconds: 10)
        #expect(try Self.heard(loud, tuning: .shipped).cleaned == 1)
    }
}
