import Assistant
import Course
import Foundation
import Scripture
import Vocabulary

/// Prepares the Bible-domain language model of `bible-course listen` in the state
/// directory (`domain-model/`, beside the grammar's `model/`): built from `Bible.db`, the
/// curriculum's lesson scripts and terms and the vocabulary's terms at first use, reused
/// while they are unchanged (``DomainModelCompiler``).
public enum DomainModelSetup {
    /// Where the model is kept for `locations`.
    public static func directory(_ locations: VocabularyLocations) -> URL {
        locations.modelDirectory.deletingLastPathComponent().appendingPathComponent("domain-model")
    }

    /// The model of `verses` (the Bible's, as `BibleStore.allVerses` reads them), built when
    /// missing or stale.
    public static func prepare(_ locations: VocabularyLocations, verses: [(book: Book, verse: Verse)]) throws
        -> (DomainModelCompiler.Model, ModelCompiler.Outcome) {
        try DomainModelCompiler.prepare(inputs(locations, verses: verses), in: directory(locations))
    }

    /// The model built anew, whether or not the one on disk is current (`model build --listen --force`).
    public static func rebuild(_ locations: VocabularyLocations, verses: [(book: Book, verse: Verse)]) throws -> DomainModelCompiler.Model {
        let inputs = inputs(locations, verses: verses)
        return try DomainModelCompiler.build(inputs, in: directory(locations), digest: try inputs.digest())
    }

    /// What the model is built from: the Bible's verses, the lessons' scripts, the terms.
    static func inputs(_ locations: VocabularyLocations, verses: [(book: Book, verse: Verse)]) -> DomainModelInputs {
        let loader = CurriculumLoader(directory: locations.curriculumDirectory)
        var scripts: [String] = []
        for courseID in loader.courseIDs() {
            guard let course = try? loader.loadCourse(courseID) else { continue }
            for lessonID in course.lessonIDs {
                guard let lesson = try? loader.loadLesson(lessonID, course: course) else { continue }
                scripts += [lesson.orientation, lesson.readingIntroduction, lesson.context, lesson.analysis,
                            lesson.themes, lesson.question.script, lesson.close]
            }
        }
        return DomainModelInputs(
            verses: verses, lessonScripts: scripts,
            terms: TranscriptNormaliserSetup.courseTerms(loader) + BibleVocabulary.terms,
            pronunciationsFile: locations.pronunciationsFile)
    }
}
