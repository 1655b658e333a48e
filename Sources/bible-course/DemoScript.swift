import Assistant
import Course
import Hearing
import Intents

/// What the demo's person says in each state, and whether it was heard: one lesson from
/// "Begin the lesson" to "End the lesson", a line said again at most twice when the
/// recogniser did not hear it as meant.
struct DemoScript {
    struct Line {
        let text: String
        /// What the line should be heard as, for the output.
        let expectation: String
        /// 1 for the first try, 2 and 3 for the retries.
        let attempt: Int?
        let expected: Expected
    }

    enum Expected {
        case command(Command)
        case lookup
        case answer
    }

    static let lookupLine = "Read Habakkuk chapter two verse four"
    static let maximumAttempts = 3

    let includeLookup: Bool
    private var lookupDone = false
    private var begun = false
    private var attempts: [String: Int] = [:]
    private(set) var retries = 0
    private(set) var failed = false
    private var current: Line?

    init(includeLookup: Bool) {
        self.includeLookup = includeLookup
    }

    /// The line for `state`, or nil when the script is over.
    mutating func next(state: SessionState, question: ReviewQuestion?) -> Line? {
        let text: String
        let expected: Expected
        switch state {
        case .idle:
            if includeLookup, !lookupDone {
                text = Self.lookupLine
                expected = .lookup
            } else if !begun {
                text = Command.beginLesson.phrase
                expected = .command(.beginLesson)
            } else {
                return nil
            }
        case .readingReady: (text, expected) = (Command.readPassage.phrase, .command(.readPassage))
        case .contextReady: (text, expected) = (Command.explainContext.phrase, .command(.explainContext))
        case .analysisReady: (text, expected) = (Command.analyzeStructure.phrase, .command(.analyzeStructure))
        case .themesReady: (text, expected) = (Command.summarizeThemes.phrase, .command(.summarizeThemes))
        case .questionReady: (text, expected) = (Command.askQuestion.phrase, .command(.askQuestion))
        case .questionAsked:
            guard let question else { return nil }
            (text, expected) = (question.correctAnswer, .answer)
        case .closeReady, .sessionComplete: (text, expected) = (Command.endLesson.phrase, .command(.endLesson))
        default:
            return nil
        }
        let attempt = (attempts[text] ?? 0) + 1
        let expectation: String
        switch expected {
        case .command(let command): expectation = command.id
        case .lookup: expectation = "a look-up"
        case .answer: expectation = "an answer"
        }
        let line = Line(text: text, expectation: expectation, attempt: attempt, expected: expected)
        current = line
        return line
    }

    /// Notes how the turn went.
    mutating func record(turn: [TimedEvent], stateBefore: SessionState, stateAfter: SessionState) {
        guard let line = current else { return }
        let heard = turn.contains { event in
            guard case .intent(let intent) = event.event else { return false }
            switch (line.expected, intent) {
            case (.command(let wanted), .command(let got)): return wanted == got
            case (.lookup, .lookup): return true
            case (.answer, .answer): return true
            default: return false
            }
        }
        if case .lookup = line.expected, heard { lookupDone = true }
        if case .command(.beginLesson) = line.expected, heard { begun = true }
        if heard || stateBefore != stateAfter {
            attempts[line.text] = nil
            if case .answer = line.expected { attempts[line.text] = nil }
            return
        }
        let tries = (attempts[line.text] ?? 0) + 1
        attempts[line.text] = tries
        if tries >= Self.maximumAttempts {
            if case .lookup = line.expected {
                // The look-up is an extra: give up on it and go on with the lesson.
                lookupDone = true
                attempts[line.text] = nil
                return
            }
            failed = true
        } else {
            retries += 1
        }
    }
}
