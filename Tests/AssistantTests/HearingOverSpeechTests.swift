import Assistant
import Course
import Foundation
import Intents
import Rehearsal
import SpeechFixtures
import Support
import Testing

/// The daemon hearing the person while it speaks, end to end: real people's "stop" said over
/// a passage being read, Piper's "pause" and "continue" over a lesson's segment across a
/// restart, and the daemon's own voice passed back through a simulated room, through the
/// echo canceller, the endpointer, both decodes and the session machine, on virtual time.
@Suite("Hearing the person over the daemon's voice", .serialized)
struct HearingOverSpeechTests {
    @Test("a real person's \"stop\" said over a verse of Psalm 119 ends the reading at once")
    func stopOverAVerse() throws {
        let clips = try Array(SpeechCommandsClips.clips("stop").enumerated().filter { $0.offset % 8 == 3 }.map(\.element).prefix(5))
        var stopped = 0
        for clip in clips {
            let session = try SpokenSession(hearsWhileSpeaking: true)
            session.start()
            _ = session.conversation.say(try PiperVoice.audio("read psalm one hundred nineteen"))
            let stop = try SpeechCommandsClips.padded(clip)
            let saidAt = Duration.seconds(20)
            var heard = session.conversation.say(stop, at: saidAt).map(\.event) + session.silence(.seconds(5))
            guard let decided = session.conversation.events.first(where: { $0.event == .intent(.refusal) }) else {
                #expect(session.runtime.isReading, "\(clip.lastPathComponent): not heard, yet the reading stopped")
                continue
            }
            stopped += 1
            heard += session.finish()
            let spoken = session.conversation.events.compactMap { event -> Double? in
                if case .said(_, _, let seconds) = event.event { return seconds }
                return nil
            }.reduce(0, +)
            let stopEnds = saidAt + .seconds(Double(stop.count) / 16_000)
            #expect(decided.time - stopEnds < .seconds(2), "\(clip.lastPathComponent): decided \(decided.time - stopEnds) after it was said")
            #expect(spoken < 60, "\(clip.lastPathComponent): \(spoken) s said in all")
            #expect(!session.runtime.isReading)
            #expect(!heard.said.contains { $0.kind == .reply }, "a stop needs no reply")
        }
        #expect(clips.count == 5 && stopped >= 3, "\(stopped) of \(clips.count) people's \"stop\" heard over the reading")
    }

    @Test("\"pause\" over the context holds it through a restart; \"continue\" resumes it at the held sentence")
    func pauseRestartContinue() throws {
        try PiperVoice.prepare(["pause", "continue"])
        let first = try SpokenSession(hearsWhileSpeaking: true)
        first.start()
        #expect(first.say("Begin the lesson").states.contains(.orientationPlaying))
        _ = first.say("Read the passage")
        try #require(first.conversation.waitUntilListening() && first.runtime.state == .contextReady)
        // "Pause" three seconds into the context, said while the daemon speaks it.
        let command = SpokenSession.utterance("Explain the context")
        first.conversation.schedule(try PiperVoice.audio("pause"), at: first.runtime.now + .seconds(Double(command.count) / 16_000 + 3))
        let paused = (first.conversation.say(command) ?? []).map(\.event) + first.silence(.seconds(5))
        #expect(paused.intents.contains(.control(.pause)))
        #expect(first.runtime.state == .contextReady)
        let context = try #require(first.runtime.lesson).context
        let sentences = SentenceSplitter.sentences(in: context)
        let saidBefore = paused.said.filter { $0.kind == .segment }.map(\.text)
        let held = try #require(try first.store.savedSession()?.heldSentence)
        #expect(saidBefore == Array(sentences.prefix(held + 1)), "said up to the held sentence, nothing after it")
        #expect(paused.said.last?.text == Reply.paused.text)
        #expect(first.silence(.seconds(60)).said.isEmpty, "a held segment waits")

        // A restart on the same state directory: still held; "continue" says the rest.
        let second = try SpokenSession(stateDirectory: first.stateDirectory, hearsWhileSpeaking: true)
        #expect(second.start().said.isEmpty)
        #expect(second.runtime.state == .contextReady)
        let resumed = (second.conversation.say(try PiperVoice.audio("continue")) ?? []).map(\.event)
        #expect(resumed.intents.contains(.control(.resume)))
        #expect(resumed.said.filter { $0.kind == .segment }.map(\.text) == Array(sentences.dropFirst(held)))
        #expect(second.runtime.state == .analysisReady)
    }

    @Test("with its own voice 10 dB above a person's in the room, a passage read with nobody talking is read to its end")
    func ownVoiceIsNotAStop() throws {
        let session = try SpokenSession(hearsWhileSpeaking: true, room: RoomEcho(level: 10))
        session.start()
        _ = session.conversation.say(try PiperVoice.audio("read psalm twenty three"))
        let events = session.finish()
        let verses = events.said.filter { $0.kind == .lookup }
        // Its superscription and its six verses, to the last.
        #expect(verses.count == 7, "\(verses.count) of Psalm 23's 7 pieces read")
        #expect(verses.last?.text.contains("dwell in the house of the LORD forever") == true)
        #expect(events.intents.filter { $0 != .rejected(.nothingHeard) }.allSatisfy { !$0.isAccepted },
                "the daemon acted on its own voice: \(events.intents)")
    }
}
