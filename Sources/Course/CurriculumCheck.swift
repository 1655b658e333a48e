import Foundation
import Scripture

/// What a curriculum check found.
public struct CurriculumReport: Sendable {
    /// Every problem, in file order; empty when the curriculum is fine.
    public let problems: [CurriculumProblem]
    public let courseCount: Int
    public let lessonCount: Int
    public let scriptCount: Int
    public let forbiddenPhraseCount: Int

    public var isValid: Bool { problems.isEmpty }

    /// The line printed when there is no problem.
    public var summary: String {
        "curriculum OK: \(courseCount) course\(courseCount == 1 ? "" : "s"), \(lessonCount) lessons, "
            + "\(scriptCount) scripts checked against \(forbiddenPhraseCount) forbidden phrases"
    }
}

/// Validates a whole curriculum directory: everything a lesson can get wrong, each
/// problem naming its file and field.
///
/// Per file (see ``CurriculumLoader``): unreadable files and bad JSON, missing, empty,
/// mistyped and unknown fields, missing, extra, unknown and misordered segments, a passage
/// that does not parse or names more than one passage, an empty answer, ids that do not
/// match the file and course. Across files: lessons listed but absent or present but not
/// listed, duplicate ids and sequence numbers, sequence numbers that disagree with the
/// course's order, prerequisites that do not exist or form a cycle. In every
/// `audio_script`: the phrases of `forbidden-phrases.json`. With a `passageText` look-up
/// (a `BibleStore`), also passages that are not in `Bible.db`. With a `normalise` function
/// (the transcript normaliser), also scripts, questions and answers whose own words it
/// would change: a name it cannot say as written would be "corrected" in what people and
/// the recogniser say, and an answer so written could never match.
public struct CurriculumCheck: Sendable {
    public let loader: CurriculumLoader
    /// Returns nil when the passage has text, else why not. Nil skips the look-up.
    public let passageLookup: (@Sendable (ScriptureReference) -> String?)?
    /// Text as the transcript normaliser would put it. Nil skips the check.
    public let normalise: (@Sendable (String) -> String)?
    /// A recording's length in seconds, or why it cannot be played. Nil checks only that
    /// each `audio_file` exists.
    public let recordingLength: (@Sendable (URL) -> Result<Double, RecordingProblem>)?

    /// Why a recording cannot be played (the audio library's words).
    public struct RecordingProblem: Error, Sendable {
        public let reason: String
        public init(_ reason: String) { self.reason = reason }
    }

    /// How fast a narration may be against its script, words a minute: a recording far
    /// outside it is another text, or cut short (people read aloud at about 150).
    public static let narrationWordsPerMinute = 60.0...300.0

    public init(loader: CurriculumLoader, passageLookup: (@Sendable (ScriptureReference) -> String?)? = nil,
                normalise: (@Sendable (String) -> String)? = nil,
                recordingLength: (@Sendable (URL) -> Result<Double, RecordingProblem>)? = nil) {
        self.loader = loader
        self.passageLookup = passageLookup
        self.normalise = normalise
        self.recordingLength = recordingLength
    }

    public func run() -> CurriculumReport {
        let (forbidden, phraseProblems) = forbiddenPhrases()
        var problems = phraseProblems

        let courseIDs = loader.courseIDs()
        if courseIDs.isEmpty {
            problems.append(CurriculumProblem(.curriculum, file: loader.displayRoot, .noCourses))
        }
        var lessonCount = 0
        var scriptCount = 0
        for courseID in courseIDs {
            let result = checkCourse(courseID, forbidden: forbidden)
            problems += result.problems
            lessonCount += result.lessons
            scriptCount += result.scripts
        }
        return CurriculumReport(
            problems: problems, courseCount: courseIDs.count, lessonCount: lessonCount,
            scriptCount: scriptCount,
            forbiddenPhraseCount: forbidden.categories.reduce(0) { $0 + $1.phrases.count })
    }

    /// What stops one course from being delivered, checked as ``run()`` checks it: the
    /// forbidden phrases, the course file (missing when there is no such course), and each
    /// of its lessons; empty when every lesson can be taught.
    public func problems(course courseID: String) -> [CurriculumProblem] {
        let (forbidden, problems) = forbiddenPhrases()
        return problems + checkCourse(courseID, forbidden: forbidden).problems
    }

    /// The curriculum's forbidden phrases, and why they could not be read (none then).
    private func forbiddenPhrases() -> (ForbiddenPhrases, [CurriculumProblem]) {
        let phrasesPath = "forbidden-phrases.json"
        do {
            return (try ForbiddenPhrases.load(from: loader.url(phrasesPath), displayPath: loader.display(phrasesPath)), [])
        } catch {
            return (ForbiddenPhrases(categories: []), error.problems)
        }
    }

    /// The fields of a lesson file that cross-file checks need, read leniently.
    private struct Header {
        let path: String
        let id: String?
        let sequence: Int?
        let prerequisite: String?
    }

    private func checkCourse(_ courseID: String, forbidden: ForbiddenPhrases) -> (problems: [CurriculumProblem], lessons: Int, scripts: Int) {
        var problems: [CurriculumProblem] = []
        let coursePath = loader.courseFilePath(courseID)
        var course: CourseOutline?
        do {
            course = try loader.loadCourse(courseID)
        } catch {
            problems += error.problems
        }

        // Every lesson file present, listed or not.
        let lessonsDirectory = loader.url("courses/\(courseID)/lessons")
        let fileNames = ((try? FileManager.default.contentsOfDirectory(atPath: lessonsDirectory.path)) ?? [])
            .filter { $0.hasSuffix(".json") }.sorted()
        let presentIDs = fileNames.map { String($0.dropLast(".json".count)) }
        let listed = course?.lessonIDs ?? []
        for id in listed where !presentIDs.contains(id) {
            problems.append(CurriculumProblem(.course, file: loader.display(coursePath), .listedLessonMissing(id)))
        }
        if course != nil {
            for id in presentIDs where !listed.contains(id) {
                problems.append(CurriculumProblem(.lesson, file: loader.display(loader.lessonPath(id, courseID: courseID)), .unlistedLesson(id)))
            }
        }

        var headers: [Header] = []
        var scripts = 0
        for id in presentIDs {
            let path = loader.lessonPath(id, courseID: courseID)
            let display = loader.display(path)
            let bytes: Data
            switch loader.data(path, kind: .lesson) {
            case .success(let value): bytes = value
            case .failure(let problem):
                problems.append(problem)
                continue
            }
            let (lesson, lessonProblems) = LessonParser(file: display, folder: loader.url(path).deletingLastPathComponent())
                .parseLesson(bytes)
            problems += lessonProblems
            if let lesson { problems += recordingProblems(lesson, file: display) }
            let raw = (try? JSONSerialization.jsonObject(with: bytes)) as? [String: Any] ?? [:]
            let header = Header(
                path: display, id: raw["lesson_id"] as? String,
                sequence: (raw["sequence"] as? NSNumber).flatMap { String(cString: $0.objCType) == "c" ? nil : $0 as? Int },
                prerequisite: raw["prerequisite"] as? String)
            headers.append(header)
            if let found = header.id, found != id {
                problems.append(CurriculumProblem(.lesson, file: display, .mismatch(field: "lesson_id", found: found, expected: id)))
            }
            if let found = raw["course_id"] as? String, found != courseID {
                problems.append(CurriculumProblem(.lesson, file: display, .mismatch(field: "course_id", found: found, expected: courseID)))
            }
            if let lesson, let passageLookup, let reason = passageLookup(lesson.passage) {
                problems.append(CurriculumProblem(.lesson, file: display, .passageNotInBible(lesson.passage.description, reason: reason)))
            }
            scripts += checkScripts(raw, file: display, forbidden: forbidden, problems: &problems)
        }

        problems += crossLessonProblems(headers, listed: listed)
        return (problems, presentIDs.count, scripts)
    }

    /// Each `audio_file` of `lesson`: it exists, plays (with ``recordingLength``), and runs
    /// about as long as its script (``narrationWordsPerMinute``).
    private func recordingProblems(_ lesson: Lesson, file: String) -> [CurriculumProblem] {
        var problems: [CurriculumProblem] = []
        for type in SegmentType.allCases {
            guard let recording = lesson.recordings[type] else { continue }
            func problem(_ reason: String) {
                problems.append(CurriculumProblem(.lesson, file: file, .badRecording(recording.path, reason: reason, segment: type.number)))
            }
            var status = stat()
            guard stat(recording.path, &status) == 0 else {
                problem("does not exist")
                continue
            }
            // A FIFO would hold the check (and the daemon before it is ready) forever.
            guard status.st_mode & S_IFMT == S_IFREG else {
                problem("is not a regular file")
                continue
            }
            guard let recordingLength else { continue }
            switch recordingLength(recording) {
            case .failure(let why):
                problem("cannot be played: \(why.reason)")
            case .success(let seconds):
                let words = Double(lesson.playback(type).script.split(whereSeparator: \.isWhitespace).count)
                let rate = seconds > 0 ? words / (seconds / 60) : .infinity
                if !Self.narrationWordsPerMinute.contains(rate) {
                    problem(String(format: "lasts %.1f s for a script of %.0f words (%.0f words a minute; a narration of it reads %.0f-%.0f)",
                                   seconds, words, rate, Self.narrationWordsPerMinute.lowerBound, Self.narrationWordsPerMinute.upperBound))
                }
            }
        }
        return problems
    }

    /// Checks every `audio_script` of a lesson against the forbidden phrases, and the
    /// scripts, question and answers against the normaliser; returns how many scripts were
    /// checked.
    private func checkScripts(_ raw: [String: Any], file: String, forbidden: ForbiddenPhrases, problems: inout [CurriculumProblem]) -> Int {
        let segments = raw["segments"] as? [Any] ?? []
        var count = 0
        for (index, value) in segments.enumerated() {
            guard let segment = value as? [String: Any] else { continue }
            if let script = segment["audio_script"] as? String {
                count += 1
                for match in forbidden.matches(in: script) {
                    problems.append(CurriculumProblem(.lesson, file: file, .forbiddenPhrase(
                        phrase: match.phrase, category: match.category, field: "audio_script", segment: index + 1)))
                }
            }
            guard let normalise else { continue }
            for field in ["audio_script", "correct_answer", "acceptable_variants"] {
                let texts = (segment[field] as? String).map { [$0] } ?? (segment[field] as? [Any])?.compactMap { $0 as? String } ?? []
                for text in texts {
                    for change in Self.changes(text, normalise: normalise) {
                        problems.append(CurriculumProblem(.lesson, file: file, .normalisedAway(
                            written: change.written, normalised: change.normalised, field: field, segment: index + 1)))
                    }
                }
            }
        }
        return count
    }

    /// Where `normalise` changes `text`, sentence by sentence: the words that differ
    /// (the sentence's common beginning and end left out).
    static func changes(_ text: String, normalise: (String) -> String) -> [(written: String, normalised: String)] {
        var found: [(written: String, normalised: String)] = []
        let sentences = text.split(omittingEmptySubsequences: true) { ".!?;".contains($0) }
        for sentence in sentences {
            let written = sentence.split(separator: " ").map(String.init)
            let normalised = normalise(String(sentence)).split(separator: " ").map(String.init)
            guard written != normalised else { continue }
            var start = 0
            while start < min(written.count, normalised.count), written[start] == normalised[start] { start += 1 }
            var end = 0
            while end < min(written.count, normalised.count) - start,
                  written[written.count - 1 - end] == normalised[normalised.count - 1 - end] { end += 1 }
            found.append((written[start..<(written.count - end)].joined(separator: " "),
                          normalised[start..<(normalised.count - end)].joined(separator: " ")))
        }
        return found
    }

    /// The ids of the lessons whose prerequisite chain comes back to them.
    private static func lessonsOnCycles(_ byID: [String: Header]) -> Set<String> {
        var walked: Set<String> = []
        var onCycle: Set<String> = []
        for start in byID.keys.sorted() where !walked.contains(start) {
            var path: [String] = []
            var position: [String: Int] = [:]
            var current: String? = start
            while let id = current, !walked.contains(id), position[id] == nil, let header = byID[id] {
                position[id] = path.count
                path.append(id)
                current = header.prerequisite
            }
            if let id = current, let first = position[id] { onCycle.formUnion(path[first...]) }
            walked.formUnion(path)
        }
        return onCycle
    }

    private func crossLessonProblems(_ headers: [Header], listed: [String]) -> [CurriculumProblem] {
        var problems: [CurriculumProblem] = []
        var byID: [String: Header] = [:]
        var bySequence: [Int: Header] = [:]
        for header in headers {
            if let id = header.id {
                if let other = byID[id] {
                    problems.append(CurriculumProblem(.lesson, file: header.path, .duplicateLessonID(id, otherFile: other.path)))
                } else {
                    byID[id] = header
                }
            }
            if let sequence = header.sequence {
                if let other = bySequence[sequence] {
                    problems.append(CurriculumProblem(.lesson, file: header.path, .duplicateSequence(sequence, otherFile: other.path)))
                } else {
                    bySequence[sequence] = header
                }
            }
        }
        for (position, id) in listed.enumerated() {
            if let header = byID[id], let sequence = header.sequence, sequence != position + 1 {
                problems.append(CurriculumProblem(.lesson, file: header.path, .sequenceOutOfOrder(sequence: sequence, position: position + 1)))
            }
        }
        for header in headers {
            if let prerequisite = header.prerequisite, header.id != nil, byID[prerequisite] == nil {
                problems.append(CurriculumProblem(.lesson, file: header.path, .unknownPrerequisite(prerequisite)))
            }
        }
        // Each lesson has at most one prerequisite, so the lessons on a cycle are found in one
        // walk of each chain (a chain is walked once: linear in the lessons). Each cycle is
        // reported once, at the first of its lessons in file order, from that lesson round.
        let onCycle = Self.lessonsOnCycles(byID)
        var reportedCycles: Set<Set<String>> = []
        for header in headers {
            guard let id = header.id, onCycle.contains(id), let prerequisite = header.prerequisite else { continue }
            var chain = [id]
            var next = prerequisite
            while next != id, chain.count <= onCycle.count, let header = byID[next] {
                chain.append(next)
                guard let after = header.prerequisite else { break }
                next = after
            }
            if next == id, reportedCycles.insert(Set(chain)).inserted {
                problems.append(CurriculumProblem(.lesson, file: header.path, .prerequisiteCycle(chain + [id])))
            }
        }
        return problems
    }
}
