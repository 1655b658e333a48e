import Course
import Intents
import Scripture
import Testing

/// One thing heard after the daemon asked for the missing part of a look-up ("Ezra.
/// Which chapter?"), and what must follow.
struct AskedCase: CustomTestStringConvertible, Sendable {
    enum Outcome: Sendable, Equatable {
        /// This passage's reference is said, in a correction window of its own.
        case confirms(ScriptureReference)
        /// This reply is said and IDLE hears commands and look-ups again.
        case says(Reply)
        /// The passage does not exist: its reply, and IDLE again.
        case saysNoSuchPassage
        /// The command is carried out as in IDLE.
        case carriesOut([SessionEffect])
        /// Nothing is done: the question stays open until its timer.
        case staysOpen
        /// The question lapses without a word: IDLE again.
        case lapses
    }

    let name: String
    let input: HeardInput
    let outcome: Outcome
    var testDescription: String { name }

    static let ezraBook = PartialReference(book: BookCatalog.book(named: "Ezra")!)
    static let ezraOne = PartialReference(book: BookCatalog.book(named: "Ezra")!, chapter: 1)

    static let all: [AskedCase] = [
        AskedCase(name: "the part, completed (chapter one verse eleven)", input: .lookup(WindowCase.ezra),
                  outcome: .confirms(WindowCase.ezra)),
        AskedCase(name: "another look-up in its place", input: .lookup(WindowCase.esther), outcome: .confirms(WindowCase.esther)),
        AskedCase(name: "no", input: .refusal, outcome: .says(.referenceRefused)),
        AskedCase(name: "pause", input: .control(.pause), outcome: .says(.referenceRefused)),
        AskedCase(name: "a part that does not exist", input: .noSuchPassage(WindowCase.judeFour), outcome: .saysNoSuchPassage),
        AskedCase(name: "not caught again (no second question)", input: .uncaughtReference(ezraOne),
                  outcome: .says(.referenceNotCaught)),
        AskedCase(name: "begin the lesson", input: .command(.beginLesson), outcome: .carriesOut([.loadNextLesson])),
        AskedCase(name: "noise", input: .nothing, outcome: .staysOpen),
        AskedCase(name: "other speech", input: .speech("the kettle is on"), outcome: .lapses),
    ]
}

@Suite("SessionMachine: asking for the missing part of a look-up")
struct MissingPartTests {
    /// A machine in IDLE that heard a look-up of Ezra whose numbers were not caught.
    static func asked(_ part: PartialReference = AskedCase.ezraBook) -> (Harness, [SessionEffect]) {
        var harness = Harness(timing: SessionTiming(correctionWindow: .milliseconds(1_400), missingPartWait: .seconds(8)))
        let effects = harness.machine.heard(.uncaughtReference(part))
        return (harness, effects)
    }

    @Test("a look-up heard in part says that part, asks for the rest and listens for it")
    func asks() {
        let (harness, effects) = Self.asked()
        #expect(Array(effects.prefix(2)) == [.listen(.missingPart(AskedCase.ezraBook)), .askForMissingPart(AskedCase.ezraBook)])
        guard case .startTimer(let timer, let after)? = effects.last, effects.count == 3 else {
            Issue.record("no timer for the answer in \(effects)")
            return
        }
        #expect(timer.kind == .missingPartWait && after == .seconds(8))
        #expect(harness.machine.turn == .askingFor(AskedCase.ezraBook))
        #expect(harness.machine.expectedSpeech == .missingPart(AskedCase.ezraBook))
        #expect(!effects.contains { if case .saveSessionState = $0 { true } else { false } })
    }

    @Test("one not caught at all still gets the reply asking for the whole reference")
    func nothingKept() {
        var harness = Harness()
        #expect(harness.machine.heard(.uncaughtReference(nil)) == [.speakReply(.referenceNotCaught)])
        #expect(harness.machine.turn == .waiting)
    }

    @Test("no answer: the question lapses without a word")
    func lapses() {
        var (harness, _) = Self.asked()
        let effects = harness.machine.handle(.timerFired(SessionTimer(kind: .missingPartWait, token: 1)))
        #expect(effects == [.listen(.commands)])
        #expect(harness.machine.turn == .waiting)
    }

    @Test("heard in part in a correction window, or between verses: the window closes (the reading stops) and the rest is asked for")
    func inTheWindowAndWhileReading() {
        var harness = CorrectionWindowTests.windowOpen()
        var effects = harness.machine.heard(.uncaughtReference(AskedCase.ezraOne))
        #expect(effects.first == .cancelTimer(SessionTimer(kind: .correctionWindow, token: 1)))
        #expect(effects.contains(.askForMissingPart(AskedCase.ezraOne)))
        #expect(!effects.contains { if case .readPassage = $0 { true } else { false } })
        #expect(harness.machine.turn == .askingFor(AskedCase.ezraOne))

        harness = CorrectionWindowTests.windowOpen()
        _ = harness.machine.handle(.timerFired(SessionTimer(kind: .correctionWindow, token: 1)))
        effects = harness.machine.heard(.uncaughtReference(AskedCase.ezraOne))
        #expect(Array(effects.prefix(3)) == [.stopReading, .listen(.missingPart(AskedCase.ezraOne)), .askForMissingPart(AskedCase.ezraOne)])
        #expect(harness.machine.turn == .askingFor(AskedCase.ezraOne))
    }

    @Test("during a lesson a look-up heard in part is conversation, as a whole one is")
    func duringALesson() throws {
        var harness = Harness()
        _ = harness.machine.heard(.command(.beginLesson))
        _ = harness.machine.handle(.lessonLoaded(try sampleLesson()))
        #expect(harness.machine.heard(.uncaughtReference(AskedCase.ezraBook)) == [.speakReply(.structuredCourse)])
    }

    @Test(arguments: AskedCase.all)
    func heardWhenAsked(_ row: AskedCase) {
        var (harness, _) = Self.asked()
        let effects = harness.machine.heard(row.input)
        if row.outcome != .staysOpen {
            #expect(effects.first == .cancelTimer(SessionTimer(kind: .missingPartWait, token: 1)))
        }
        #expect(!effects.contains { if case .readPassage = $0 { true } else { false } })
        switch row.outcome {
        case .confirms(let reference):
            #expect(effects.contains(.sayReference(reference)))
            #expect(effects.last.map(isCorrectionWindowTimer) == true)
            #expect(harness.machine.turn == .correctionWindow(reference))
        case .says(let reply):
            #expect(effects.last == .speakReply(reply))
            #expect(harness.machine.turn == .waiting && harness.machine.expectedSpeech == .commands)
        case .saysNoSuchPassage:
            #expect(effects.last == .sayNoSuchPassage(WindowCase.judeFour))
            #expect(harness.machine.turn == .waiting)
        case .carriesOut(let then):
            #expect(Array(effects.suffix(then.count)) == then)
            #expect(harness.machine.turn == .waiting && harness.machine.expectedSpeech == .commands)
        case .staysOpen:
            #expect(effects == [])
            #expect(harness.machine.turn == .askingFor(AskedCase.ezraBook))
        case .lapses:
            #expect(effects == [.cancelTimer(SessionTimer(kind: .missingPartWait, token: 1)), .listen(.commands)])
            #expect(harness.machine.turn == .waiting)
        }
        #expect(harness.machine.state == .idle)
    }

    @Test("what the daemon says when it asks")
    func spoken() {
        #expect(SpokenReference.askingFor(AskedCase.ezraBook) == "Ezra. Which chapter?")
        #expect(SpokenReference.askingFor(AskedCase.ezraOne) == "Ezra chapter 1. Which verse?")
        #expect(SpokenReference.askingFor(PartialReference(book: BookCatalog.book(named: "Jude")!)) == "Jude. Which verse?")
    }
}
