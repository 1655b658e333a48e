import Course
import Foundation
import Scripture
import Testing

/// Runs the check on `fixture` and returns its problem lines, with the temporary root
/// shown as `curriculum`.
func checkLines(_ fixture: CurriculumFixture, passageLookup: (@Sendable (ScriptureReference) -> String?)? = nil) throws -> [String] {
    let root = try fixture.write()
    defer { try? FileManager.default.removeItem(at: root) }
    let loader = CurriculumLoader(directory: root, displayRoot: "curriculum")
    return CurriculumCheck(loader: loader, passageLookup: passageLookup).run().problems.map(\.description)
}

let lesson1 = "lesson file curriculum/courses/tc/lessons/tc_01.json"
let lesson2 = "lesson file curriculum/courses/tc/lessons/tc_02.json"
let courseFile = "course file curriculum/courses/tc/course.json"

@Suite("CurriculumCheck: one broken copy of each kind")
struct CurriculumCheckTests {
    @Test("the valid fixture passes and the summary counts it")
    func validFixture() throws {
        let root = try CurriculumFixture().write()
        defer { try? FileManager.default.removeItem(at: root) }
        let report = CurriculumCheck(loader: CurriculumLoader(directory: root)).run()
        #expect(report.problems.map(\.description) == [])
        #expect(report.summary == "curriculum OK: 1 course, 2 lessons, 14 scripts checked against 4 forbidden phrases")
    }

    @Test("missing correct_answer names file, field and segment")
    func missingAnswer() throws {
        var fixture = CurriculumFixture()
        fixture.editSegment("tc_01", 6) { $0["correct_answer"] = nil }
        #expect(try checkLines(fixture) == ["\(lesson1): missing field `correct_answer` in segment 6"])
    }

    @Test("an empty answer and an empty variant")
    func emptyAnswers() throws {
        var fixture = CurriculumFixture()
        fixture.editSegment("tc_01", 6) { $0["correct_answer"] = "  " }
        fixture.editSegment("tc_02", 6) { $0["acceptable_variants"] = ["ok", ""] }
        #expect(try checkLines(fixture) == [
            "\(lesson1): field `correct_answer` in segment 6 is empty",
            "\(lesson2): field `acceptable_variants` in segment 6 is empty",
        ])
    }

    @Test("a missing segment")
    func missingSegment() throws {
        var fixture = CurriculumFixture()
        fixture.editSegments("tc_01") { $0.remove(at: 4) }
        #expect(try checkLines(fixture) == ["\(lesson1): missing segment `themes` (segment 5 of 7)"])
    }

    @Test("an extra segment")
    func extraSegment() throws {
        var fixture = CurriculumFixture()
        fixture.editSegments("tc_01") { $0.append(["type": "context", "audio_script": "More context."]) }
        #expect(try checkLines(fixture) == [
            "\(lesson1): extra segment `context` at segment 8: a lesson has exactly one of each of the 7 segments",
        ])
    }

    @Test("an unknown segment type")
    func unknownType() throws {
        var fixture = CurriculumFixture()
        fixture.editSegment("tc_01", 4) { $0["type"] = "application" }
        let lines = try checkLines(fixture)
        #expect(lines.contains("\(lesson1): unknown segment type `application` in segment 4 (known: orientation, reading, context, analysis, themes, question, close)"))
        #expect(lines.contains("\(lesson1): missing segment `analysis` (segment 4 of 7)"))
    }

    @Test("segments in the wrong order")
    func wrongOrder() throws {
        var fixture = CurriculumFixture()
        fixture.editSegments("tc_01") { $0.swapAt(2, 3) }
        #expect(try checkLines(fixture) == [
            "\(lesson1): segment 3 is `analysis`, expected `context` (order: orientation, reading, context, analysis, themes, question, close)",
            "\(lesson1): segment 4 is `context`, expected `analysis` (order: orientation, reading, context, analysis, themes, question, close)",
        ])
    }

    @Test("a passage that does not exist, one that is not a reference, and one naming two passages")
    func badPassages() throws {
        var fixture = CurriculumFixture()
        fixture.editSegment("tc_01", 2) { $0["passage"] = "Genesis 51:1" }
        fixture.editSegment("tc_02", 2) { $0["passage"] = "Genesis 12:1-3; Exodus 20:1" }
        let lines = try checkLines(fixture)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("\(lesson1): field `passage` in segment 2: \"Genesis 51:1\" is not a passage: ") == true)
        #expect(lines.last == "\(lesson2): field `passage` in segment 2: \"Genesis 12:1-3; Exodus 20:1\" names 2 passages; a reading has exactly one")

        var notReference = CurriculumFixture()
        notReference.editSegment("tc_01", 2) { $0["passage"] = "the call of Abram" }
        #expect(try checkLines(notReference).first?.hasPrefix("\(lesson1): field `passage` in segment 2:") == true)
    }

    @Test("a passage the Bible database lacks, when a look-up is given")
    func passageNotInBible() throws {
        let lines = try checkLines(CurriculumFixture()) { reference in
            reference.book.name == "Psalms" ? "no verses found" : nil
        }
        #expect(lines == ["\(lesson2): field `passage` in segment 2: \"Psalm 23\" is not in Bible.db: no verses found"])
    }

    @Test("duplicate lesson ids")
    func duplicateIDs() throws {
        var fixture = CurriculumFixture()
        fixture.lessons["tc_02"]?["lesson_id"] = "tc_01"
        fixture.lessons["tc_02"]?["prerequisite"] = NSNull()
        let lines = try checkLines(fixture)
        #expect(lines.contains("\(lesson2): field `lesson_id` is `tc_01`, expected `tc_02`"))
        #expect(lines.contains("\(lesson2): field `lesson_id`: `tc_01` is also the id of curriculum/courses/tc/lessons/tc_01.json"))
    }

    @Test("duplicate sequence numbers")
    func duplicateSequence() throws {
        var fixture = CurriculumFixture()
        fixture.lessons["tc_02"]?["sequence"] = 1
        let lines = try checkLines(fixture)
        #expect(lines.contains("\(lesson2): field `sequence`: 1 is also the sequence of curriculum/courses/tc/lessons/tc_01.json"))
        #expect(lines.contains("\(lesson2): field `sequence` is 1, but the course's `lessons` lists the lesson at position 2"))
    }

    @Test("a prerequisite that does not exist")
    func unknownPrerequisite() throws {
        var fixture = CurriculumFixture()
        fixture.lessons["tc_02"]?["prerequisite"] = "tc_00"
        #expect(try checkLines(fixture) == ["\(lesson2): field `prerequisite`: no lesson `tc_00` in this course"])
    }

    @Test("prerequisites forming a cycle, reported once")
    func prerequisiteCycle() throws {
        var fixture = CurriculumFixture()
        fixture.lessons["tc_01"]?["prerequisite"] = "tc_02"
        #expect(try checkLines(fixture) == ["\(lesson1): field `prerequisite` forms a cycle: tc_01 -> tc_02 -> tc_01"])
        var selfCycle = CurriculumFixture()
        selfCycle.lessons["tc_01"]?["prerequisite"] = "tc_01"
        #expect(try checkLines(selfCycle) == ["\(lesson1): field `prerequisite` forms a cycle: tc_01 -> tc_01"])
    }

    @Test("forbidden phrases, matched on word boundaries whatever the case")
    func forbiddenPhrases() throws {
        var fixture = CurriculumFixture()
        fixture.editSegment("tc_01", 5) { $0["audio_script"] = "This theme matters In Your Life. Don't worry." }
        fixture.editSegment("tc_02", 3) { $0["audio_script"] = "The bayou shoulders the river; youshould is not a word." }
        #expect(try checkLines(fixture) == [
            "\(lesson1): field `audio_script` in segment 5 contains the forbidden phrase \"in your life\" (personal application)",
            "\(lesson1): field `audio_script` in segment 5 contains the forbidden phrase \"don't worry\" (comfort)",
        ])
    }

    @Test("words the transcript normaliser would change, sentence by sentence, in scripts and answers")
    func normalisedAway() throws {
        var fixture = CurriculumFixture()
        fixture.editSegment("tc_01", 4) { $0["audio_script"] = "The passage has three parts. Habbakuk speaks, then Habbakuk waits." }
        fixture.editSegment("tc_01", 6) { $0["acceptable_variants"] = ["land, offspring, blessing", "the promised lend"] }
        let root = try fixture.write()
        defer { try? FileManager.default.removeItem(at: root) }
        // A stand-in for the normaliser (AssistantTests check the real one on the course).
        let normalise: @Sendable (String) -> String = {
            $0.replacingOccurrences(of: "Habbakuk", with: "Habakkuk").replacingOccurrences(of: "promised lend", with: "Promised Land")
        }
        let lines = CurriculumCheck(loader: CurriculumLoader(directory: root, displayRoot: "curriculum"), normalise: normalise)
            .run().problems.map(\.description)
        let advice = "(a name or term it cannot say as written: spell it as the vocabulary does, or add it to the course's `terms`)"
        #expect(lines == [
            "\(lesson1): field `audio_script` in segment 4: the transcript normaliser would read \"Habbakuk speaks, then Habbakuk\" "
                + "as \"Habakkuk speaks, then Habakkuk\" \(advice)",
            "\(lesson1): field `acceptable_variants` in segment 6: the transcript normaliser would read \"promised lend\" "
                + "as \"Promised Land\" \(advice)",
        ])
    }

    @Test("an unknown field, a mistyped field and a missing top-level field")
    func fieldProblems() throws {
        var fixture = CurriculumFixture()
        fixture.editSegment("tc_01", 6) { $0["correct_anwser"] = "typo" }
        fixture.lessons["tc_02"]?["sequence"] = "two"
        fixture.lessons["tc_02"]?["title"] = nil
        let lines = try checkLines(fixture)
        #expect(lines.contains("\(lesson1): unknown field `correct_anwser` in segment 6"))
        #expect(lines.contains("\(lesson2): field `sequence` must be a whole number of at least 1"))
        #expect(lines.contains("\(lesson2): missing field `title`"))
        #expect(lines.count == 3)
    }

    @Test("a file that is not JSON")
    func invalidJSON() throws {
        var fixture = CurriculumFixture()
        fixture.rawLessonFiles["tc_02"] = "{\"lesson_id\": \"tc_02\", "
        let lines = try checkLines(fixture)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("\(lesson2): not valid JSON") == true)
    }

    @Test("a listed lesson with no file, and a file no course lists")
    func listing() throws {
        var fixture = CurriculumFixture()
        fixture.course["lessons"] = ["tc_01", "tc_03"]
        let lines = try checkLines(fixture)
        #expect(lines.contains("\(courseFile): field `lessons` lists `tc_03`, but lessons/tc_03.json does not exist"))
        #expect(lines.contains("\(lesson2): lesson `tc_02` is not listed in the course's `lessons` field"))
    }

    @Test("a course id that is not its directory, and a lesson of another course")
    func courseIDs() throws {
        var fixture = CurriculumFixture()
        fixture.course["course_id"] = "other"
        fixture.lessons["tc_02"]?["course_id"] = "other"
        let lines = try checkLines(fixture)
        #expect(lines.contains("\(courseFile): field `course_id` is `other`, expected `tc`"))
        #expect(lines.contains("\(lesson2): field `course_id` is `other`, expected `tc`"))
    }

    @Test("a missing or malformed forbidden-phrase list")
    func forbiddenList() throws {
        var fixture = CurriculumFixture()
        fixture.forbidden = ["categories": [["name": "comfort"]]]
        let lines = try checkLines(fixture)
        #expect(lines == ["forbidden-phrases file curriculum/forbidden-phrases.json: missing field `categories[0].phrases`"])
        fixture.forbidden = ["categories": [["name": "comfort", "phrases": "don't worry"]]]
        #expect(try checkLines(fixture) == ["forbidden-phrases file curriculum/forbidden-phrases.json: field `categories[0].phrases` must be a list of strings"])
        fixture.forbidden = ["categories": [["name": "comfort", "phrases": ["ok", " "]]]]
        #expect(try checkLines(fixture) == ["forbidden-phrases file curriculum/forbidden-phrases.json: field `categories[0].phrases` is empty"])
    }

    @Test("no courses at all")
    func noCourses() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(#"{"categories": []}"#.utf8).write(to: root.appendingPathComponent("forbidden-phrases.json"))
        let report = CurriculumCheck(loader: CurriculumLoader(directory: root, displayRoot: "x")).run()
        #expect(report.problems.map(\.description) == ["curriculum directory x: no course found (expected courses/<course-id>/course.json)"])
    }

    @Test("the bundled course passes the check")
    func bundledCourse() throws {
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let curriculum = checkout.appendingPathComponent("curriculum")
        try #require(FileManager.default.fileExists(atPath: curriculum.appendingPathComponent("courses").path))
        let report = CurriculumCheck(loader: CurriculumLoader(directory: curriculum, displayRoot: "curriculum")).run()
        #expect(report.problems.map(\.description) == [])
        #expect(report.lessonCount >= 6)
    }
}

@Suite("CurriculumLoader: the next lesson")
struct NextLessonTests {
    @Test("first lesson, then the next once the first is complete, then all complete")
    func order() throws {
        let root = try CurriculumFixture().write()
        defer { try? FileManager.default.removeItem(at: root) }
        let loader = CurriculumLoader(directory: root)
        guard case .lesson(let first, let path) = loader.nextLesson(courseID: "tc", completed: []) else {
            Issue.record("no first lesson"); return
        }
        #expect(first.id == "tc_01")
        #expect(path == "courses/tc/lessons/tc_01.json")
        #expect(first.passage.description == "Genesis 12:1-3")
        #expect(first.question.acceptableVariants == ["land, offspring, blessing"])
        guard case .lesson(let second, _) = loader.nextLesson(courseID: "tc", completed: ["tc_01"]) else {
            Issue.record("no second lesson"); return
        }
        #expect(second.id == "tc_02")
        #expect(loader.nextLesson(courseID: "tc", completed: ["tc_01", "tc_02"]) == .allComplete)
    }

    @Test("a lesson whose prerequisite is incomplete is passed over")
    func prerequisiteGates() throws {
        var fixture = CurriculumFixture()
        fixture.lessons["tc_01"]?["prerequisite"] = "tc_02"
        fixture.lessons["tc_02"]?["prerequisite"] = NSNull()
        let root = try fixture.write()
        defer { try? FileManager.default.removeItem(at: root) }
        guard case .lesson(let lesson, _) = CurriculumLoader(directory: root).nextLesson(courseID: "tc", completed: []) else {
            Issue.record("no lesson"); return
        }
        #expect(lesson.id == "tc_02")
    }

    @Test("a missing or broken next lesson is unavailable, with the file and reason")
    func unavailable() throws {
        var fixture = CurriculumFixture()
        fixture.editSegment("tc_01", 6) { $0["correct_answer"] = nil }
        let root = try fixture.write()
        defer { try? FileManager.default.removeItem(at: root) }
        let loader = CurriculumLoader(directory: root, displayRoot: "curriculum")
        #expect(loader.nextLesson(courseID: "tc", completed: []) ==
            .unavailable(reason: "\(lesson1): missing field `correct_answer` in segment 6"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("courses/tc/lessons/tc_02.json"))
        #expect(loader.nextLesson(courseID: "tc", completed: ["tc_01"]) ==
            .unavailable(reason: "\(lesson2): file not found"))
    }
}

@Suite("CurriculumCheck: what the voices cannot say, and files that are not files")
struct SpeakableCurriculumTests {
    @Test("a 200,000-letter word and a script past the largest are refused, naming the field and segment")
    func tooLongToSay() throws {
        var fixture = CurriculumFixture()
        fixture.editSegment("tc_01", 3) { $0["audio_script"] = "The word is " + String(repeating: "a", count: 200_000) + "." }
        fixture.editSegment("tc_02", 4) { $0["audio_script"] = String(repeating: "In the beginning. ", count: 1_200) }
        let lines = try checkLines(fixture)
        #expect(lines == [
            "\(lesson1): field `audio_script` in segment 3: a script of 200013 characters; the voices say at most \(SpeakableLimits.largestScript)",
            "\(lesson1): field `audio_script` in segment 3: a word of 200001 characters; the voices say at most \(SpeakableLimits.longestWord)",
            "\(lesson2): field `audio_script` in segment 4: a script of 21600 characters; the voices say at most \(SpeakableLimits.largestScript)",
        ])
    }

    @Test("an audio_file or a lesson file that is a FIFO is refused at once, not waited on")
    func fifoIsNotWaitedOn() throws {
        var fixture = CurriculumFixture()
        fixture.editSegment("tc_01", 3) { $0["audio_file"] = "context.wav" }
        let root = try fixture.write()
        defer { try? FileManager.default.removeItem(at: root) }
        let lessons = root.appendingPathComponent("courses/tc/lessons")
        #expect(mkfifo(lessons.appendingPathComponent("context.wav").path, 0o600) == 0)
        try FileManager.default.removeItem(at: lessons.appendingPathComponent("tc_02.json"))
        #expect(mkfifo(lessons.appendingPathComponent("tc_02.json").path, 0o600) == 0)
        let lines = CurriculumCheck(loader: CurriculumLoader(directory: root, displayRoot: "curriculum")).run().problems.map(\.description)
        #expect(lines.contains("\(lesson1): field `audio_file` in segment 3: \"\(lessons.appendingPathComponent("context.wav").path)\" is not a regular file"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix(lesson2) && $0.contains("not a regular file") }, "\(lines)")
    }
}
