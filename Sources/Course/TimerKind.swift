/// The timers of a session: the seed's three (section 3.2), a look-up's correction window
/// and the wait for the missing part of a look-up.
public enum TimerKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// From a READY state to its segment's playback (2 s).
    case autoAdvance
    /// From QUESTION_ANSWERED to CLOSE_READY (1 s).
    case answerFeedback
    /// From SESSION_COMPLETE to IDLE (10 s).
    case completionTimeout
    /// From a look-up's reference said to its passage read, while "no" can still stop it.
    case correctionWindow
    /// From asking for the missing part of a look-up to giving up on the answer.
    case missingPartWait
}
