import ArgumentParser
import Course
import Foundation

/// `bible-course progress ...`: the learner's progress in `<state-dir>/progress.db`.
struct ProgressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Show or reset the course progress.",
        subcommands: [Show.self, Reset.self]
    )
}

extension ProgressCommand {
    /// `bible-course progress show`.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show which lessons are complete and where the session stands."
        )

        @OptionGroup var paths: PathOptions

        func run() throws {
            guard let store = try openExistingProgress(paths, readOnly: true, otherwise: "no progress yet") else { return }
            let rows = try wrap { () throws(ProgressStoreError) in try store.progress() }
            let loader = CurriculumLoader(directory: paths.curriculumURL)
            let byCourse = Dictionary(grouping: rows, by: \.courseID)
            for courseID in Set(byCourse.keys).union(loader.courseIDs()).sorted() {
                let recorded = byCourse[courseID] ?? []
                let outline = try? loader.loadCourse(courseID)
                // The curriculum's order and every lesson of it; lessons only in the database
                // (removed from the curriculum since) after them.
                var ids = outline?.lessonIDs ?? []
                ids += recorded.map(\.lessonID).filter { !ids.contains($0) }
                let complete = recorded.filter(\.completed).count
                print("\(courseID): \(outline?.title ?? courseID): \(complete) of \(ids.count) lessons complete")
                for (index, id) in ids.enumerated() {
                    let row = recorded.first { $0.lessonID == id }
                    let title = row?.title ?? outline.flatMap { try? loader.loadLesson(id, course: $0).title } ?? ""
                    var status = "not begun"
                    if let row {
                        status = row.completed ? "complete \(row.completedAt ?? "")" : "not complete"
                        if let correct = row.answerCorrect {
                            status += correct ? ", answered correctly" : ", answered incorrectly"
                        }
                    }
                    print("  \(row?.sequence ?? index + 1). \(id)  \(title)  \(status)")
                }
            }
            if let saved = try wrap({ () throws(ProgressStoreError) in try store.savedSession() }), saved.state != .idle {
                print("session: \(saved.state.rawValue) in \(saved.lessonID ?? "?") (segment \(saved.segment ?? 0) of 7); resumes at \(saved.state.resumePoint.rawValue)")
            } else {
                print("session: IDLE")
            }
        }
    }

    /// `bible-course progress reset`.
    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete all progress and the saved session (never the curriculum)."
        )

        @OptionGroup var paths: PathOptions

        func run() throws {
            // Held until the reset is written (a directory that does not exist has nothing to
            // reset, and is not made).
            let lock = FileManager.default.fileExists(atPath: paths.stateDirectoryURL.path) ? try lockStateDirectory(paths) : nil
            defer { withExtendedLifetime(lock) {} }
            guard let store = try openExistingProgress(paths, readOnly: false, otherwise: "nothing to reset") else { return }
            if let damaged = store.damaged { print("progress reset: \(damaged)") }
            try wrap { () throws(ProgressStoreError) in try store.reset() }
            print("progress reset: user_progress and session_state emptied in \(store.path)")
        }
    }
}

/// Takes the state directory for this process (``StateDirectoryLock``), as a one-line
/// error naming the process that holds it.
func lockStateDirectory(_ paths: PathOptions) throws -> StateDirectoryLock {
    try paths.checkDefaultStateDirectory()
    do {
        return try StateDirectoryLock(directory: paths.stateDirectoryURL)
    } catch {
        throw CommandFailure(error.description)
    }
}

/// Opens `<state-dir>/progress.db`, as a one-line error when it cannot (a damaged one is
/// kept aside and a new one started; the caller says so, from ``ProgressStore/damaged``).
func openProgress(_ paths: PathOptions) throws -> ProgressStore {
    try paths.checkDefaultStateDirectory()
    return try wrap { () throws(ProgressStoreError) in try ProgressStore(stateDirectory: paths.stateDirectoryURL) }
}

/// The progress database when it exists, to read only (`readOnly`: nothing written,
/// nothing repaired) or to change; else nil, after printing `otherwise` and the file that
/// does not exist (reading progress never creates the database).
func openExistingProgress(_ paths: PathOptions, readOnly: Bool, otherwise: String) throws -> ProgressStore? {
    try paths.checkDefaultStateDirectory()
    let file = paths.stateDirectoryURL.appendingPathComponent("progress.db")
    var status = stat()
    guard lstat(file.path, &status) == 0 else {
        print("\(otherwise) (\(file.path) does not exist)")
        return nil
    }
    // An empty file is a database whose first write never happened (the disk was full).
    if status.st_mode & S_IFMT == S_IFREG, status.st_size == 0 {
        print("\(otherwise) (\(file.path) is empty: nothing was ever saved in it)")
        return nil
    }
    guard readOnly else { return try openProgress(paths) }
    return try wrap { () throws(ProgressStoreError) in try ProgressStore(readingExisting: file.path) }
}

/// Runs `body`, turning a progress-database error into a one-line ``CommandFailure``.
func wrap<T>(_ body: () throws(ProgressStoreError) -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw CommandFailure(error.description)
    }
}
