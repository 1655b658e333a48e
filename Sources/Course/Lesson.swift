import Foundation
import Scripture

/// One validated lesson: its identity and its seven segments in order.
///
/// Built only by ``CurriculumLoader`` from a lesson file that passed every check, so a
/// `Lesson` always has all seven segments, a passage that parsed to exactly one
/// reference, and a non-empty correct answer. The session plays it without further checks.
public struct Lesson: Sendable, Hashable, Identifiable {
    /// `lesson_id`, e.g. `bf01_lesson_01`.
    public let id: String
    /// `course_id` of the course the lesson belongs to.
    public let courseID: String
    /// `sequence`, the lesson's place in its course (1-based).
    public let sequence: Int
    public let title: String
    public let objective: String
    /// The lesson that must be complete before this one, if any.
    public let prerequisite: String?

    public let orientation: String
    /// The reading segment's introduction, spoken before the passage.
    public let readingIntroduction: String
    /// The passage read from `Bible.db`.
    public let passage: ScriptureReference
    public let context: String
    public let analysis: String
    public let themes: String
    public let question: ReviewQuestion
    public let close: String
    /// The segments' recorded narrations (`audio_file`, resolved against the lesson file's
    /// folder); a segment without one is spoken.
    public let recordings: [SegmentType: URL]

    public init(
        id: String, courseID: String, sequence: Int, title: String, objective: String,
        prerequisite: String?, orientation: String, readingIntroduction: String,
        passage: ScriptureReference, context: String, analysis: String, themes: String,
        question: ReviewQuestion, close: String, recordings: [SegmentType: URL] = [:]
    ) {
        self.recordings = recordings
        self.id = id
        self.courseID = courseID
        self.sequence = sequence
        self.title = title
        self.objective = objective
        self.prerequisite = prerequisite
        self.orientation = orientation
        self.readingIntroduction = readingIntroduction
        self.passage = passage
        self.context = context
        self.analysis = analysis
        self.themes = themes
        self.question = question
        self.close = close
    }

    /// What to play for `segment`.
    public func playback(_ segment: SegmentType) -> SegmentPlayback {
        let recording = recordings[segment]
        return switch segment {
        case .orientation: SegmentPlayback(type: .orientation, script: orientation, recording: recording)
        case .reading: SegmentPlayback(type: .reading, script: readingIntroduction, passage: passage, recording: recording)
        case .context: SegmentPlayback(type: .context, script: context, recording: recording)
        case .analysis: SegmentPlayback(type: .analysis, script: analysis, recording: recording)
        case .themes: SegmentPlayback(type: .themes, script: themes, recording: recording)
        case .question: SegmentPlayback(type: .question, script: question.script, recording: recording)
        case .close: SegmentPlayback(type: .close, script: close, recording: recording)
        }
    }
}
