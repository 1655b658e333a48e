import Intents
import Scripture

/// Something the runner must do for the machine. The machine itself never speaks, sleeps
/// or writes; it returns these, in the order they are to be carried out.
///
/// Persistence effects (``recordAnswer(lessonID:_:)``, ``markLessonComplete(lessonID:)``,
/// ``saveSessionState(_:)``) of one ``SessionMachine/handle(_:)`` call belong in one
/// transaction (``ProgressStore/persist(_:)`` does that) and come before anything spoken.
public enum SessionEffect: Sendable, Hashable {
    /// Play a segment's script (and, for the reading segment, then the passage from
    /// `Bible.db`); when it has finished, send ``SessionEvent/playbackFinished(_:)``.
    case playSegment(SegmentPlayback)
    /// Speak a fixed sentence. No event follows.
    case speakReply(Reply)
    /// Start `timer`; it counts from when everything spoken before it has finished. When it
    /// runs out, send ``SessionEvent/timerFired(_:)`` with the same timer.
    case startTimer(SessionTimer, after: Duration)
    /// Stop `timer`; a firing that still arrives is ignored by the machine.
    case cancelTimer(SessionTimer)
    /// Switch the recogniser to `mode`.
    case listen(ExpectedSpeech)
    /// Find the next lesson (`CurriculumLoader.nextLessonEvent`) and answer with
    /// ``SessionEvent/lessonLoaded(_:)``, ``SessionEvent/lessonUnavailable(reason:)`` or
    /// ``SessionEvent/allLessonsComplete``.
    case loadNextLesson
    /// Record the review answer's outcome (never the transcript).
    case recordAnswer(lessonID: String, AnswerEvaluation)
    /// Record the lesson as complete.
    case markLessonComplete(lessonID: String)
    /// Record the session's state; emitted on every transition.
    case saveSessionState(SavedSession)
    /// Log that the next lesson could not be loaded (file and reason); nothing is spoken by
    /// this effect and no progress changes.
    case logLessonFailure(reason: String)
    /// Say the reference of a passage a person asked for in IDLE, before its correction
    /// window ("Ezra chapter 1, verse 11."). No event follows.
    case sayReference(ScriptureReference)
    /// Read the text of a passage asked for in IDLE, from `Bible.db`, once its correction
    /// window has closed: a verse at a time where the runner listens between verses (the
    /// daemon, `simulate`), else whole; when all is read, send ``SessionEvent/passageRead``.
    case readPassage(ScriptureReference)
    /// Stop reading the passage asked for: the verses not yet read are dropped.
    case stopReading
    /// Say why an asked-for passage does not exist (``SpokenReference/noSuchPassage(_:)``).
    /// No event follows.
    case sayNoSuchPassage(ReferenceError)
    /// Say the part of a look-up that was heard and ask for the rest ("Ezra. Which
    /// chapter?", ``SpokenReference/askingFor(_:)``).
    case askForMissingPart(PartialReference)
}

extension SessionEffect {
    /// Whether carrying it out speaks (a reply, a segment, a reference, a passage).
    public var speaks: Bool {
        switch self {
        case .playSegment, .speakReply, .sayReference, .readPassage, .sayNoSuchPassage, .askForMissingPart: true
        default: false
        }
    }

    /// Whether it is written to the progress database (an answer, a completion, the
    /// session's state).
    public var isPersistence: Bool {
        switch self {
        case .recordAnswer, .markLessonComplete, .saveSessionState: true
        default: false
        }
    }
}
