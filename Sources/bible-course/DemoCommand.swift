import ArgumentParser
import Assistant
import Audio
import Course
import Foundation
import Hearing
import Logging
import Rehearsal

/// `bible-course demo`: a whole lesson, both sides spoken, through the real pipeline.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run one whole lesson with a synthesised person talking to the daemon.",
        discussion: """
            The person's side is spoken by espeak-ng in another voice (--person-voice) and \
            heard as audio through the daemon's capture-side pipeline: endpointer, \
            recogniser, intent, session machine; the daemon's side is spoken by its own \
            voice into a recording. Nothing is faked: a command the recogniser does not hear \
            is said again, at most twice, and the output says so; if it is still not heard \
            the demo fails. The conversation is printed as it happens (virtual time, so it \
            runs faster than real time); both voices are written to --output. Progress goes \
            to a fresh temporary state directory unless --state-dir is given; the compiled \
            model is kept where the daemon keeps it.
            """
    )

    @Option(help: "Where to write both voices (WAV, 16 kHz).")
    var output = "session.wav"

    @Option(help: "espeak-ng voice of the person.")
    var personVoice = PersonVoice.defaultVoice

    @Option(help: "The person's speaking rate, as a factor of normal.")
    var personRate = 1.0

    @Flag(inversion: .prefixedNo, help: "Start with a Scripture look-up in IDLE (\"Read Habakkuk chapter two verse four\").")
    var lookup = true

    @OptionGroup var options: DaemonOptions
    @OptionGroup var paths: PathOptions

    mutating func run() throws {
        let configuration = try options.resolve(&paths, defaultFile: nil)
        if configuration.mode == .listen {
            throw CommandFailure("demo runs the course; mode \"listen\" is for `run` (or use `bible-course listen FILE.wav`)")
        }
        bootstrapLogging(options.logLevel == nil ? .warning : configuration.logLevel)
        let logger = Logger(label: "bible-course")
        let scratch = try ScratchState(paths, command: "demo")
        defer { scratch.remove() }
        let dataPaths = scratch.paths

        let person: PersonVoice
        do { person = try PersonVoice(voice: personVoice, rate: personRate) } catch {
            throw CommandFailure("the person's voice: \(error)")
        }
        let environment = try openEnvironment(configuration, paths: dataPaths, independentUtterances: true, logger: logger)
        let runtime = environment.runtime(sink: RecordingAudioSink(), clock: VirtualSessionClock(),
                                          logger: Logger(label: "bible-course.session"))
        let tape = SessionTape()
        runtime.onAudio = { samples, rate, _ in tape.append(samples, sampleRate: rate) }
        let transcript = DemoTranscript()
        runtime.onEvent = { transcript.print($0) }
        let conversation = ScriptedConversation(runtime: runtime)
        let started = Date()

        transcript.line("demo: course \(environment.courseID); the daemon speaks \(configuration.voice) at \(configuration.rate)x, the person \(personVoice) at \(personRate)x")
        runtime.start()
        var script = DemoScript(includeLookup: lookup)
        var lessonID: String?
        var completedLesson = false
        while true {
            guard conversation.waitUntilListening() else {
                throw CommandFailure("demo: the session stopped listening in \(runtime.state.rawValue)")
            }
            guard let line = script.next(state: runtime.state, question: runtime.lesson?.question) else { break }
            if let attempt = line.attempt, attempt > 1 {
                transcript.note("(not heard as \(line.expectation); saying it again, retry \(attempt - 1) of 2)")
            }
            transcript.person(line.text, at: runtime.now)
            let utterance: [Int16]
            do { utterance = try person.utterance(line.text) } catch { throw CommandFailure("the person's voice: \(error)") }
            let before = runtime.state
            guard let turn = conversation.say(utterance) else {
                throw CommandFailure("demo: the session stopped listening in \(runtime.state.rawValue)")
            }
            if let id = runtime.lessonID { lessonID = id }
            script.record(turn: turn, stateBefore: before, stateAfter: runtime.state)
            if case .lookup = line.expected {
                // The person lets the look-up's correction window pass and hears the passage
                // out before going on (what is said in the window would be taken for a
                // correction of the reference).
                conversation.finish(limit: .seconds(120))
            }
            if before == .sessionComplete, runtime.state == .idle { completedLesson = true; break }
            if script.failed {
                try? tape.write(to: URL(fileURLWithPath: output))
                throw CommandFailure("demo: \"\(line.text)\" was not heard in 3 tries (state \(runtime.state.rawValue)); wrote what there is to \(output)")
            }
        }
        conversation.finish()
        do { try tape.write(to: URL(fileURLWithPath: output)) } catch { throw CommandFailure(error.description) }
        let progress = (try? environment.store.progress()) ?? []
        let done = progress.first { $0.lessonID == lessonID }
        transcript.line(String(format: "demo: %.0f s of session in %.1f s; %d retries; wrote %@ (%.0f s, both voices)",
                     runtime.now.seconds, Date().timeIntervalSince(started), script.retries, output, tape.seconds))
        guard completedLesson, let done, done.completed else {
            throw CommandFailure("demo: the lesson was not completed (state \(runtime.state.rawValue))")
        }
        transcript.line("demo: lesson \(done.lessonID) \"\(done.title)\" marked complete at \(done.completedAt ?? "?"); review answer \(done.answerCorrect == true ? "correct" : "wrong")")
    }
}

