import Audio
import Course
import Foundation
import Scripture

/// Whether the configured course can be taught, checked before the daemon says READY (and
/// by `doctor`, in the same words): the course exists, every lesson of it passes
/// `curriculum check`, and `Bible.db` opens and holds every lesson's passage. Broken
/// content found at start is one line naming the file and field; found only when a person
/// says "Begin the lesson", it would be a spoken apology from a daemon that said READY.
public enum CourseReadiness {
    /// Why the course cannot be taught: one line naming the file and field.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// The course to teach: `configured`, else the curriculum's first; nil when there is
    /// none.
    public static func courseID(configured: String?, loader: CurriculumLoader) -> String? {
        configured ?? loader.courseIDs().first
    }

    /// `Bible.db` at `biblePath`, open, once `courseID` is found teachable from `loader`
    /// with it; else the first thing that stops it (the curriculum's problems before the
    /// Bible's, so a missing course is named as such).
    public static func check(courseID: String, loader: CurriculumLoader, biblePath: String) -> Result<BibleStore, Problem> {
        let bible: Result<BibleStore, Problem>
        do {
            bible = .success(try BibleStore(path: biblePath))
        } catch {
            bible = .failure(Problem(description: error.description))
        }
        let lookup: (@Sendable (ScriptureReference) -> String?)? = (try? bible.get()).map { store in
            { missingPassage($0, in: store) }
        }
        let problems = CurriculumCheck(loader: loader, passageLookup: lookup, recordingLength: recordingLength)
            .problems(course: courseID)
        if let first = problems.first {
            let more = problems.count > 1 ? " (and \(problems.count - 1) more: run `bible-course curriculum check`)" : ""
            return .failure(Problem(description: "course \"\(courseID)\" cannot be taught: \(first.description)\(more)"))
        }
        return bible
    }

    /// How long a segment's recorded narration plays, or why it cannot (the formats the
    /// daemon plays: WAV, 16-bit PCM at any rate, mono or more channels).
    @Sendable public static func recordingLength(_ url: URL) -> Result<Double, CurriculumCheck.RecordingProblem> {
        do {
            return .success(try WAVReader(url).duration)
        } catch {
            return .failure(CurriculumCheck.RecordingProblem(error.description))
        }
    }

    /// Nil when `reference` has verses in `bible`, else why not.
    public static func missingPassage(_ reference: ScriptureReference, in bible: BibleStore) -> String? {
        let passage: Passage
        do {
            passage = try bible.passage(reference)
        } catch {
            return error.description
        }
        return passage.verses.isEmpty ? "no verses found" : nil
    }
}
