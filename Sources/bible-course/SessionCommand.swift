import ArgumentParser
import Assistant
import Audio
import Course
import Foundation
import Intents
import Scripture
import Voice
import Vocabulary
import Phonetics

/// `bible-course session`: a text-mode session for people and for tests.
struct SessionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Run a course session from text: command phrases, look-ups and answers on stdin, one per line.",
        discussion: """
            Runs the real session machine with the real curriculum and progress database, \
            through the same driver as the daemon, and prints every event as one JSON line, \
            in the format `simulate` prints (see the README's "Event lines"). Time is \
            virtual: playback ends at once (with --speak, it takes as long as it plays), each line is delivered the next time the session \
            listens (IDLE, a READY state, the question, SESSION_COMPLETE) before its timer \
            fires, and at the end of input the pending timers fire until none is left. A \
            session interrupted mid-lesson resumes at the start of that segment next time. \
            Each line goes through the transcript normaliser (see `normalise`) first ("the \
            covenent" is "the covenant"), then is routed as the daemon routes what it hears: \
            a look-up ("read john three sixteen") says its reference in IDLE, and the next \
            line is heard in its correction window: "no" reads nothing, another reference \
            ("no esther chapter one verse eleven") is taken instead, an empty line, other \
            words or the end of input read the passage; during the review question a line is \
            the answer unless it is a command or a question to the course.
            """
    )

    @OptionGroup var paths: PathOptions

    @Option(help: "The course to take (a directory under courses/). Default: the first course.")
    var course: String?

    @Flag(help: "Accept small variations of the command phrases (\"begin lesson\", \"analyse the structure\").")
    var fuzzy = false

    @Flag(help: "Also speak through espeak-ng (replies, segments and passages) on the playback device.")
    var speak = false

    @Option(help: "The playback device for --speak.")
    var playbackDevice = "default"

    func run() throws {
        let speaker: any SessionSpeaker = speak ? try Self.voice(paths, device: playbackDevice) : SilentSpeaker()
        let loader = CurriculumLoader(directory: paths.curriculumURL, displayRoot: paths.curriculumPath ?? paths.curriculumURL.path)
        guard let courseID = course ?? loader.courseIDs().first else {
            throw CommandFailure("no course found under \(paths.curriculumURL.path)/courses")
        }
        let lock = try lockStateDirectory(paths)
        defer { withExtendedLifetime(lock) {} }
        let store = try openProgress(paths)
        if let damaged = store.damaged { warn("\(damaged)") }
        let bible: any PassageSource
        do {
            bible = try BibleStore(path: paths.bibleURL.path)
        } catch {
            bible = UnavailableBible(reason: error.description)
        }
        let session = TextSession(
            ports: .init(courseID: courseID, loader: loader, store: store, passages: bible, speaker: speaker,
                         clock: VirtualSessionClock()),
            matcher: IntentMatcher(tolerance: fuzzy ? .fuzzy : .exact),
            normalise: NormaliseCommand.onFirstUse(paths, consequence: "lines are read as typed"),
            emit: { event in
                FileHandle.standardOutput.write(Data((event.jsonLine + "\n").utf8))
            })
        session.start()
        while let line = readLine() {
            session.receive(line)
        }
        session.finish()
        // What could not be written is not reported as done: one last try, else exit 1.
        do {
            try store.retryUnsaved()
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// The daemon's voice (authored pronunciations included) on `device`.
    static func voice(_ paths: PathOptions, device: String) throws -> SynthesizerSpeaker {
        let lexicon = (try? AuthoredLexicon.load(paths.vocabularyLocations.pronunciationsFile)) ?? [:]
        do {
            let synthesizer = try SpeechSynthesizer(pronunciations: SpokenPronunciations(lexicon: lexicon))
            return SynthesizerSpeaker(synthesizer: synthesizer, sink: ALSAPlayback(device: device))
        } catch {
            throw CommandFailure("--speak: \(error)")
        }
    }
}
