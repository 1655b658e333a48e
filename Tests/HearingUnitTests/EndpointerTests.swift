import Audio
import Foundation
import Hearing
import Testing

/// The endpointer on synthetic signals: where utterances start and end, and what they cost.
@Suite("Endpointer")
struct EndpointerTests {
    /// `seconds` of a tone at `amplitude` (a stand-in for speech) or of silence.
    static func tone(_ seconds: Double, amplitude: Double, frequency: Double = 440) -> [Int16] {
        (0..<Int(seconds * 16_000)).map { Int16(amplitude * sin(2 * .pi * frequency * Double($0) / 16_000)) }
    }

    static func noise(_ seconds: Double, amplitude: Double, seed: UInt64 = 1) -> [Int16] {
        var state = seed
        return (0..<Int(seconds * 16_000)).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int16(Double(Int64(bitPattern: state >> 11) % 2001 - 1000) / 1000 * amplitude)
        }
    }

    /// Feeds `samples` in 100 ms pieces (with `heard`, the same stretch as heard before
    /// cleaning); returns the events and the samples per utterance.
    static func run(_ samples: [Int16], heard: [Int16]? = nil,
                    configuration: Endpointer.Configuration = .init()) -> (events: [Endpointer.Event], utterances: [Int]) {
        var endpointer = Endpointer(configuration: configuration)
        var events: [Endpointer.Event] = []
        var utterances: [Int] = []
        var current = 0
        for start in stride(from: 0, to: samples.count, by: 1600) {
            let piece = start..<min(samples.count, start + 1600)
            for event in endpointer.process(Array(samples[piece]), heard: heard.map { Array($0[piece]) }) {
                events.append(event)
                switch event {
                case .started(let audio): current = audio.count
                case .continued(let audio): current += audio.count
                case .ended: utterances.append(current)
                }
            }
        }
        return (events, utterances)
    }

    @Test("one utterance: pre-roll before it, trailing silence after it")
    func oneUtterance() {
        let audio = Self.tone(1, amplitude: 0) + Self.tone(1.2, amplitude: 8000) + Self.tone(1.5, amplitude: 0)
        let (events, utterances) = Self.run(audio)
        #expect(events.filter { if case .ended = $0 { true } else { false } }.count == 1)
        let seconds = Double(utterances.first ?? 0) / 16_000
        // 1.2 s of speech + up to 0.3 s pre-roll + 0.5 s trailing silence.
        #expect(seconds >= 1.2 + 0.5 && seconds <= 1.2 + 0.3 + 0.5 + 0.05, "utterance of \(seconds) s")
        if case .started(let preroll) = events.first {
            #expect(preroll.count >= 16_000 * 3 / 10, "pre-roll keeps the first phone")
        } else {
            Issue.record("no start event first: \(events.first.map { "\($0)" } ?? "none")")
        }
    }

    @Test("a pause shorter than the trailing silence does not split an utterance; a longer one does")
    func pauses() {
        let word = Self.tone(0.4, amplitude: 8000)
        let short = Self.run(Self.tone(0.5, amplitude: 0) + word + Self.tone(0.3, amplitude: 0) + word + Self.tone(1, amplitude: 0))
        #expect(short.utterances.count == 1)
        let long = Self.run(Self.tone(0.5, amplitude: 0) + word + Self.tone(0.8, amplitude: 0) + word + Self.tone(1, amplitude: 0))
        #expect(long.utterances.count == 2)
    }

    /// A word's quiet tail, as a cleaner (RNNoise) leaves it and as it was heard: the cleaned
    /// stream has 0.6 s of silence between two words, longer than the trailing silence; as
    /// heard, the first word's quiet ending (0.3 s, 20 dB above the room) fills part of it.
    static func cleanedAndHeard() -> (cleaned: [Int16], heard: [Int16]) {
        let room = 0.0, word = tone(0.4, amplitude: 8000)
        let cleaned = tone(0.5, amplitude: room) + word + tone(0.6, amplitude: room) + word + tone(1, amplitude: room)
        let heard = noise(0.5, amplitude: 30) + word + tone(0.3, amplitude: 300) + noise(0.3, amplitude: 30, seed: 2) + word
            + noise(1, amplitude: 30, seed: 3)
        return (cleaned, heard)
    }

    @Test("with a cleaned stream, a pause the cleaning lengthened does not split the utterance when the voice was heard in it")
    func cleanedPauseHeldByWhatWasHeard() {
        let (cleaned, heard) = Self.cleanedAndHeard()
        #expect(Self.run(cleaned).utterances.count == 2, "the cleaned stream alone splits it")
        #expect(Self.run(cleaned, heard: heard).utterances.count == 1)
    }

    @Test("what was heard keeps an utterance open but never starts one: a room's noise removed by the cleaner stays unheard")
    func heardAloneStartsNothing() {
        let silence = Self.tone(3, amplitude: 0)
        let (events, _) = Self.run(silence, heard: Self.noise(1, amplitude: 30) + Self.tone(1, amplitude: 8000) + Self.noise(1, amplitude: 30))
        #expect(events.isEmpty, "\(events.count) events")
    }

    @Test("the cleaner giving way under an open utterance: it ends on silence, not cut for the room as heard being louder than as cleaned")
    func givingWayUnderAnUtterance() {
        // The room as heard, and what the cleaner left of it, 30 dB quieter.
        let room = Self.noise(6, amplitude: 3_000), cleanedRoom = Self.noise(6, amplitude: 95, seed: 2)
        let word = Self.tone(0.6, amplitude: 12_000)
        var endpointer = Endpointer(configuration: .init())
        var ended: [Bool] = []
        func feed(_ samples: [Int16], heard: [Int16]?) {
            for start in stride(from: 0, to: samples.count, by: 1600) {
                let piece = start..<min(samples.count, start + 1600)
                for case .ended(let cut) in endpointer.process(Array(samples[piece]), heard: heard.map { Array($0[piece]) }) {
                    ended.append(cut)
                }
            }
        }
        // Cleaned, with the room as heard beside it: the floors are learnt apart.
        feed(Array(cleanedRoom[..<(4 * 16_000)]), heard: Array(room[..<(4 * 16_000)]))
        feed(word, heard: word)
        #expect(endpointer.isInSpeech)
        // The cleaner gives way: from here the room is heard as it is.
        endpointer.hearsAudioAsHeard()
        feed(Array(room[(4 * 16_000)...]), heard: nil)
        #expect(ended == [false], "ended \(ended) (true: cut)")
    }

    @Test("an utterance is cut at the maximum length")
    func maximumLength() {
        var configuration = Endpointer.Configuration()
        configuration.maximumMilliseconds = 2_000
        let (events, utterances) = Self.run(Self.tone(0.5, amplitude: 0) + Self.tone(5, amplitude: 8000), configuration: configuration)
        #expect(events.contains(.ended(cutAtMaximum: true)))
        #expect(utterances.allSatisfy { $0 <= 2_000 * 16 + 1600 })
    }

    @Test("talk that goes on after a cut without a pause is cut too; speech after a person's pause is not")
    func runOnAfterACut() {
        var configuration = Endpointer.Configuration()
        configuration.maximumMilliseconds = 2_000
        let quiet = Self.tone(0.5, amplitude: 0)
        let pause = Self.tone(Double(configuration.runOnPauseMilliseconds) / 1000 + 0.5, amplitude: 0)
        // 3 s of talk (cut at 2 s, its last second heard as a new utterance), a reader's
        // 0.7 s pause and a sentence more, then a person's pause and a command.
        let talk = Self.tone(3, amplitude: 8000)
        let sentence = Self.tone(1, amplitude: 8000)
        let audio = quiet + talk + Self.tone(0.7, amplitude: 0) + sentence + pause + Self.tone(1, amplitude: 8000) + quiet
        let ends = Self.run(audio, configuration: configuration).events.compactMap { event -> Bool? in
            if case .ended(let cut) = event { cut } else { nil }
        }
        #expect(ends == [true, true, true, false])
    }

    @Test("an utterance follows sound when it begins within the run-on pause of the last one's end; time skipped counts")
    func followsSound() {
        let configuration = Endpointer.Configuration()
        let pause = Double(configuration.runOnPauseMilliseconds) / 1000
        var endpointer = Endpointer(configuration: configuration)
        var follows: [Bool] = []
        func hear(_ samples: [Int16]) {
            for start in stride(from: 0, to: samples.count, by: 1600) {
                for event in endpointer.process(Array(samples[start..<min(samples.count, start + 1600)])) {
                    if case .started = event { follows.append(endpointer.followsSound) }
                }
            }
        }
        let sentence = Self.tone(1, amplitude: 8000)
        hear(Self.tone(0.5, amplitude: 0) + sentence + Self.tone(0.8, amplitude: 0) + sentence
             + Self.tone(pause + 0.5, amplitude: 0) + sentence + Self.tone(0.6, amplitude: 0))
        // The daemon spoke for 3 s, unheard: the next sentence, 0.2 s after, is fresh.
        endpointer.skip(3 * 16_000)
        hear(Self.tone(0.2, amplitude: 0) + sentence + Self.tone(0.6, amplitude: 0))
        #expect(follows == [false, true, false, false])
    }

    @Test("a steady fan becomes the floor: speech over it is still found, the fan alone is not speech")
    func steadyNoise() {
        let fan = Self.noise(12, amplitude: 1500)
        let fanAlone = Self.run(fan)
        #expect(fanAlone.utterances.count <= 1, "the fan may trigger once before the floor rises to it")
        var mixed = Self.noise(12, amplitude: 1500, seed: 2)
        let speech = Self.tone(1, amplitude: 12_000)
        for i in 0..<speech.count { mixed[8 * 16_000 + i] = Int16(clamping: Int(mixed[8 * 16_000 + i]) + Int(speech[i])) }
        let (_, utterances) = Self.run(mixed)
        #expect(utterances.count >= 1)
    }

    @Test("a fan switched on in a quiet room becomes the floor within seconds, not ten-second utterances forever")
    func noiseOnset() {
        let audio = Self.tone(2, amplitude: 0) + Self.noise(60, amplitude: 400)   // about -40 dBFS
        let (events, utterances) = Self.run(audio)
        #expect(utterances.count <= 1, "\(utterances.count) utterances in a minute of fan noise")
        #expect(utterances.allSatisfy { $0 < 5 * 16_000 }, "the fan was taken for long speech: \(utterances)")
        let closedBySilence = events.filter { $0 == .ended(cutAtMaximum: false) }.count
        #expect(closedBySilence == 0, "the fan's onset is marked as sound that was cut, not speech")
    }

    @Test("an hour of silence costs nothing: no events and no growth")
    func hourOfSilence() {
        var endpointer = Endpointer()
        let second = [Int16](repeating: 0, count: 16_000)
        var events = 0
        for _ in 0..<3600 { events += endpointer.process(second).count }
        #expect(events == 0)
        #expect(!endpointer.isInSpeech)
    }
}

/// A microphone's constant offset, taken out before the endpointer measures a level.
@Suite("DC offset")
struct DCOffsetTests {
    /// Two words a second apart, with a tenth of full scale added to every sample.
    static let offsetSpeech: [Int16] = {
        let words = EndpointerTests.tone(1, amplitude: 0) + EndpointerTests.tone(0.8, amplitude: 8000)
            + EndpointerTests.tone(1.5, amplitude: 0) + EndpointerTests.tone(0.8, amplitude: 8000, frequency: 300)
            + EndpointerTests.tone(1.5, amplitude: 0)
        let quiet = EndpointerTests.noise(Double(words.count) / 16_000, amplitude: 100)
        return zip(words, quiet).map { Int16(clamping: Int($0) + Int($1) + 3277) }
    }()

    @Test("with a 10% offset taken out, the endpointer cuts both words, as without one")
    func offsetRemoved() {
        var blocker = DCBlocker()
        var cleaned: [Int16] = []
        for start in stride(from: 0, to: Self.offsetSpeech.count, by: 1000) {
            cleaned += blocker.process(Array(Self.offsetSpeech[start..<min(Self.offsetSpeech.count, start + 1000)]))
        }
        #expect(cleaned.count == Self.offsetSpeech.count)
        let tail = cleaned.suffix(8000).map { abs(Int($0)) }
        #expect(tail.reduce(0, +) / tail.count < 150, "the offset is gone: the last half second is the quiet's level")
        #expect(EndpointerTests.run(cleaned).utterances.count == 2)
        #expect(EndpointerTests.run(Self.offsetSpeech).utterances.isEmpty, "left in, the offset keeps every pause loud: nothing is cut")
    }

    @Test("the blocker passes speech's frequencies")
    func passesSpeech() {
        var blocker = DCBlocker()
        let tone = EndpointerTests.tone(1, amplitude: 8000, frequency: 100)
        let out = blocker.process(tone)
        let peak = out.suffix(8000).map { abs(Int($0)) }.max() ?? 0
        #expect(peak > 7800 && peak <= 8000, "100 Hz at \(peak) of 8000")
    }
}
