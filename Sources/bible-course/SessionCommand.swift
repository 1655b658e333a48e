import ArgumentParser
import Audio
import Course
import Foundation
import Scripture
import Speech
import Assistant
import Vocabulary
import Intents

/// `bible-course session`: a text-mode session for people and for tests.
struct SessionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Run a course session from text: command phrases, look-ups and answers on stdin, one per line.",
        discussion: """
            Runs the real session machine with the real curriculum and progress database and \
            prints every state change, reply, segment and passage as one JSON line. Time is \
            virtual: playback ends at once, each line is delivered the next time the session \
            listens (IDLE, a READY state, the question, SESSION_COMPLETE) before its timer \
            fires, and at the end of input the pending timers fire until none is left. A \
            session interrupted mid-lesson resumes at the start of that segment next time. \
            Each line goes through the transcript normaliser (see `normalise`) first ("the \
            covenent" is "the covenant"), then is routed as the daemon routes what it hears: \
            a look-up ("read john three sixteen") is read in IDLE; during the review question \
            a line is the answer unless it is a command or a question to the course.
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
        let voice = speak ? try Self.voice(paths, device: playbackDevice) : nil
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
            normalise: NormaliseCommand.onFirstUse(paths, consequence: "lines are read as typed"),
            passageText: { reference in
                let passage = try bible.get().passage(reference)
                guard !passage.verses.isEmpty else { throw CommandFailure("no verses found in Bible.db") }
                return passage.text
            },
            emit: { record in
                FileHandle.standardOutput.write(Data((record.jsonLine + "\n").utf8))
                if let voice, ["reply", "segment", "passage"].contains(record.type), let text = record.text {
                    voice.say(text)
                }
            })
        session.start()
        while let line = readLine() {
            session.receive(line)
        }
        session.finish()
    }

    /// The daemon's voice (authored pronunciations included) on `device`.
    static func voice(_ paths: PathOptions, device: String) throws -> SessionVoice {
        let lexicon = (try? AuthoredLexicon.load(paths.vocabularyLocations.pronunciationsFile)) ?? [:]
        do {
            let synthesizer = try SpeechSynthesizer(pronunciations: SpokenPronunciations(lexicon: lexicon))
            return SessionVoice(synthesizer: synthesizer, sink: ALSAPlayback(device: device))
        } catch {
            throw CommandFailure("--speak: \(error)")
        }
    }
}

/// Speaks the text session's lines; a speaker that fails is reported once and the session
/// goes on in text.
final class SessionVoice {
    let synthesizer: SpeechSynthesizer
    let sink: any AudioSink
    private var failed = false

    init(synthesizer: SpeechSynthesizer, sink: any AudioSink) {
        self.synthesizer = synthesizer
        self.sink = sink
    }

    func say(_ text: String) {
        guard !failed else { return }
        do {
            _ = try synthesizer.speak(text, to: sink)
        } catch {
            failed = true
            warn("--speak: \(error); continuing in text only")
        }
    }
}
