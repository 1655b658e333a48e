/// What a lesson is doing besides its state: going on, or held by "pause".
///
/// A segment held while it played waits at its READY state (LESSON_LOADED for the
/// orientation) with no timer to move on; "continue", or the segment's own command, plays
/// it again from the start of the sentence it was held in. The hold is saved with the
/// session, so a paused lesson is still paused after a restart.
public enum LessonTurn: Sendable, Hashable {
    /// Nothing held.
    case going
    /// The segment of the READY state was held in its sentence `sentence` (0 is the first;
    /// the reading segment's passage follows its script, a verse a sentence).
    case held(sentence: Int)

    /// The sentence the held segment resumes from; nil when nothing is held.
    public var heldSentence: Int? {
        if case .held(let sentence) = self { return sentence }
        return nil
    }
}
