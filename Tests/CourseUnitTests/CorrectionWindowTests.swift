import Course
import Intents
import Scripture
import Testing

/// Whether `effect` starts a look-up's correction window.
func isCorrectionWindowTimer(_ effect: SessionEffect) -> Bool {
    if case .startTimer(let timer, _) = effect { return timer.kind == .correctionWindow }
    return false
}

/// One thing heard in a look-up's correction window and what must follow.
struct WindowCase: CustomTestStringConvertible, Sendable {
    enum Outcome: Sendable, Equatable {
        /// The passage asked for first is read.
        case readsAskedFor
        /// Nothing is read; this reply is said and IDLE hears commands and look-ups again.
        case says(Reply)
        /// Nothing is read; the passage does not exist.
        case saysNoSuchPassage
        /// This other passage's reference is said, in a window of its own.
        case confirms(ScriptureReference)
        /// Nothing is done: the window stays open until its timer.
        case staysOpen
        /// Nothing is read; the command is carried out as in IDLE.
        case carriesOut([SessionEffect])
    }

    let name: String
    let input: HeardInput
    let outcome: Outcome
    var testDescription: String { name }

    static let ezra = try! ScriptureReference.parse("Ezra 1:11").first!
    static let esther = try! ScriptureReference.parse("Esther 1:11").first!
    static let judeFour: ReferenceError = {
        do { _ = try ScriptureReference.parse("Jude 4:1") } catch let error as ReferenceError { return error } catch {}
        return .empty
    }()

    static let all: [WindowCase] = [
        WindowCase(name: "no", input: .refusal, outcome: .says(.referenceRefused)),
        WindowCase(name: "another look-up (no, Esther 1:11)", input: .lookup(esther), outcome: .confirms(esther)),
        WindowCase(name: "the same look-up again", input: .lookup(ezra), outcome: .confirms(ezra)),
        WindowCase(name: "a passage that does not exist", input: .noSuchPassage(judeFour), outcome: .saysNoSuchPassage),
        WindowCase(name: "a look-up not caught", input: .uncaughtReference(nil), outcome: .says(.referenceNotCaught)),
        WindowCase(name: "noise (nothing)", input: .nothing, outcome: .staysOpen),
        WindowCase(name: "other speech", input: .speech("the kettle is on"), outcome: .readsAskedFor),
        WindowCase(name: "begin the lesson", input: .command(.beginLesson), outcome: .carriesOut([.loadNextLesson])),
        WindowCase(name: "a lesson command", input: .command(.explainContext),
                   outcome: .carriesOut([.speakReply(.noLessonActive)])),
        WindowCase(name: "an answer", input: .answer("abraham"), outcome: .readsAskedFor),
    ]
}

@Suite("SessionMachine: a look-up's correction window")
struct CorrectionWindowTests {
    /// A machine in IDLE that has just said Ezra 1:11's reference.
    static func windowOpen() -> Harness {
        var harness = Harness(timing: SessionTiming(correctionWindow: .milliseconds(1_400)))
        _ = harness.machine.heard(.lookup(WindowCase.ezra))
        return harness
    }

    @Test("a look-up says its reference, listens for a correction, and reads nothing yet")
    func lookupOpensTheWindow() {
        var harness = Harness(timing: SessionTiming(correctionWindow: .milliseconds(1_400)))
        let effects = harness.machine.heard(.lookup(WindowCase.ezra))
        #expect(effects.prefix(2) == [.listen(.correction), .sayReference(WindowCase.ezra)])
        guard case .startTimer(let timer, let after)? = effects.last else {
            Issue.record("no window timer in \(effects)")
            return
        }
        #expect(timer.kind == .correctionWindow && after == .milliseconds(1_400))
        #expect(!effects.contains { if case .readPassage = $0 { true } else { false } })
        #expect(!effects.contains { if case .saveSessionState = $0 { true } else { false } })
        #expect(harness.machine.expectedSpeech == .correction)
    }

    @Test("silence: the window runs out and the passage is read")
    func silenceReads() {
        var harness = Self.windowOpen()
        let effects = harness.machine.handle(.timerFired(SessionTimer(kind: .correctionWindow, token: 1)))
        #expect(effects == [.readPassage(WindowCase.ezra)])
        #expect(harness.machine.turn == .reading(WindowCase.ezra))
        // Read to its end: IDLE hears commands and look-ups again.
        #expect(harness.machine.handle(.passageRead) == [.listen(.commands)])
        #expect(harness.machine.turn == .waiting)
    }

    @Test("a stale window's timer reads nothing")
    func staleTimer() {
        var harness = Self.windowOpen()
        _ = harness.machine.heard(.lookup(WindowCase.esther))
        #expect(harness.machine.handle(.timerFired(SessionTimer(kind: .correctionWindow, token: 1))) == [])
        #expect(harness.machine.turn == .correctionWindow(WindowCase.esther))
    }

    @Test(arguments: WindowCase.all)
    func heardInTheWindow(_ row: WindowCase) {
        var harness = Self.windowOpen()
        let effects = harness.machine.heard(row.input)
        let reads = effects.compactMap { effect -> ScriptureReference? in
            if case .readPassage(let reference) = effect { return reference }
            return nil
        }
        // The window's timer is cancelled before anything else is done, unless it stays open.
        if row.outcome != .staysOpen {
            #expect(effects.first == .cancelTimer(SessionTimer(kind: .correctionWindow, token: 1)))
        }
        switch row.outcome {
        case .readsAskedFor:
            #expect(reads == [WindowCase.ezra])
            #expect(harness.machine.turn == .reading(WindowCase.ezra) && harness.machine.expectedSpeech == .correction)
        case .says(let reply):
            #expect(reads.isEmpty)
            #expect(effects.last == .speakReply(reply))
            #expect(harness.machine.turn == .waiting && harness.machine.expectedSpeech == .commands)
        case .saysNoSuchPassage:
            #expect(reads.isEmpty)
            #expect(effects.last == .sayNoSuchPassage(WindowCase.judeFour))
            #expect(harness.machine.turn == .waiting)
        case .staysOpen:
            #expect(effects == [])
            #expect(harness.machine.turn == .correctionWindow(WindowCase.ezra))
        case .carriesOut(let then):
            #expect(reads.isEmpty)
            #expect(Array(effects.suffix(then.count)) == then)
            #expect(harness.machine.turn == .waiting && harness.machine.expectedSpeech == .commands)
        case .confirms(let other):
            #expect(reads.isEmpty)
            #expect(effects.contains(.sayReference(other)))
            #expect(effects.last.map(isCorrectionWindowTimer) == true)
            #expect(harness.machine.turn == .correctionWindow(other))
            let fired = harness.machine.handle(.timerFired(SessionTimer(kind: .correctionWindow, token: 2)))
            #expect(fired.last == .readPassage(other))
        }
        #expect(harness.machine.state == .idle)
    }
}

/// One thing heard between two verses of a passage being read, and what must follow.
struct ReadingCase: CustomTestStringConvertible, Sendable {
    let name: String
    let input: HeardInput
    let effects: [SessionEffect]
    let turn: IdleTurn
    var testDescription: String { name }

    static let all: [ReadingCase] = [
        ReadingCase(name: "stop (a refusal)", input: .refusal, effects: [.stopReading, .listen(.commands)], turn: .waiting),
        ReadingCase(name: "another look-up", input: .lookup(WindowCase.esther),
                    effects: [.stopReading, .sayReference(WindowCase.esther)], turn: .correctionWindow(WindowCase.esther)),
        ReadingCase(name: "a passage that does not exist", input: .noSuchPassage(WindowCase.judeFour),
                    effects: [.stopReading, .listen(.commands), .sayNoSuchPassage(WindowCase.judeFour)], turn: .waiting),
        ReadingCase(name: "a look-up not caught", input: .uncaughtReference(nil),
                    effects: [.stopReading, .listen(.commands), .speakReply(.referenceNotCaught)], turn: .waiting),
        ReadingCase(name: "noise", input: .nothing, effects: [], turn: .reading(WindowCase.ezra)),
        ReadingCase(name: "other speech", input: .speech("it is raining"), effects: [], turn: .reading(WindowCase.ezra)),
        ReadingCase(name: "begin the lesson", input: .command(.beginLesson),
                    effects: [.stopReading, .listen(.commands), .loadNextLesson], turn: .waiting),
    ]
}

@Suite("SessionMachine: a passage asked for, read a verse at a time")
struct ReadingTests {
    @Test(arguments: ReadingCase.all)
    func heardBetweenVerses(_ row: ReadingCase) {
        var harness = CorrectionWindowTests.windowOpen()
        _ = harness.machine.handle(.timerFired(SessionTimer(kind: .correctionWindow, token: 1)))
        let effects = harness.machine.heard(row.input)
        // Another look-up's window has a timer of its own, after its reference.
        let withoutTimer = effects.filter { !isCorrectionWindowTimer($0) }
        #expect(withoutTimer == row.effects)
        #expect(harness.machine.turn == row.turn)
        #expect(harness.machine.state == .idle)
        #expect(!effects.contains { if case .saveSessionState = $0 { true } else { false } })
    }

    @Test("a passage read to its end, or stopped, leaves nothing to read; a late passageRead changes nothing")
    func latePassageRead() {
        var harness = CorrectionWindowTests.windowOpen()
        _ = harness.machine.handle(.timerFired(SessionTimer(kind: .correctionWindow, token: 1)))
        _ = harness.machine.heard(.refusal)
        #expect(harness.machine.handle(.passageRead) == [])
        #expect(harness.machine.turn == .waiting)
    }
}
