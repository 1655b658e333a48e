import Intents

/// Something that happened, fed to ``SessionMachine/handle(_:)``.
public enum SessionEvent: Sendable, Hashable {
    /// A person said one of the seven commands.
    case command(Command)
    /// A person answered (the recogniser's text). Only meaningful in QUESTION_ASKED.
    case answer(String)
    /// A person said something that is neither a command nor an answer.
    case rejected(InputRejection)
    /// The runner finished playing the segment it was asked to play.
    case playbackFinished(SegmentType)
    /// The runner could not deliver the segment (the speaker failed, or the reading's
    /// passage could not be read): the person did not hear it.
    case playbackFailed(SegmentType)
    /// The runner has read the whole of the passage asked for in IDLE (``SessionEffect/readPassage(_:)``).
    case passageRead
    /// A timer the machine started has run out.
    case timerFired(SessionTimer)
    /// The lesson asked for with ``SessionEffect/loadNextLesson`` is ready.
    case lessonLoaded(Lesson)
    /// The next lesson's file is missing or broken; `reason` names the file and the fault.
    case lessonUnavailable(reason: String)
    /// Every lesson of the course is complete, so there is nothing to begin.
    case allLessonsComplete
}
