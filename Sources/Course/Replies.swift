import Intents


/// A fixed sentence the course speaks, never composed from what a person said.
///
/// The texts are the seed's exact wording (sections 3.3, 5.2, 5.3 and 8), plus one for a
/// finished course. ``answerIs(_:)`` carries the lesson's canonical answer, which comes
/// from the curriculum file, never from the listener.
public enum Reply: Sendable, Hashable {
    /// Input that is a command, but not one valid now (and no guidance applies).
    case useValidCommand
    /// A lesson command while no lesson is active.
    case noLessonActive
    /// A command other than "End the lesson" once the lesson is complete.
    case lessonComplete
    /// The lesson file is missing or broken (section 8.1).
    case lessonUnavailable
    /// Conversational input (section 5.3).
    case structuredCourse
    /// The recogniser heard nothing usable (section 8.2).
    case commandNotRecognized
    /// A request for personal application (section 5.3).
    case interpretationNotApplication
    /// A theological question outside the syllabus (section 5.3).
    case outsideSyllabus
    /// The answer matched the correct answer or an acceptable variant.
    case correct
    /// The answer did not match; carries the lesson's correct answer.
    case answerIs(String)
    /// "Begin the lesson" when every lesson of the course is complete.
    case allLessonsComplete
    /// A look-up whose passage was not heard surely enough to read: asking again beats
    /// reading the wrong passage.
    case referenceNotCaught
    /// "No" said after a look-up's reference: the passage is not read.
    case referenceRefused
    /// "Pause" (or "stop") said while a lesson's segment played: it is held until "continue".
    case paused
    /// A segment that could not be delivered (no working speaker, an unreadable passage):
    /// the lesson waits at that segment for its command.
    case segmentNotPlayed(Command)
    /// A passage asked for that has no verses in `Bible.db` (``SpokenReference/noSuchPassage(_:)``
    /// says more where the reference names what does not exist).
    case noSuchPassage

    /// Every reply whose words are known before any lesson is read (``answerIs(_:)`` carries
    /// a lesson's answer): what a voice can render ahead.
    public static let fixed: [Reply] = [
        .useValidCommand, .noLessonActive, .lessonComplete, .lessonUnavailable, .structuredCourse,
        .commandNotRecognized, .interpretationNotApplication, .outsideSyllabus, .correct, .allLessonsComplete,
        .referenceNotCaught, .referenceRefused, .paused, .noSuchPassage,
    ] + Command.allCases.map(Reply.segmentNotPlayed)

    /// The exact words spoken.
    public var text: String {
        switch self {
        case .useValidCommand: "Please use a valid command."
        case .noLessonActive: "No lesson is active. Say 'Begin the lesson' first."
        case .lessonComplete: "This lesson is complete. Say 'End the lesson' to return."
        case .lessonUnavailable: "Lesson content unavailable. Please contact support."
        case .structuredCourse: "This is a structured course. Please use a valid command."
        case .commandNotRecognized: "Command not recognized. Please try again."
        case .interpretationNotApplication:
            "This course teaches interpretation, not application. Please continue with the lesson."
        case .outsideSyllabus:
            "This course follows a set curriculum. Please consult a pastor or theologian for questions outside the syllabus."
        case .correct: "Correct"
        case .answerIs(let answer): "The answer is \(answer)"
        case .allLessonsComplete: "Every lesson in this course is complete."
        case .referenceNotCaught: "I did not catch the reference. Please say it again."
        case .referenceRefused: "Which passage would you like? Please say the reference again."
        case .paused: "Paused. Say 'Continue' when you are ready."
        case .segmentNotPlayed(let command): "That part of the lesson could not be played. Say '\(command.phrase)' to try again."
        case .noSuchPassage: "There is no such passage."
        }
    }
}
