import Audio
import Foundation
import Hearing
import Testing
import SpeechFixtures

/// The stream cleaner gives way when hearing falls behind the microphone
/// (``QuietRoomCleaner/isGivingWay``): real room noise, a real person (CMU AN4),
/// DeepFilterNet3 as shipped, heard by the daemon's own listener, told how late each chunk is.
@Suite("Hearing behind: the cleaner gives way", .serialized)
struct GivingWayTests {
    static let chunk = AudioFormat.samples(milliseconds: AudioFormat.captureChunkMilliseconds)

    @Test("behind by the limit it gives way between utterances, passing the audio as heard, and cleans again once caught up")
    func givesWayAndTakesBack() throws {
        let loud = try RoomNoise.bed(seconds: 9)
        let stream = try #require(Denoiser.deepfilter.makeStream(), "\(DeepFilter.loadProblem ?? "")")
        let cleaner = QuietRoomCleaner(stream, tuning: .shipped)
        let limit = HearingTuning.shipped.noise.cleanerGivesWayBehindMilliseconds
        let second = AudioFormat.sampleRate
        var out: [Int16] = []
        var givingWay: [Bool] = []
        for offset in stride(from: 0, to: loud.count, by: Self.chunk) {
            let at = offset / second
            // On time for 3 s, then behind; an utterance open in the fourth second; caught up from 6 s.
            let behind = at < 3 ? 20 : at < 6 ? limit + 500 : 40
            out += cleaner.process(Array(loud[offset..<min(loud.count, offset + Self.chunk)]),
                                   listening: at == 2 || at == 5, behindMilliseconds: behind)
            givingWay.append(cleaner.isGivingWay)
        }
        let perSecond = second / Self.chunk
        // Not under the utterance open in the third second, nor taken back under the one in the sixth.
        #expect(givingWay[..<(3 * perSecond)].allSatisfy { !$0 })
        #expect(givingWay[(3 * perSecond)..<(6 * perSecond)].allSatisfy { $0 })
        #expect(givingWay[(6 * perSecond)...].allSatisfy { !$0 })
        #expect(cleaner.timesGivenWay == 1)
        #expect(cleaner.samplesGivenWay == 3 * second)
        // While it gave way the audio passed as heard, the cleaner's delay late.
        let delay = cleaner.delaySamples
        #expect(Array(out[(3 * second + delay)..<(6 * second)]) == Array(loud[(3 * second)..<(6 * second - delay)]))
        // Before and after, the room was taken out.
        let cleanedLevel = AudioFormat.decibels(Array(out[(7 * second)...]))
        let roomLevel = AudioFormat.decibels(Array(loud[(7 * second)...]))
        #expect(cleanedLevel < roomLevel - 10, "cleaned \(cleanedLevel) dBFS, the room \(roomLevel) dBFS")
    }

    /// What a listener with `denoiser` heard in `audio`, chunk by chunk, each told
    /// `behind(second)` late; and its cleaner, when it has one.
    static func heard(_ audio: [Int16], denoiser: Denoiser, behind: (Int) -> Int?) throws -> (words: [String], cleaner: QuietRoomCleaner?) {
        var settings = RecognitionSettings()
        settings.independentUtterances = true
        settings.denoiser = denoiser
        let listener = UtteranceListener(hearer: try Recognizer(compiled: try TestModel.compiled(), settings: settings),
                                         endpointer: settings.tuning.endpointing)
        var words: [String] = []
        var failure: (any Error)?
        for offset in stride(from: 0, to: audio.count, by: Self.chunk) {
            listener.hear(Array(audio[offset..<min(audio.count, offset + Self.chunk)]),
                          behindMilliseconds: behind(offset / AudioFormat.sampleRate), heard: { recognition, _ in
                words.append(recognition.hypothesis.text)
                return true
            }, failed: { failure = $0 })
            if let failure { throw failure }
        }
        return (words, listener.cleaner)
    }

    /// A person in a loud room (10 dB below their voice), the cleaner giving way 3 s before
    /// they speak (once the endpointer has heard the room for longer than its floor's
    /// window): the room's noise, louder as heard than what the cleaner left of it, opens
    /// no utterance, and the person is heard as a listener with WebRTC's suppressor alone
    /// hears them.
    @Test("giving way in a loud room, a person is heard as with WebRTC's suppressor, and the room opens no utterance")
    func heardAsWithWebRTC() throws {
        let second = AudioFormat.sampleRate
        let silence = [Int16](repeating: 0, count: 8 * second)
        let audio = try RoomNoise.mixed(silence + (try DeepFilterTests.speech()) + Array(silence[..<(3 * second)]), snr: 10)
        let late = HearingTuning.shipped.noise.cleanerGivesWayBehindMilliseconds + 500
        let givingWay = try Self.heard(audio, denoiser: .deepfilter, behind: { $0 < 5 ? 0 : late })
        let webRTC = try Self.heard(audio, denoiser: .webrtc, behind: { _ in nil })
        let cleaner = try #require(givingWay.cleaner, "no stream cleaner: \(DeepFilter.loadProblem ?? "")")
        #expect(cleaner.timesGivenWay == 1)
        #expect(!webRTC.words.isEmpty)
        #expect(givingWay.words == webRTC.words, "giving way: \(givingWay.words); WebRTC: \(webRTC.words)")
    }
}
