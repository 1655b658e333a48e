import Foundation

/// A small valid curriculum written to a temporary directory: one course `tc` of two
/// lessons and a forbidden-phrase list. Tests break a copy of it one way at a time.
struct CurriculumFixture {
    var course: [String: Any] = [
        "course_id": "tc", "title": "Test Course", "description": "Two lessons.",
        "lessons": ["tc_01", "tc_02"],
    ]
    var lessons: [String: [String: Any]] = [
        "tc_01": CurriculumFixture.lesson(id: "tc_01", sequence: 1, prerequisite: nil, passage: "Genesis 12:1-3"),
        "tc_02": CurriculumFixture.lesson(id: "tc_02", sequence: 2, prerequisite: "tc_01", passage: "Psalm 23"),
    ]
    var forbidden: Any = [
        "categories": [
            ["name": "personal application", "phrases": ["in your life", "you should"]],
            ["name": "comfort", "phrases": ["don't worry"]],
            ["name": "speculation on divine intent", "phrases": ["god wants you"]],
        ],
    ]
    /// Raw file contents that replace the JSON of a lesson (for invalid JSON).
    var rawLessonFiles: [String: String] = [:]

    static func lesson(id: String, sequence: Int, prerequisite: String?, passage: String) -> [String: Any] {
        [
            "lesson_id": id, "course_id": "tc", "sequence": sequence, "title": "Lesson \(sequence)",
            "objective": "State the lesson's point.", "prerequisite": prerequisite as Any? ?? NSNull(),
            "segments": [
                ["type": "orientation", "audio_script": "This lesson examines a passage."],
                ["type": "reading", "passage": passage, "audio_script": "The reading follows."],
                ["type": "context", "audio_script": "The passage belongs to a larger narrative."],
                ["type": "analysis", "audio_script": "The passage has three parts."],
                ["type": "themes", "audio_script": "The first theme is covenant."],
                ["type": "question", "audio_script": "What three elements are promised?",
                 "correct_answer": "Land, descendants, and blessing", "acceptable_variants": ["land, offspring, blessing"]],
                ["type": "close", "audio_script": "This lesson is complete."],
            ],
        ]
    }

    /// Changes segment `number` (1-based) of lesson `id`.
    mutating func editSegment(_ id: String, _ number: Int, _ edit: (inout [String: Any]) -> Void) {
        var segments = lessons[id]?["segments"] as? [[String: Any]] ?? []
        edit(&segments[number - 1])
        lessons[id]?["segments"] = segments
    }

    mutating func editSegments(_ id: String, _ edit: (inout [[String: Any]]) -> Void) {
        var segments = lessons[id]?["segments"] as? [[String: Any]] ?? []
        edit(&segments)
        lessons[id]?["segments"] = segments
    }

    /// Writes the curriculum under a new temporary directory and returns it.
    func write() throws -> URL {
        let root = try temporaryDirectory()
        let lessonsDirectory = root.appendingPathComponent("courses/tc/lessons")
        try FileManager.default.createDirectory(at: lessonsDirectory, withIntermediateDirectories: true)
        try json(course).write(to: root.appendingPathComponent("courses/tc/course.json"))
        try json(forbidden).write(to: root.appendingPathComponent("forbidden-phrases.json"))
        for (id, lesson) in lessons {
            try json(lesson).write(to: lessonsDirectory.appendingPathComponent("\(id).json"))
        }
        for (id, text) in rawLessonFiles {
            try Data(text.utf8).write(to: lessonsDirectory.appendingPathComponent("\(id).json"))
        }
        return root
    }

    private func json(_ value: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys])
    }
}
