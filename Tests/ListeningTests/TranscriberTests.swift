import Decoding
import Foundation
@testable import Listening
import Testing
import SpeechFixtures

/// The free-speech transcriber (`bible-course listen`): a verse's words checked against an
/// utterance's sound (``Transcriber/bestReading(of:alone:in:)``) fit when they are what was said.
/// PocketSphinx's stock model, Piper's voice.
@Suite("Transcribing free speech", .serialized)
struct TranscriberTests {
    static let sentence = "for god so loved the world that he gave his one and only son"

    static func transcriber() throws -> Transcriber {
        try Transcriber(languageModel: URL(fileURLWithPath: PocketSphinxDecoder.defaultLanguageModel),
                        dictionary: URL(fileURLWithPath: PocketSphinxDecoder.defaultDictionary))
    }

    @Test("of several verses read whole against the sound, the one said reads best, wherever it stands among them, close to a free loop of phones")
    func readsTheVerseSaid() throws {
        try PiperVoice.prepare([Self.sentence])
        let transcriber = try Self.transcriber()
        let utterance = try #require(try transcriber.transcribe(try PiperVoice.audio(Self.sentence)).first)
        let runs = [
            "in the beginning god created the heavens and the earth",
            Self.sentence,
            "for god did not send his son into the world to condemn the world",
            "and the word of the lord came to me saying",
        ].map { $0.split(separator: " ").map(String.init) }
        let best = try #require(try transcriber.bestReading(of: runs, in: utterance))
        #expect(best.index == 1)
        #expect(best.reading.scorePerFrame > -25, "the words said fit about as well as anything could: \(best.reading.scorePerFrame)")
        #expect(try transcriber.bestReading(of: [runs[3], runs[2], runs[1]], in: utterance)?.index == 2)
        #expect(try transcriber.bestReading(of: [["zzqx"]], in: utterance) == nil, "nothing the dictionary knows")
    }

    @Test("another verse's words forced onto the sound read far below the words said, or do not reach their end")
    func otherWordsReadBadly() throws {
        try PiperVoice.prepare([Self.sentence])
        let transcriber = try Self.transcriber()
        let utterance = try #require(try transcriber.transcribe(try PiperVoice.audio(Self.sentence)).first)
        let own = try #require(try transcriber.bestReading(of: [Self.sentence.split(separator: " ").map(String.init)], in: utterance))
        let other = "for god did not send his son into the world to condemn the world".split(separator: " ").map(String.init)
        let forced = try transcriber.bestReading(of: [other], in: utterance)
        #expect((forced?.reading.scorePerFrame ?? -.infinity) < own.reading.scorePerFrame - 15,
                "\(forced?.reading.scorePerFrame ?? -.infinity) against \(own.reading.scorePerFrame)")
    }

    @Test("a recording is heard the same whatever recording was transcribed before it")
    func recordingsAreHeardApart() throws {
        let transcriber = try Self.transcriber()
        let verse = try TestVoice.audio(Self.sentence)
        let alone = try transcriber.transcribe(verse)
        #expect(!alone.isEmpty)
        _ = try transcriber.transcribe(try RoomNoise.mixed(try TestVoice.audio("in the beginning god created the heavens and the earth"), snr: 0))
        let afterANoisyRoom = try transcriber.transcribe(verse)
        #expect(afterANoisyRoom.map(\.hypothesis) == alone.map(\.hypothesis))
        #expect(afterANoisyRoom.map(\.confidence) == alone.map(\.confidence))
    }

    @Test("a grammar given again under the name of the active search replaces it, and the decoder hears with the new one")
    func replacingTheActiveGrammar() throws {
        try PiperVoice.prepare([Self.sentence])
        let decoder = try PocketSphinxDecoder(dictionary: PocketSphinxDecoder.defaultDictionary, configuration: Transcriber.decoderConfiguration)
        try decoder.setGrammar("g", jsgf: "#JSGF V1.0;\ngrammar g;\npublic <g> = in the beginning;\n")
        try decoder.activate("g")
        try decoder.setGrammar("g", jsgf: "#JSGF V1.0;\ngrammar g;\npublic <g> = \(Self.sentence);\n")
        #expect(decoder.activeSearch == "g")
        let heard = try decoder.decode(try PiperVoice.audio(Self.sentence))
        #expect(heard.words.joined(separator: " ") == Self.sentence)
    }
}
