import Audio
import Foundation
import Rehearsal
import SpeechFixtures
import Testing

/// The daemon's voice (espeak-ng) through the simulated room (``RoomEcho``: a soft-clipping
/// loudspeaker, reflections, clocks apart) and back out through ``EchoCanceller``, the way
/// `SessionRuntime` hands both over: a tenth of a second at a time, on one timeline.
@Suite("The echo canceller: its own voice out, a person's through", .serialized)
struct EchoCancellerTests {
    static let passage = """
        Bless the Lord, O my soul; all that is within me, bless His holy name. Bless the Lord, O my soul, \
        and do not forget all His kind deeds. He who forgives all your iniquities and heals all your diseases, \
        who redeems your life from the Pit and crowns you with loving devotion and compassion, \
        who satisfies you with good things, so that your youth is renewed like the eagle's. \
        The Lord executes righteousness and justice for all the oppressed. \
        He made known His ways to Moses, His deeds to the people of Israel.
        """

    static let voice = Result { try TestVoice.audio(passage) }

    /// The microphone and what the canceller made of it, sample for sample, with `person`
    /// saying their words from `personAt` (a sample of the timeline).
    /// `voice`: what the daemon plays, the passage unless given.
    /// `rests`: whether speexdsp rests while nothing is in reach (``EchoCanceller/rests``).
    private func hear(room: RoomEcho, person: [Int16] = [], personAt: Int = 0, voice given: [Int16]? = nil,
                      rests: Bool = true) throws
        -> (microphone: [Int16], cleaned: [Int16], hearsThrough: [Bool]) {
        let voice = try given ?? Self.voice.get()
        let canceller = try #require(EchoCanceller(tailMilliseconds: 400, residueMarginDecibels: 8, rests: rests))
        if let level = RoomEcho.speechLevel(person) { room.personLevel = level }
        let piece = AudioFormat.samples(milliseconds: 100)
        var microphone: [Int16] = []
        var cleaned: [Int16] = []
        var hearsThrough: [Bool] = []
        for start in stride(from: 0, to: voice.count, by: piece) {
            let played = Array(voice[start..<min(voice.count, start + piece)])
            room.played(played, from: start)
            canceller.played(played, from: start)
            // What the microphone heard while the piece played.
            var heard = (start..<(start + played.count)).map { index -> Int32 in
                let at = index - personAt
                return at >= 0 && at < person.count ? Int32(person[at]) : 0
            }
            room.add(to: &heard, from: start)
            let chunk = heard.map { Int16(clamping: $0) }
            microphone += chunk
            cleaned += canceller.clean(chunk, from: start)
            hearsThrough.append(canceller.hearsThrough)
        }
        return (microphone, cleaned, hearsThrough)
    }

    /// `samples` at a person's ordinary level a metre from a USB microphone (the clips range
    /// from whispers to clipping; an echo 10 dB above the loudest would overload it).
    static func atOrdinaryLevel(_ samples: [Int16]) throws -> [Int16] {
        let gain = 3_000 / (try #require(RoomEcho.speechLevel(samples)))
        return samples.map { Int16(clamping: Int((Double($0) * gain).rounded())) }
    }

    /// How much quieter (dB) `cleaned` is than `microphone` over the samples `range`.
    private func reduction(_ microphone: [Int16], _ cleaned: [Int16], _ range: Range<Int>) -> Double {
        func energy(_ samples: ArraySlice<Int16>) -> Double { samples.reduce(0.0) { $0 + Double($1) * Double($1) } + 1 }
        return 10 * log10(energy(microphone[range]) / energy(cleaned[range]))
    }

    @Test("the echo is heard at its level above the person's, reflections and all")
    func theEchoIsAtItsLevel() throws {
        let person = try SpeechCommandsClips.padded(try #require(SpeechCommandsClips.clips("stop").first))
        for level in [0.0, 10.0] {
            let room = RoomEcho(level: level, driftPartsPerMillion: 0)
            let (microphone, _, _) = try hear(room: room, person: person, personAt: -person.count)
            let heard = try #require(RoomEcho.speechLevel(microphone))
            let personLevel = try #require(RoomEcho.speechLevel(person))
            #expect(abs(20 * log10(heard / personLevel) - level) < 2, "echo at \(level) dB: heard at \(20 * log10(heard / personLevel)) dB")
        }
    }

    @Test("clocks 100 ppm apart: the voice is taken out nearly as well as on one clock")
    func driftIsFollowed() throws {
        let voice = try Self.voice.get()
        let late = (voice.count - 10 * AudioFormat.sampleRate)..<(voice.count - AudioFormat.sampleRate)
        let one = try hear(room: RoomEcho(level: 0, driftPartsPerMillion: 0))
        let apart = try hear(room: RoomEcho(level: 0, driftPartsPerMillion: 100))
        let sameClock = reduction(one.microphone, one.cleaned, late)
        let drifting = reduction(apart.microphone, apart.cleaned, late)
        // Unfollowed, the drift leaves the filter far less (docs/measurements).
        #expect(sameClock > 15, "one clock: \(sameClock) dB")
        #expect(drifting > 15, "100 ppm apart: \(drifting) dB (one clock: \(sameClock) dB)")
    }

    @Test("a person saying 'stop' over a voice 10 dB louder comes through; the voice alone is silenced")
    func aPersonComesThrough() throws {
        let voice = try Self.voice.get()
        let clip = try Self.atOrdinaryLevel(try WAVFile.read(try SpeechCommandsClips.clips("stop")[2]))
        let pad = [Int16](repeating: 0, count: AudioFormat.samples(milliseconds: 500))
        let at = voice.count - 8 * AudioFormat.sampleRate
        let heard = try hear(room: RoomEcho(level: 10), person: pad + clip + pad, personAt: at)
        let word = (at + AudioFormat.samples(milliseconds: 500))..<(at + AudioFormat.samples(milliseconds: 500) + clip.count)
        let personLevel = try #require(RoomEcho.speechLevel(clip))
        let through = try #require(RoomEcho.speechLevel(Array(heard.cleaned[word])))
        #expect(20 * log10(through / personLevel) > -6, "the word comes through at \(20 * log10(through / personLevel)) dB")
        // The seconds before: the voice alone, all but silenced.
        let before = (at - 5 * AudioFormat.sampleRate)..<at
        #expect(reduction(heard.microphone, heard.cleaned, before) > 15)
    }

    @Test("what it returns is heard once it has learnt the room's echo, or found the voice does not reach the microphone")
    func hearsThroughOnceLearnt() throws {
        let echo = try hear(room: RoomEcho(level: 0)).hearsThrough
        #expect(echo.prefix(10).allSatisfy { !$0 }, "the first second: the filter has not converged")
        #expect(echo.suffix(100).allSatisfy { $0 }, "the last ten seconds")
        // A headset: the voice never reaches the microphone.
        let none = try hear(room: RoomEcho(level: -200)).hearsThrough
        #expect(none.prefix(10).allSatisfy { !$0 })
        #expect(none.suffix(100).allSatisfy { $0 })
    }

    @Test("with no voice in reach it passes the microphone on as speexdsp would (a frame late, the rumble below speech out) without running it")
    func nothingPlayedPassesThrough() throws {
        let room = try RoomNoise.bed(seconds: 10)
        let person = try Self.atOrdinaryLevel(try WAVFile.read(try SpeechCommandsClips.clips("stop")[2]))
        var microphone = room
        for (i, sample) in person.enumerated() { microphone[3 * AudioFormat.sampleRate + i] &+= sample }
        let piece = AudioFormat.samples(milliseconds: 100)
        var passed: [Bool: [Int16]] = [:]
        for rests in [true, false] {
            let canceller = try #require(EchoCanceller(tailMilliseconds: 400, residueMarginDecibels: 8, rests: rests))
            passed[rests] = stride(from: 0, to: microphone.count - piece, by: piece).flatMap {
                canceller.clean(Array(microphone[$0..<($0 + piece)]), from: $0)
            }
        }
        let rested = try #require(passed[true]), ran = try #require(passed[false])
        #expect(rested.count == ran.count)
        func rms(_ samples: [Double]) -> Double { (samples.reduce(0) { $0 + $1 * $1 } / Double(samples.count)).squareRoot() }
        let difference = rms(zip(rested, ran).map { Double($0) - Double($1) })
        #expect(difference < 0.01 * rms(ran.map(Double.init)), "\(difference) RMS apart, of \(rms(ran.map(Double.init)))")
        // The room's rumble is the most of it as recorded: heard raw, the two would be far apart.
        let raw = rms(zip(microphone, ran.dropFirst(EchoCanceller.frameSamples)).map { Double($0) - Double($1) })
        #expect(raw > 10 * difference, "as recorded: \(raw) RMS apart")
    }

    @Test("resting through seconds with nothing played, it takes the voice out after them as one that ran on does")
    func theFilterOutlastsARest() throws {
        let voice = try Self.voice.get()
        let second = AudioFormat.sampleRate
        let split = 12 * second
        let resumed = split + 3 * second
        let timeline = Array(voice[..<split]) + [Int16](repeating: 0, count: resumed - split) + Array(voice[split...])
        let rested = try hear(room: RoomEcho(level: 0, driftPartsPerMillion: 0), voice: timeline)
        let ranOn = try hear(room: RoomEcho(level: 0, driftPartsPerMillion: 0), voice: timeline, rests: false)
        for range in [resumed..<(resumed + second / 2), resumed..<min(rested.cleaned.count, ranOn.cleaned.count)] {
            let afterRest = reduction(rested.microphone, rested.cleaned, range)
            let ranOnAfter = reduction(ranOn.microphone, ranOn.cleaned, range)
            // What the voice's echo leaves is as far below what a word needs (15 dB, above) either way.
            #expect(afterRest > 15 && afterRest > ranOnAfter - 2, "from \(range.lowerBound) to \(range.upperBound): \(afterRest) dB (ran on: \(ranOnAfter) dB)")
        }
        #expect(rested.hearsThrough == ranOn.hearsThrough)
    }
}
