import Foundation
import Scripture

/// Reads one lesson file or `course.json` field by field, collecting every problem instead
/// of stopping at the first, so a check names all of them with their fields.
///
/// JSON is read with `JSONSerialization` rather than `Decodable` because the problems must
/// name the field and the segment, and say which ones are unknown.
struct LessonParser {
    let file: String
    /// The lesson file's folder, against which `audio_file` is resolved; nil leaves the
    /// paths relative to the working folder.
    var folder: URL? = nil

    /// The lesson in `data`, or nil with the problems found.
    func parseLesson(_ data: Data) -> (lesson: Lesson?, problems: [CurriculumProblem]) {
        var problems: [CurriculumProblem] = []
        func report(_ kind: CurriculumProblem.Kind) { problems.append(CurriculumProblem(.lesson, file: file, kind)) }

        guard let object = Self.jsonObject(data, report: report) else { return (nil, problems) }
        var fields = Fields(object: object, segment: nil, report: report)
        let id = fields.string("lesson_id")
        let courseID = fields.string("course_id")
        let sequence = fields.integer("sequence")
        let title = fields.string("title")
        let objective = fields.string("objective")
        let prerequisite = fields.optionalString("prerequisite")
        let segmentValues = fields.array("segments")
        fields.reportUnknown()

        var scripts: [SegmentType: String] = [:]
        var recordings: [SegmentType: URL] = [:]
        var passage: ScriptureReference?
        var question: ReviewQuestion?
        if let segmentValues {
            var types: [String?] = []
            for (index, value) in segmentValues.enumerated() {
                let number = index + 1
                guard let segment = value as? [String: Any] else {
                    report(.wrongType("segments", expected: "a list of objects", segment: number))
                    types.append(nil)
                    continue
                }
                var fields = Fields(object: segment, segment: number, report: report)
                let typeName = fields.string("type")
                types.append(typeName)
                guard let typeName else { continue }
                guard let type = SegmentType(rawValue: typeName) else {
                    report(.unknownSegmentType(typeName, segment: number))
                    continue
                }
                let script = fields.string("audio_script")
                if let script { Self.checkSpeakable(script, field: "audio_script", segment: number, report: report) }
                if scripts[type] == nil, let script { scripts[type] = script }
                if let audioFile = fields.optionalString("audio_file") {
                    if audioFile.hasPrefix("/") {
                        report(.wrongType("audio_file", expected: "a path relative to the lesson file", segment: number))
                    } else if recordings[type] == nil {
                        recordings[type] = folder.map { $0.appendingPathComponent(audioFile) } ?? URL(fileURLWithPath: audioFile)
                    }
                }
                switch type {
                case .reading:
                    if let text = fields.string("passage") {
                        passage = parsePassage(text, report: report) ?? passage
                    }
                case .question:
                    let answer = fields.string("correct_answer")
                    let variants = fields.stringArray("acceptable_variants")
                    if let script, let answer, let variants {
                        question = ReviewQuestion(script: script, correctAnswer: answer, acceptableVariants: variants)
                    }
                default:
                    break
                }
                fields.reportUnknown()
            }
            checkOrder(types, report: report)
        }

        guard problems.isEmpty, let id, let courseID, let sequence, let title, let objective,
              let orientation = scripts[.orientation], let reading = scripts[.reading], let passage,
              let context = scripts[.context], let analysis = scripts[.analysis],
              let themes = scripts[.themes], let question, let close = scripts[.close]
        else { return (nil, problems) }
        let lesson = Lesson(
            id: id, courseID: courseID, sequence: sequence, title: title, objective: objective,
            prerequisite: prerequisite, orientation: orientation, readingIntroduction: reading,
            passage: passage, context: context, analysis: analysis, themes: themes,
            question: question, close: close, recordings: recordings)
        return (lesson, [])
    }

    /// The course outline in `data`, or nil with the problems found.
    func parseCourse(_ data: Data) -> (course: CourseOutline?, problems: [CurriculumProblem]) {
        var problems: [CurriculumProblem] = []
        func report(_ kind: CurriculumProblem.Kind) { problems.append(CurriculumProblem(.course, file: file, kind)) }
        guard let object = Self.jsonObject(data, report: report) else { return (nil, problems) }
        var fields = Fields(object: object, segment: nil, report: report)
        let id = fields.string("course_id")
        let title = fields.string("title")
        let description = fields.optionalString("description")
        let lessons = fields.stringArray("lessons")
        let terms = fields.optionalStringArray("terms") ?? []
        fields.reportUnknown()
        var seenTerms: Set<String> = []
        for term in terms where !seenTerms.insert(term.lowercased()).inserted {
            report(.duplicateTerm(term))
        }
        if let lessons {
            if lessons.isEmpty { report(.emptyField("lessons", segment: nil)) }
            var seen: Set<String> = []
            for lesson in lessons where !seen.insert(lesson).inserted {
                report(.duplicateListedLesson(lesson))
            }
        }
        guard problems.isEmpty, let id, let title, let lessons else { return (nil, problems) }
        return (CourseOutline(id: id, title: title, description: description, lessonIDs: lessons, terms: terms), [])
    }

    // MARK: - Pieces

    /// Reports a script the voices could not say (``SpeakableLimits``).
    static func checkSpeakable(_ text: String, field: String, segment: Int?, report: (CurriculumProblem.Kind) -> Void) {
        // Counted in Unicode scalars, one pass (a course of 10,000 lessons is checked at
        // every start).
        var length = 0
        var word = 0
        var longest = 0
        for scalar in text.unicodeScalars {
            length += 1
            if scalar.isASCII ? (scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D)) : scalar.properties.isWhitespace {
                word = 0
            } else {
                word += 1
                longest = max(longest, word)
            }
        }
        if length > SpeakableLimits.largestScript {
            report(.tooLong(field: field, what: "script", length: length, limit: SpeakableLimits.largestScript, segment: segment))
        }
        if longest > SpeakableLimits.longestWord {
            report(.tooLong(field: field, what: "word", length: longest, limit: SpeakableLimits.longestWord, segment: segment))
        }
    }

    private static func jsonObject(_ data: Data, report: (CurriculumProblem.Kind) -> Void) -> [String: Any]? {
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: data)
        } catch {
            report(.invalidJSON((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription))
            return nil
        }
        guard let object = value as? [String: Any] else {
            report(.invalidJSON("the top level must be an object"))
            return nil
        }
        return object
    }

    private func parsePassage(_ text: String, report: (CurriculumProblem.Kind) -> Void) -> ScriptureReference? {
        do {
            let references = try ScriptureReference.parse(text)
            guard references.count == 1, let reference = references.first else {
                report(.badPassage(text, reason: "names \(references.count) passages; a reading has exactly one"))
                return nil
            }
            return reference
        } catch {
            report(.badPassage(text, reason: "is not a passage: \(error.description)"))
            return nil
        }
    }

    /// Reports missing, extra, unknown and misplaced segments.
    private func checkOrder(_ types: [String?], report: (CurriculumProblem.Kind) -> Void) {
        let known = types.map { $0.flatMap(SegmentType.init(rawValue:)) }
        var seen: Set<SegmentType> = []
        var duplicate = false
        for (index, type) in known.enumerated() {
            guard let type else { continue }
            if !seen.insert(type).inserted {
                report(.extraSegment(type.rawValue, segment: index + 1))
                duplicate = true
            }
        }
        let missing = SegmentType.allCases.filter { !seen.contains($0) }
        for type in missing { report(.missingSegment(type)) }
        // Order is only meaningful once each segment is there exactly once.
        guard missing.isEmpty, !duplicate, known.count == SegmentType.allCases.count else { return }
        for (index, type) in known.enumerated() {
            guard let type else { continue }
            let expected = SegmentType.allCases[index]
            if type != expected {
                report(.segmentOutOfOrder(found: type.rawValue, expected: expected, segment: index + 1))
            }
        }
    }
}

/// The fields of one JSON object, read one by one; whatever is left unread is unknown.
private struct Fields {
    let object: [String: Any]
    let segment: Int?
    let report: (CurriculumProblem.Kind) -> Void
    private var read: Set<String> = []

    init(object: [String: Any], segment: Int?, report: @escaping (CurriculumProblem.Kind) -> Void) {
        self.object = object
        self.segment = segment
        self.report = report
    }

    /// Whether `string` holds only whitespace (stops at its first other character).
    static func isBlank(_ string: String) -> Bool {
        string.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    /// A required, non-blank string.
    mutating func string(_ key: String) -> String? {
        read.insert(key)
        guard let value = object[key], !(value is NSNull) else {
            report(.missingField(key, segment: segment))
            return nil
        }
        guard let string = value as? String else {
            report(.wrongType(key, expected: "a string", segment: segment))
            return nil
        }
        guard !Self.isBlank(string) else {
            report(.emptyField(key, segment: segment))
            return nil
        }
        return string
    }

    /// A string or null (absent counts as null).
    mutating func optionalString(_ key: String) -> String? {
        read.insert(key)
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let string = value as? String else {
            report(.wrongType(key, expected: "a string or null", segment: segment))
            return nil
        }
        guard !Self.isBlank(string) else {
            report(.emptyField(key, segment: segment))
            return nil
        }
        return string
    }

    /// A required positive whole number.
    mutating func integer(_ key: String) -> Int? {
        read.insert(key)
        guard let value = object[key], !(value is NSNull) else {
            report(.missingField(key, segment: segment))
            return nil
        }
        // JSON true/false arrive as an NSNumber of ObjC type "c"; 3.5 does not cast to Int.
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c",
              let integer = value as? Int, integer >= 1
        else {
            report(.wrongType(key, expected: "a whole number of at least 1", segment: segment))
            return nil
        }
        return integer
    }

    /// A required list (of anything).
    mutating func array(_ key: String) -> [Any]? {
        read.insert(key)
        guard let value = object[key], !(value is NSNull) else {
            report(.missingField(key, segment: segment))
            return nil
        }
        guard let array = value as? [Any] else {
            report(.wrongType(key, expected: "a list", segment: segment))
            return nil
        }
        return array
    }

    /// A required list of non-blank strings (may be empty).
    mutating func stringArray(_ key: String) -> [String]? {
        guard let array = array(key) else { return nil }
        guard let strings = array as? [String] else {
            report(.wrongType(key, expected: "a list of strings", segment: segment))
            return nil
        }
        if strings.contains(where: Self.isBlank) {
            report(.emptyField(key, segment: segment))
            return nil
        }
        return strings
    }

    /// A list of non-blank strings, or absent (nil).
    mutating func optionalStringArray(_ key: String) -> [String]? {
        guard object[key] != nil, !(object[key] is NSNull) else {
            read.insert(key)
            return nil
        }
        return stringArray(key)
    }

    func reportUnknown() {
        for key in object.keys.sorted() where !read.contains(key) {
            report(.unknownField(key, segment: segment))
        }
    }
}
