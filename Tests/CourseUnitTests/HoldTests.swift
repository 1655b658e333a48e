import Course
import Intents
import Scripture
import Testing

/// A segment playing, where the person says "pause" (or "stop") over it, and what must hold.
struct PlayingCase: CustomTestStringConvertible, Sendable {
    let playing: SessionState
    /// Where the held segment waits.
    let waits: SessionState
    /// The command that also plays it again.
    let command: Command
    var testDescription: String { playing.rawValue }

    static let all: [PlayingCase] = [
        PlayingCase(playing: .orientationPlaying, waits: .lessonLoaded, command: .readPassage),
        PlayingCase(playing: .readingPlaying, waits: .readingReady, command: .readPassage),
        PlayingCase(playing: .contextPlaying, waits: .contextReady, command: .explainContext),
        PlayingCase(playing: .analysisPlaying, waits: .analysisReady, command: .analyzeStructure),
        PlayingCase(playing: .themesPlaying, waits: .themesReady, command: .summarizeThemes),
        PlayingCase(playing: .questionAsked, waits: .questionReady, command: .askQuestion),
        PlayingCase(playing: .closePlaying, waits: .closeReady, command: .endLesson),
    ]
}

/// The segment `effects` play, if any.
func playedSegment(_ effects: [SessionEffect]) -> SegmentPlayback? {
    for case .playSegment(let playback) in effects { return playback }
    return nil
}

/// The session saved by the last save of `effects`.
func lastSaved(_ effects: [SessionEffect]) -> SavedSession? {
    effects.compactMap { effect -> SavedSession? in
        if case .saveSessionState(let saved) = effect { return saved }
        return nil
    }.last
}

@Suite("SessionMachine: pause, stop and continue while it speaks")
struct HoldTests {
    /// A machine playing `state`'s segment.
    static func playing(_ state: SessionState) throws -> Harness {
        var harness = Harness()
        harness.run(try #require(steps(to: state, lesson: try sampleLesson())))
        try #require(harness.machine.state == state)
        return harness
    }

    @Test("\"pause\" or \"stop\" over a segment holds it at its sentence: saved, said, no timer", arguments: PlayingCase.all)
    func pauseHolds(_ playing: PlayingCase) throws {
        for word in [HeardInput.control(.pause), .refusal] {
            var harness = try Self.playing(playing.playing)
            #expect(harness.machine.interrupts(word))
            let effects = harness.machine.heardOver(word, segmentSentence: 3)
            #expect(harness.machine.state == playing.waits)
            #expect(harness.machine.lessonTurn == .held(sentence: 3))
            #expect(lastSaved(effects) == SavedSession(state: playing.waits, lessonID: "t_lesson_01", heldSentence: 3))
            #expect(effects.contains(.speakReply(.paused)))
            #expect(!effects.contains { if case .startTimer = $0 { true } else { false } }, "a held segment never moves on by itself")
            #expect(playedSegment(effects) == nil)
            #expect(harness.machine.expectedSpeech == .correction, "\"continue\" must be heard")
        }
    }

    @Test("\"continue\" or the segment's command plays it again from the sentence it was held in", arguments: PlayingCase.all)
    func continueResumes(_ playing: PlayingCase) throws {
        for resume in [HeardInput.control(.resume), .command(playing.command)] {
            var harness = try Self.playing(playing.playing)
            _ = harness.machine.heardOver(.control(.pause), segmentSentence: 2)
            let effects = harness.machine.heard(resume)
            #expect(harness.machine.state == playing.playing)
            #expect(harness.machine.lessonTurn == .going)
            let segment = try #require(playedSegment(effects))
            #expect(segment.type == playing.playing.segment && segment.fromSentence == 2)
            #expect(lastSaved(effects)?.heldSentence == nil)
        }
    }

    @Test("while held, another command is not valid and \"pause\" holds nothing more")
    func heldWaits() throws {
        var harness = try Self.playing(.contextPlaying)
        _ = harness.machine.heardOver(.control(.pause), segmentSentence: 1)
        #expect(harness.machine.heard(.command(.analyzeStructure)) == [.speakReply(.useValidCommand)])
        #expect(harness.machine.heard(.control(.pause)) == [.speakReply(.useValidCommand)])
        #expect(harness.machine.lessonTurn == .held(sentence: 1))
    }

    @Test("a paused lesson is still paused after a restart, and \"continue\" resumes it")
    func survivesARestart() throws {
        let lesson = try sampleLesson()
        let saved = SavedSession(state: .analysisReady, lessonID: lesson.id, heldSentence: 4)
        var (machine, effects) = SessionMachine.start(from: saved, lesson: lesson)
        #expect(machine.state == .analysisReady && machine.lessonTurn == .held(sentence: 4))
        #expect(playedSegment(effects) == nil)
        #expect(!effects.contains { if case .startTimer = $0 { true } else { false } })
        effects = machine.heard(.control(.resume))
        #expect(machine.state == .analysisPlaying)
        #expect(playedSegment(effects)?.fromSentence == 4)
    }

    @Test("an orientation held before a restart waits at LESSON_LOADED instead of playing again")
    func orientationHeldAcrossARestart() throws {
        let lesson = try sampleLesson()
        var (machine, effects) = SessionMachine.start(from: SavedSession(state: .lessonLoaded, lessonID: lesson.id, heldSentence: 1),
                                                      lesson: lesson)
        #expect(machine.state == .lessonLoaded && playedSegment(effects) == nil)
        effects = machine.heard(.command(.readPassage))
        #expect(machine.state == .orientationPlaying && playedSegment(effects)?.fromSentence == 1)
    }

    @Test("only a state that plays its segment on command keeps a hold when saved")
    func holdsOnlyWhereASegmentWaits() {
        #expect(SavedSession(state: .contextPlaying, lessonID: "l", heldSentence: 2).heldSentence == nil)
        #expect(SavedSession(state: .idle, lessonID: nil, heldSentence: 2).heldSentence == nil)
        #expect(SavedSession(state: .themesReady, lessonID: "l", heldSentence: 2).heldSentence == 2)
    }

    @Test("\"stop\" over a reply (no segment) just ends it: nothing else changes")
    func stopEndsAReply() throws {
        var harness = try Self.playing(.contextPlaying)
        _ = harness.send(.playbackFinished(.context))
        #expect(harness.machine.heardOver(.refusal, segmentSentence: nil) == [])
        #expect(harness.machine.state == .analysisReady && harness.machine.lessonTurn == .going)
    }

    /// What the daemon lets cut its speech, by what it is doing.
    @Test("what cuts the daemon's speech: stop and pause always, look-ups and commands in IDLE only")
    func interruptions() throws {
        let john = try #require(try ScriptureReference.parse("John 3:16").first)
        let idle = SessionMachine()
        let lesson = try Self.playing(.readingPlaying).machine
        let cuts: [(HeardInput, idle: Bool, lesson: Bool)] = [
            (.refusal, true, true),
            (.control(.pause), true, true),
            (.control(.resume), false, false),
            (.lookup(john), true, false),
            (.uncaughtReference(nil), true, false),
            (.command(.beginLesson), true, false),
            (.command(.endLesson), true, false),
            (.speech("the kettle is on"), false, false),
            (.answer("abraham"), false, false),
            (.nothing, false, false),
        ]
        for (input, inIdle, inLesson) in cuts {
            #expect(idle.interrupts(input) == inIdle, "\(input) in IDLE")
            #expect(lesson.interrupts(input) == inLesson, "\(input) in a lesson")
        }
    }

    @Test("over a verse of a passage asked for, \"pause\" ends the reading as \"stop\" does")
    func pauseEndsAReading() throws {
        let ezra = try #require(try ScriptureReference.parse("Ezra 1").first)
        for word in [HeardInput.control(.pause), .refusal] {
            var harness = Harness(timing: SessionTiming(correctionWindow: .milliseconds(1_400)))
            let confirmed = harness.machine.heard(.lookup(ezra))
            guard case .startTimer(let window, _)? = confirmed.last else {
                Issue.record("no window timer in \(confirmed)")
                return
            }
            _ = harness.machine.handle(.timerFired(window))
            try #require(harness.machine.turn == .reading(ezra))
            let effects = harness.machine.heardOver(word, segmentSentence: nil)
            #expect(effects.first == .stopReading)
            #expect(harness.machine.turn == .waiting && harness.machine.expectedSpeech == .commands)
            #expect(!effects.contains { if case .speakReply = $0 { true } else { false } }, "a stop needs no reply")
        }
    }
}
