import Assistant
import Course
import Foundation
import Intents
import Scripture
import SpeechFixtures
import Testing

/// Talk that is not meant for the daemon and runs past the longest utterance: a chapter
/// read aloud in the room, end to end through the endpointer, both decodes and the session.
@Suite("Long talk in the room", .serialized)
struct RunOnTalkTests {
    @Test("a minute of Scripture read aloud, a reader's pauses between verses, is neither answered nor acted on")
    func scriptureReadAloudGetsNoReply() throws {
        let bible = try BibleStore(path: SpokenSession.checkout.appendingPathComponent("Models/Bible.db").path)
        let verses = try bible.passage(ScriptureReference.parse("Psalm 103:1-14")[0]).verses.map(\.text)
        try PiperVoice.prepare(verses)
        let reading = try verses.flatMap { try PiperVoice.audio($0) }
        #expect(reading.count > 60 * 16_000, "\(reading.count / 16_000) s of reading")
        let session = try SpokenSession()
        session.start()
        let heard = (session.conversation.say(reading) ?? []).map(\.event) + session.finish()
        #expect(heard.said.isEmpty, "said \(heard.said.map(\.text))")
        #expect(!heard.intents.contains { if case .rejected = $0 { false } else { true } }, "acted on \(heard.intents)")
        #expect(session.runtime.state == .idle)
        // A command said as the reading ends is still a command.
        #expect(session.say("Begin the lesson").states.contains(.orientationPlaying))
    }

    @Test("three minutes of a loud kitchen (dishes, a running tap) get no reply, though its noise is heard as words")
    func noiseGetsNoReply() throws {
        let session = try SpokenSession(roomNoise: try RoomNoise.bed(seconds: 60, seed: 11))
        session.start()
        let heard = session.silence(.seconds(180))
        let words = heard.compactMap { if case .heard(let text, _) = $0 { text } else { nil } }.filter { !$0.isEmpty }
        #expect(!words.isEmpty, "the noise was never heard as words: the test shows nothing")
        #expect(heard.said.isEmpty, "said \(heard.said.map(\.text)) to \(words)")
        #expect(!heard.intents.contains { if case .rejected = $0 { false } else { true } }, "acted on \(heard.intents)")
    }
}
