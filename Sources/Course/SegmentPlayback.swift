import Foundation
import Scripture

/// What the runner plays for one segment: the script, and for the reading segment the
/// passage read from `Bible.db` after it.
///
/// The passage text is never copied into the lesson; the runner looks it up when it plays.
public struct SegmentPlayback: Sendable, Hashable {
    /// Which segment this is.
    public let type: SegmentType
    /// The `audio_script`, spoken verbatim.
    public let script: String
    /// For the reading segment, the passage spoken after the script.
    public let passage: ScriptureReference?
    /// The segment's `audio_file` (a recorded narration of the script), played instead of
    /// speaking the script when it can be read.
    public let recording: URL?
    /// The sentence to start from: 0, or where the segment was held (``LessonTurn``). A
    /// recording, which has no sentences, is played again from its start.
    public var fromSentence: Int

    public init(type: SegmentType, script: String, passage: ScriptureReference? = nil, recording: URL? = nil,
                fromSentence: Int = 0) {
        self.type = type
        self.script = script
        self.passage = passage
        self.recording = recording
        self.fromSentence = fromSentence
    }
}
