import Course
import Foundation
import Scripture
import Testing

/// A small lesson built in code, so machine tests depend on no file and no Bible.db.
func sampleLesson(id: String = "t_lesson_01", sequence: Int = 1, prerequisite: String? = nil) throws -> Lesson {
    let references = try ScriptureReference.parse("Genesis 12:1-3")
    let passage = try #require(references.first)
    return Lesson(
        id: id, courseID: "test-course", sequence: sequence, title: "The call of Abram",
        objective: "Identify the promises of Genesis 12:1-3.", prerequisite: prerequisite,
        orientation: "Orientation script.", readingIntroduction: "Reading introduction.",
        passage: passage, context: "Context script.", analysis: "Analysis script.",
        themes: "Themes script.",
        question: ReviewQuestion(
            script: "What three elements does God promise to Abram?",
            correctAnswer: "Land, descendants, and blessing",
            acceptableVariants: ["land, offspring, blessing"]
        ),
        close: "Close script."
    )
}

/// One step of a scripted drive through the machine.
enum Step {
    case event(SessionEvent)
    /// Fire the timer the machine started last.
    case fireTimer
}

/// The steps that lead from a fresh machine to each state that can be rested in.
/// LESSON_LOADED is passed through in the same step as ORIENTATION_PLAYING, so it has none.
func steps(to state: SessionState, lesson: Lesson) -> [Step]? {
    // Each step and the state it arrives in.
    let path: [(Step, SessionState?)] = [
        (.event(.command(.beginLesson)), nil),
        (.event(.lessonLoaded(lesson)), .orientationPlaying),
        (.event(.playbackFinished(.orientation)), .readingReady),
        (.event(.command(.readPassage)), .readingPlaying),
        (.event(.playbackFinished(.reading)), .contextReady),
        (.event(.command(.explainContext)), .contextPlaying),
        (.event(.playbackFinished(.context)), .analysisReady),
        (.event(.command(.analyzeStructure)), .analysisPlaying),
        (.event(.playbackFinished(.analysis)), .themesReady),
        (.event(.command(.summarizeThemes)), .themesPlaying),
        (.event(.playbackFinished(.themes)), .questionReady),
        (.event(.command(.askQuestion)), .questionAsked),
        (.event(.answer("land, descendants and blessing")), .questionAnswered),
        (.fireTimer, .closeReady),
        (.event(.command(.endLesson)), .closePlaying),
        (.event(.playbackFinished(.close)), .sessionComplete),
    ]
    if state == .idle { return [] }
    guard let index = path.firstIndex(where: { $0.1 == state }) else { return nil }
    return path[0...index].map(\.0)
}

/// A machine plus the clock its timers run on, driven step by step.
struct Harness {
    var machine: SessionMachine
    var clock = VirtualClock()
    var effects: [SessionEffect] = []

    init(timing: SessionTiming = SessionTiming()) {
        let (machine, effects) = SessionMachine.start(from: nil, lesson: nil, timing: timing)
        self.machine = machine
        self.effects = effects
    }

    /// Handles `event`, applies the effects to the clock and returns them.
    @discardableResult
    mutating func send(_ event: SessionEvent) -> [SessionEffect] {
        let result = machine.handle(event)
        for effect in result { clock.apply(effect) }
        effects += result
        return result
    }

    /// Fires the next pending timer (jumping virtual time to it).
    @discardableResult
    mutating func fireTimer() -> [SessionEffect] {
        guard let timer = clock.fireNext() else { return [] }
        return send(.timerFired(timer))
    }

    mutating func run(_ steps: [Step]) {
        for step in steps {
            switch step {
            case .event(let event): send(event)
            case .fireTimer: fireTimer()
            }
        }
    }
}

/// The state each save effect in `effects` recorded, in order.
func savedStates(_ effects: [SessionEffect]) -> [SessionState] {
    effects.compactMap { effect in
        if case .saveSessionState(let saved) = effect { return saved.state }
        return nil
    }
}

/// A fresh temporary directory, removed by the caller with `FileManager.removeItem`.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("course-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
