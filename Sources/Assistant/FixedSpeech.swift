import Course
import Scripture

/// Everything the course will say that is known ahead: every segment's script of the
/// course's lessons, each reading's passage from `Bible.db`, the answer said back for each
/// question, and the session's fixed replies. A natural voice renders these once
/// (`bible-course voice render`, and in the background at start) so nobody waits for them.
public enum FixedSpeech {
    public static func texts(loader: CurriculumLoader, courseID: String, bible: (any PassageSource)?) -> [String] {
        var texts = Reply.fixed.map(\.text)
        guard let course = try? loader.loadCourse(courseID) else { return texts }
        for id in course.lessonIDs {
            guard let lesson = try? loader.loadLesson(id, course: course) else { continue }
            texts += SegmentType.allCases.map { lesson.playback($0).script }
            texts.append(Reply.answerIs(lesson.question.correctAnswer).text)
            if let passage = try? bible?.passage(lesson.passage), !passage.verses.isEmpty {
                texts.append(passage.text)
            }
        }
        return texts
    }
}
