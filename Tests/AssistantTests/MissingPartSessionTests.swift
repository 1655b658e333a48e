import Assistant
import Course
import Foundation
import Intents
import SpeechFixtures
import Testing

/// A look-up heard only in part, end to end: Piper's voice asks for a passage, the decodes
/// agree on its book (or book and chapter) but not on the rest, the daemon asks for the
/// rest ("Micah chapter 6. Which verse?"), Piper answers with the part alone, and the whole
/// passage is confirmed and read; through the endpointer, both decodes and the session
/// machine, on virtual time.
@Suite("A look-up heard in part, asked for and completed", .serialized)
struct MissingPartSessionTests {
    /// Look-ups whose numbers these decodes heard differently on Piper's voice
    /// (scripts/bench-lookups.sh), with the reference the daemon says once it has them all.
    static let lookups: [(said: String, chapter: String, verse: String, reference: String)] = [
        ("look up micah chapter six verse fifteen", "six", "fifteen", "Micah chapter 6, verse 15."),
        ("turn to ecclesiastes eight verse sixteen", "eight", "sixteen", "Ecclesiastes chapter 8, verse 16."),
        ("read ecclesiastes three ten", "three", "ten", "Ecclesiastes chapter 3, verse 10."),
        ("read ecclesiastes chapter nine verse seven", "nine", "seven", "Ecclesiastes chapter 9, verse 7."),
    ]

    @Test("asked for the rest, the part said alone completes the look-up: its reference, then its passage; never another")
    func askedAndAnswered() throws {
        try PiperVoice.prepare(Self.lookups.flatMap { [$0.said, "chapter \($0.chapter) verse \($0.verse)", "verse \($0.verse)"] })
        var asked = 0
        for lookup in Self.lookups {
            let session = try SpokenSession()
            session.start()
            let first = (session.conversation.say(try PiperVoice.audio(lookup.said)) ?? []).map(\.event)
            let question = try #require(first.said.first, "\(lookup.said): nothing said").text
            let answer: String
            if question.hasSuffix("Which chapter?") {
                answer = "chapter \(lookup.chapter) verse \(lookup.verse)"
            } else if question.hasSuffix("Which verse?") {
                #expect(question.hasPrefix(String(lookup.reference.prefix { $0 != "," })), "\(lookup.said): asked \"\(question)\"")
                answer = "verse \(lookup.verse)"
            } else {
                // Heard whole (or not at all): then it must be the passage asked for.
                #expect(question == lookup.reference || question == Reply.referenceNotCaught.text, "\(lookup.said): \"\(question)\"")
                continue
            }
            asked += 1
            let heard = (session.conversation.say(try PiperVoice.audio(answer)) ?? []).map(\.event) + session.finish()
            #expect(heard.said.first?.text == lookup.reference, "\(lookup.said), then \"\(answer)\": \(heard.said.map(\.text))")
            #expect(heard.said.filter { $0.kind == .lookup }.count == 1, "\(lookup.said): the passage is read once")
        }
        #expect(asked >= 1, "none of the look-ups was heard in part")
    }
}
