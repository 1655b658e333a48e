import Foundation
@testable import Recognition
import Testing

/// The free-speech transcriber (`bible-course listen`): a verse's words checked against an
/// utterance's sound (``Transcriber/fit(_:to:)``) fit when they are what was said.
/// PocketSphinx's stock model, Piper's voice.
@Suite("Transcribing free speech", .serialized)
struct TranscriberTests {
    static let sentence = "for god so loved the world that he gave his one and only son"

    static func transcriber() throws -> Transcriber {
        try Transcriber(languageModel: URL(fileURLWithPath: PocketSphinxDecoder.defaultLanguageModel),
                        dictionary: URL(fileURLWithPath: PocketSphinxDecoder.defaultDictionary))
    }

    @Test("a verse's own words fit its sound; another verse's words mostly do not")
    func fit() throws {
        try PiperVoice.prepare([Self.sentence])
        let transcriber = try Self.transcriber()
        let utterance = try #require(try transcriber.transcribe(try PiperVoice.audio(Self.sentence)).first)
        let own = Self.sentence.split(separator: " ").map(String.init)
        let other = "in the beginning god created the heavens and the earth".split(separator: " ").map(String.init)
        let ownFit = try #require(try transcriber.fit(own, to: utterance))
        let otherFit = try #require(try transcriber.fit(other, to: utterance))
        #expect(ownFit.wordsKept >= own.count - 1)
        #expect(Double(otherFit.wordsKept) / Double(other.count) < 0.6)
        #expect(try transcriber.fit(["zzqx"], to: utterance) == nil, "a word the dictionary lacks is left out")
    }

    @Test("of several verses, the sound follows the one read, wherever it stands among them")
    func followsTheVerseRead() throws {
        try PiperVoice.prepare([Self.sentence])
        let transcriber = try Self.transcriber()
        let utterance = try #require(try transcriber.transcribe(try PiperVoice.audio(Self.sentence)).first)
        let runs = [
            "in the beginning god created the heavens and the earth",
            Self.sentence,
            "for god did not send his son into the world to condemn the world",
            "and the word of the lord came to me saying",
        ].map { $0.split(separator: " ").map(String.init) }
        #expect(try transcriber.follows(runs, in: utterance) == 1)
        #expect(try transcriber.follows([runs[3], runs[2], runs[1]], in: utterance) == 2)
        #expect(try transcriber.follows([["zzqx"]], in: utterance) == nil, "nothing the dictionary knows")
        #expect(Transcriber.sharedInOrder(["a", "b", "x", "c"], ["a", "c", "b", "c"]) == 3)
    }

    @Test("a grammar given again under the name of the active search replaces it, and the decoder hears with the new one")
    func replacingTheActiveGrammar() throws {
        try PiperVoice.prepare([Self.sentence])
        let decoder = try PocketSphinxDecoder(dictionary: PocketSphinxDecoder.defaultDictionary, options: ["-cmn": "batch"])
        try decoder.setGrammar("g", jsgf: "#JSGF V1.0;\ngrammar g;\npublic <g> = in the beginning;\n")
        try decoder.activate("g")
        try decoder.setGrammar("g", jsgf: "#JSGF V1.0;\ngrammar g;\npublic <g> = \(Self.sentence);\n")
        #expect(decoder.activeSearch == "g")
        let heard = try decoder.decode(try PiperVoice.audio(Self.sentence))
        #expect(heard.words.joined(separator: " ") == Self.sentence)
    }
}
