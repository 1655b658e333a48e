/// One thing wrong with a curriculum file, naming the file and the field.
///
/// `description` is the line `bible-course curriculum check` prints, e.g.
/// `lesson file curriculum/courses/biblical-foundations-01/lessons/bf01_lesson_03.json: missing field `correct_answer` in segment 6`.
public struct CurriculumProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which kind of file the problem is in.
    public enum FileKind: String, Sendable, Hashable {
        case course
        case lesson
        case forbiddenPhrases = "forbidden-phrases"
        case curriculum
    }

    /// What is wrong. Each case's message says what to change.
    public enum Kind: Sendable, Hashable {
        case missingFile
        case unreadable(String)
        case invalidJSON(String)
        case missingField(String, segment: Int?)
        case wrongType(String, expected: String, segment: Int?)
        case emptyField(String, segment: Int?)
        case unknownField(String, segment: Int?)
        case missingSegment(SegmentType)
        case extraSegment(String, segment: Int)
        case unknownSegmentType(String, segment: Int)
        case segmentOutOfOrder(found: String, expected: SegmentType, segment: Int)
        case badPassage(String, reason: String)
        case passageNotInBible(String, reason: String)
        case mismatch(field: String, found: String, expected: String)
        case listedLessonMissing(String)
        case unlistedLesson(String)
        case duplicateLessonID(String, otherFile: String)
        case duplicateListedLesson(String)
        case duplicateTerm(String)
        case duplicateSequence(Int, otherFile: String)
        case sequenceOutOfOrder(sequence: Int, position: Int)
        case unknownPrerequisite(String)
        case prerequisiteCycle([String])
        case forbiddenPhrase(phrase: String, category: String, field: String, segment: Int?)
        /// The transcript normaliser would read `written` as `normalised`: a name or term
        /// the lexicon cannot say as written.
        case normalisedAway(written: String, normalised: String, field: String, segment: Int?)
        case noCourses
        /// A segment's `audio_file` is missing, unreadable, or far from its script's length.
        case badRecording(String, reason: String, segment: Int)
        /// A script (or a word of it) longer than the voices can say (``SpeakableLimits``);
        /// `what` is "script" or "word".
        case tooLong(field: String, what: String, length: Int, limit: Int, segment: Int?)
        /// The file is larger than a curriculum file may be (``SpeakableLimits/largestFile``).
        case tooLarge(bytes: Int, limit: Int)
    }

    public let fileKind: FileKind
    /// The file as the person named it (relative to where they ran the command when they
    /// gave a relative path).
    public let file: String
    public let kind: Kind

    public init(_ fileKind: FileKind, file: String, _ kind: Kind) {
        self.fileKind = fileKind
        self.file = file
        self.kind = kind
    }

    public var description: String {
        "\(fileKind.rawValue) \(fileKind == .curriculum ? "directory" : "file") \(file): \(message)"
    }

    /// The problem without the file.
    public var message: String {
        func inSegment(_ segment: Int?) -> String { segment.map { " in segment \($0)" } ?? "" }
        switch kind {
        case .missingFile:
            return "file not found"
        case .unreadable(let reason):
            return "cannot read the file: \(reason)"
        case .invalidJSON(let reason):
            return "not valid JSON: \(reason)"
        case .missingField(let field, let segment):
            return "missing field `\(field)`\(inSegment(segment))"
        case .wrongType(let field, let expected, let segment):
            return "field `\(field)`\(inSegment(segment)) must be \(expected)"
        case .emptyField(let field, let segment):
            return "field `\(field)`\(inSegment(segment)) is empty"
        case .unknownField(let field, let segment):
            return "unknown field `\(field)`\(inSegment(segment))"
        case .missingSegment(let type):
            return "missing segment `\(type.rawValue)` (segment \(type.number) of 7)"
        case .extraSegment(let type, let segment):
            return "extra segment `\(type)` at segment \(segment): a lesson has exactly one of each of the 7 segments"
        case .unknownSegmentType(let type, let segment):
            let known = SegmentType.allCases.map(\.rawValue).joined(separator: ", ")
            return "unknown segment type `\(type)` in segment \(segment) (known: \(known))"
        case .segmentOutOfOrder(let found, let expected, let segment):
            return "segment \(segment) is `\(found)`, expected `\(expected.rawValue)` (order: orientation, reading, context, analysis, themes, question, close)"
        case .badPassage(let passage, let reason):
            return "field `passage` in segment 2: \"\(passage)\" \(reason)"
        case .passageNotInBible(let passage, let reason):
            return "field `passage` in segment 2: \"\(passage)\" is not in Bible.db: \(reason)"
        case .mismatch(let field, let found, let expected):
            return "field `\(field)` is `\(found)`, expected `\(expected)`"
        case .listedLessonMissing(let id):
            return "field `lessons` lists `\(id)`, but lessons/\(id).json does not exist"
        case .unlistedLesson(let id):
            return "lesson `\(id)` is not listed in the course's `lessons` field"
        case .duplicateLessonID(let id, let other):
            return "field `lesson_id`: `\(id)` is also the id of \(other)"
        case .duplicateListedLesson(let id):
            return "field `lessons` lists `\(id)` more than once"
        case .duplicateTerm(let term):
            return "field `terms` lists `\(term)` more than once"
        case .duplicateSequence(let sequence, let other):
            return "field `sequence`: \(sequence) is also the sequence of \(other)"
        case .sequenceOutOfOrder(let sequence, let position):
            return "field `sequence` is \(sequence), but the course's `lessons` lists the lesson at position \(position)"
        case .unknownPrerequisite(let id):
            return "field `prerequisite`: no lesson `\(id)` in this course"
        case .prerequisiteCycle(let cycle):
            return "field `prerequisite` forms a cycle: \(cycle.joined(separator: " -> "))"
        case .forbiddenPhrase(let phrase, let category, let field, let segment):
            return "field `\(field)`\(inSegment(segment)) contains the forbidden phrase \"\(phrase)\" (\(category))"
        case .normalisedAway(let written, let normalised, let field, let segment):
            return "field `\(field)`\(inSegment(segment)): the transcript normaliser would read \"\(written)\" as "
                + "\"\(normalised)\" (a name or term it cannot say as written: spell it as the vocabulary does, "
                + "or add it to the course's `terms`)"
        case .noCourses:
            return "no course found (expected courses/<course-id>/course.json)"
        case .badRecording(let path, let reason, let segment):
            return "field `audio_file` in segment \(segment): \"\(path)\" \(reason)"
        case .tooLong(let field, let what, let length, let limit, let segment):
            return "field `\(field)`\(inSegment(segment)): a \(what) of \(length) characters; the voices say at most \(limit)"
        case .tooLarge(let bytes, let limit):
            return "\(bytes) bytes; a curriculum file may be at most \(limit)"
        }
    }
}

/// A curriculum file could not be used; the problems say which file and field.
public struct CurriculumError: Error, Sendable, CustomStringConvertible {
    public let problems: [CurriculumProblem]

    public init(_ problems: [CurriculumProblem]) {
        self.problems = problems
    }

    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}
