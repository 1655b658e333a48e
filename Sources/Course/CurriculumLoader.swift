import Foundation

/// What "Begin the lesson" finds in a course.
public enum NextLesson: Sendable, Hashable {
    /// The lesson to begin, and its `json_path` relative to the curriculum directory.
    case lesson(Lesson, jsonPath: String)
    /// Every lesson of the course is complete.
    case allComplete
    /// The next lesson cannot be loaded; `reason` names the file and what is wrong.
    case unavailable(reason: String)
}

/// Reads courses and lessons from a curriculum directory laid out as the seed's 6.2:
/// `courses/<course-id>/course.json` and `courses/<course-id>/lessons/<lesson-id>.json`.
///
/// Every file is read when asked for, never cached, so a lesson edited or removed while the
/// daemon runs is noticed at the next "Begin the lesson". Failures are
/// ``CurriculumError``s naming the file and field.
public struct CurriculumLoader: Sendable {
    /// The curriculum directory (holds `courses/` and `forbidden-phrases.json`).
    public let directory: URL
    /// How problems name the directory: the path as the person gave it.
    public let displayRoot: String

    public init(directory: URL, displayRoot: String? = nil) {
        self.directory = directory
        self.displayRoot = displayRoot ?? directory.path
    }

    /// The course directories that hold a `course.json`, sorted.
    public func courseIDs() -> [String] {
        let courses = directory.appendingPathComponent("courses")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: courses.path)) ?? []
        return names.sorted().filter {
            FileManager.default.fileExists(atPath: courses.appendingPathComponent("\($0)/course.json").path)
        }
    }

    /// `json_path` of a lesson: relative to the curriculum directory.
    public func lessonPath(_ lessonID: String, courseID: String) -> String {
        "courses/\(courseID)/lessons/\(lessonID).json"
    }

    func courseFilePath(_ courseID: String) -> String { "courses/\(courseID)/course.json" }

    func url(_ relativePath: String) -> URL { directory.appendingPathComponent(relativePath) }

    func display(_ relativePath: String) -> String {
        displayRoot.hasSuffix("/") ? displayRoot + relativePath : displayRoot + "/" + relativePath
    }

    /// Reads a file's bytes, or the problem that stops it.
    func data(_ relativePath: String, kind: CurriculumProblem.FileKind) -> Result<Data, CurriculumProblem> {
        let url = url(relativePath)
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            return .failure(CurriculumProblem(kind, file: display(relativePath), .missingFile))
        }
        // A FIFO would hold the reader (and the daemon before it is ready) forever.
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .failure(CurriculumProblem(kind, file: display(relativePath), .unreadable("it is not a regular file")))
        }
        guard status.st_size <= SpeakableLimits.largestFile else {
            return .failure(CurriculumProblem(kind, file: display(relativePath),
                                              .tooLarge(bytes: Int(status.st_size), limit: SpeakableLimits.largestFile)))
        }
        do {
            return .success(try Data(contentsOf: url))
        } catch {
            return .failure(CurriculumProblem(kind, file: display(relativePath), .unreadable(error.localizedDescription)))
        }
    }

    /// The course `courseID`, checked field by field and against its directory name.
    public func loadCourse(_ courseID: String) throws(CurriculumError) -> CourseOutline {
        let path = courseFilePath(courseID)
        let bytes: Data
        switch data(path, kind: .course) {
        case .success(let value): bytes = value
        case .failure(let problem): throw CurriculumError([problem])
        }
        let (course, problems) = LessonParser(file: display(path)).parseCourse(bytes)
        guard let course else { throw CurriculumError(problems) }
        guard course.id == courseID else {
            throw CurriculumError([CurriculumProblem(.course, file: display(path), .mismatch(field: "course_id", found: course.id, expected: courseID))])
        }
        return course
    }

    /// The lesson `lessonID` of `course`, with every check a single file allows (fields,
    /// segments, passage, its id and course id). Cross-lesson checks and forbidden phrases
    /// are ``CurriculumCheck``'s.
    public func loadLesson(_ lessonID: String, course: CourseOutline) throws(CurriculumError) -> Lesson {
        let path = lessonPath(lessonID, courseID: course.id)
        let bytes: Data
        switch data(path, kind: .lesson) {
        case .success(let value): bytes = value
        case .failure(let problem): throw CurriculumError([problem])
        }
        let (lesson, problems) = LessonParser(file: display(path), folder: url(path).deletingLastPathComponent()).parseLesson(bytes)
        guard let lesson else { throw CurriculumError(problems) }
        var mismatches: [CurriculumProblem] = []
        if lesson.id != lessonID {
            mismatches.append(CurriculumProblem(.lesson, file: display(path), .mismatch(field: "lesson_id", found: lesson.id, expected: lessonID)))
        }
        if lesson.courseID != course.id {
            mismatches.append(CurriculumProblem(.lesson, file: display(path), .mismatch(field: "course_id", found: lesson.courseID, expected: course.id)))
        }
        if !mismatches.isEmpty { throw CurriculumError(mismatches) }
        return lesson
    }

    /// The lesson "Begin the lesson" starts: the first lesson in course order that is not
    /// complete and whose prerequisite is complete.
    public func nextLesson(courseID: String, completed: Set<String>) -> NextLesson {
        let course: CourseOutline
        do {
            course = try loadCourse(courseID)
        } catch {
            return .unavailable(reason: error.description)
        }
        var anyIncomplete = false
        for id in course.lessonIDs where !completed.contains(id) {
            anyIncomplete = true
            let lesson: Lesson
            do {
                lesson = try loadLesson(id, course: course)
            } catch {
                return .unavailable(reason: error.description)
            }
            if let prerequisite = lesson.prerequisite, !completed.contains(prerequisite) { continue }
            return .lesson(lesson, jsonPath: lessonPath(id, courseID: courseID))
        }
        if anyIncomplete {
            return .unavailable(reason: "\(display(courseFilePath(courseID))): no incomplete lesson has its prerequisite complete")
        }
        return .allComplete
    }
}
