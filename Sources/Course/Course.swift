/// A course as `course.json` describes it: its identity and its lessons in order.
///
/// Named "outline" because it holds no lesson content: the lessons live in their own
/// files under `lessons/`, one per id listed here.
public struct CourseOutline: Sendable, Hashable, Codable {
    /// `course_id`, also the course's directory name.
    public let id: String
    public let title: String
    public let description: String?
    /// `lessons`: the lesson ids in course order.
    public let lessonIDs: [String]
    /// `terms` (optional): the names and terms the course teaches ("Mount Sinai",
    /// "qeshet"), which the transcript normaliser corrects misheard words toward.
    public let terms: [String]

    public init(id: String, title: String, description: String?, lessonIDs: [String], terms: [String] = []) {
        self.id = id
        self.title = title
        self.description = description
        self.lessonIDs = lessonIDs
        self.terms = terms
    }

    enum CodingKeys: String, CodingKey {
        case id = "course_id"
        case title
        case description
        case lessonIDs = "lessons"
        case terms
    }
}
