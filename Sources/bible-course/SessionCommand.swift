import ArgumentParser
import Course
import Foundation
import Scripture

/// `bible-course session`: a text-mode session for people and for tests.
struct SessionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Run a course session from text: command phrases and answers on stdin, one per line.",
        discussion: """
            Runs the real session machine with the real curriculum and progress database and \
            prints every state change, reply, segment and passage as one JSON line. Time is \
            virtual: playback ends at once, each line is delivered the next time the session \
            listens (IDLE, a READY state, the question, SESSION_COMPLETE) before its timer \
            fires, and at the end of input the pending timers fire until none is left. A \
            session interrupted mid-lesson resumes at the start of that segment next time.
            """
    )

    @OptionGroup var paths: PathOptions

    @Option(help: "The course to take (a directory under courses/). Default: the first course.")
    var course: String?

    @Flag(help: "Accept small variations of the command phrases (\"begin lesson\", \"analyse the structure\").")
    var fuzzy = false

    @Flag(help: "Also speak through espeak-ng.")
    var speak = false

    func run() throws {
        if speak {
            FileHandle.standardError.write(Data("--speak: speech output is not available yet (no Speech module); continuing in text mode\n".utf8))
        }
        let loader = CurriculumLoader(directory: paths.curriculumURL, displayRoot: paths.curriculumPath ?? paths.curriculumURL.path)
        guard let courseID = course ?? loader.courseIDs().first else {
            throw CommandFailure("no course found under \(paths.curriculumURL.path)/courses")
        }
        let store = try openProgress(paths)
        let bible: Result<BibleStore, BibleStoreError> = Result { () throws(BibleStoreError) in
            try BibleStore(path: paths.bibleURL.path)
        }
        let session = TextSession(
            courseID: courseID, loader: loader, store: store,
            matcher: CommandMatcher(tolerance: fuzzy ? .fuzzy : .exact),
            passageText: { reference in
                let passage = try bible.get().passage(reference)
                guard !passage.verses.isEmpty else { throw CommandFailure("no verses found in Bible.db") }
                return passage.text
            },
            emit: { record in
                FileHandle.standardOutput.write(Data((record.jsonLine + "\n").utf8))
            })
        session.start()
        while let line = readLine() {
            session.receive(line)
        }
        session.finish()
    }
}
