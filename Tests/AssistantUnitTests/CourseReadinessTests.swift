import Course
import Foundation
import Testing
@testable import Assistant
import Logging

/// The checks the daemon makes before READY, on a copy of the bundled curriculum.
@Suite("The course is checked before READY")
struct CourseReadinessTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let course = "biblical-foundations-01"

    /// A copy of the bundled curriculum, removed by the caller.
    private func curriculumCopy() throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("curriculum-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("curriculum"), to: copy)
        return copy
    }

    private func problem(_ course: String, curriculum: URL, bible: String = "/nonexistent/Bible.db") -> String? {
        let loader = CurriculumLoader(directory: curriculum)
        if case .failure(let problem) = CourseReadiness.check(courseID: course, loader: loader, biblePath: bible) {
            return problem.description
        }
        return nil
    }

    @Test("a course that does not exist is named, with the file that is missing")
    func missingCourse() throws {
        let curriculum = try curriculumCopy()
        defer { try? FileManager.default.removeItem(at: curriculum) }
        let line = try #require(problem("no-such-course", curriculum: curriculum))
        #expect(line.contains("no-such-course"))
        #expect(line.contains("courses/no-such-course/course.json: file not found"))
    }

    @Test("a lesson file that curriculum check rejects stops the course, naming the file and the field")
    func brokenLesson() throws {
        let curriculum = try curriculumCopy()
        defer { try? FileManager.default.removeItem(at: curriculum) }
        let lessons = curriculum.appendingPathComponent("courses/\(Self.course)/lessons")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: lessons.path).sorted().dropFirst(2).first)
        let file = lessons.appendingPathComponent(name)
        var lesson = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        lesson.removeValue(forKey: "objective")
        try JSONSerialization.data(withJSONObject: lesson).write(to: file)

        let line = try #require(problem(Self.course, curriculum: curriculum))
        #expect(line.contains(name))
        #expect(line.contains("`objective`"))
    }

    @Test("a missing Bible.db stops a sound course, naming the file")
    func missingBible() throws {
        let curriculum = try curriculumCopy()
        defer { try? FileManager.default.removeItem(at: curriculum) }
        let line = try #require(problem(Self.course, curriculum: curriculum, bible: "/nonexistent/Bible.db"))
        #expect(line.contains("/nonexistent/Bible.db"))
    }

    @Test("the daemon's set-up refuses a course it cannot teach with the same line, before anything else opens")
    func environmentRefuses() throws {
        let curriculum = try curriculumCopy()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: curriculum); try? FileManager.default.removeItem(at: state) }
        var configuration = DaemonConfiguration()
        configuration.course = "no-such-course"
        let paths = DataPaths(bible: URL(fileURLWithPath: "/nonexistent/Bible.db"), curriculum: curriculum, stateDirectory: state,
                              vocabulary: VocabularyLocations(grammarDirectory: state, pronunciationsFile: state,
                                                              curriculumDirectory: curriculum, userVocabulary: nil,
                                                              modelDirectory: state.appendingPathComponent("model")))
        do {
            _ = try SessionEnvironment(configuration: configuration, paths: paths, independentUtterances: true,
                                       logger: .init(label: "test"))
            Issue.record("a course that does not exist was set up")
        } catch {
            #expect(error.description == problem("no-such-course", curriculum: curriculum))
        }
        #expect(!FileManager.default.fileExists(atPath: state.path), "nothing was written for a course that cannot run")
    }
}
