import ArgumentParser
import Assistant
import Course
import Foundation
import Logging
import Scripture
import Voice

/// `bible-course voice render`: the course's fixed speech rendered ahead in a natural voice.
struct VoiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voice",
        abstract: "Render the course's fixed speech ahead in a natural voice (voice = \"piper:<model>\").",
        subcommands: [Render.self]
    )
}

extension VoiceCommand {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render every script, reading, answer and reply of the course into the voice cache.",
            discussion: """
                With voice = "piper:<model>" (config or --voice), renders each sentence the \\
                course will say that is known ahead (every segment's script, each reading's \\
                passage, each answer said back, the fixed replies) with Piper into \\
                <state>/voice-cache, keyed by the text, the voice and the rate: a changed script \\
                or voice is rendered again, a sentence already there is not. The daemon also \\
                does this in the background at start; this does it now and says how long it \\
                took. With an espeak-ng voice there is nothing to render.
                """
        )

        @OptionGroup var options: DaemonOptions
        @OptionGroup var paths: PathOptions

        mutating func run() throws {
            let configuration = try options.resolve(&paths, defaultFile: DaemonConfiguration.systemPath)
            guard case .piper(let model) = VoiceChoice(configuration.voice) else {
                print("voice \(configuration.voice) is espeak-ng's: it speaks as it goes, nothing to render")
                return
            }
            bootstrapLogging(.warning)
            let dataPaths = paths.dataPaths
            guard let install = dataPaths.piper else { throw CommandFailure("Piper is not installed here (scripts/setup.sh --piper)") }
            let fallback: SpeechSynthesizer
            do { fallback = try dataPaths.speech(configuration.speech, warn: { warn($0) }) } catch {
                throw CommandFailure("espeak-ng: \(error)")
            }
            let narrator = PiperNarrator(launch: install.launch(model: model, rateFactor: configuration.rate, besideHearing: false),
                                         cache: dataPaths.voiceCache, fallback: fallback, log: { warn($0) })
            let loader = CurriculumLoader(directory: dataPaths.curriculum)
            guard let courseID = CourseReadiness.courseID(configured: configuration.course, loader: loader) else {
                throw CommandFailure("no course found under \(dataPaths.curriculum.path)/courses")
            }
            let bible = try? BibleStore(path: dataPaths.bible.path)
            let texts = FixedSpeech.texts(loader: loader, courseID: courseID, bible: bible)
            let started = ContinuousClock.now
            let done = narrator.renderAhead(texts, progress: { index, count in
                if index % 50 == 0 { FileHandle.standardError.write(Data("voice render: \(index) of \(count) sentences\n".utf8)) }
            })
            let usage = dataPaths.voiceCache.usage()
            print("voice \(narrator.voiceName) at \(configuration.rate)x: \(done.sentences) sentences of course \(courseID); "
                  + "rendered \(done.rendered) now in \(started.duration(to: .now)), \(done.cached) were already; "
                  + "cache \(dataPaths.voiceCache.folder.path): \(usage.entries) sentences, \(usage.bytes / 1_000_000) MB")
            if let failure = done.failure {
                let left = done.sentences - done.rendered - done.cached
                throw CommandFailure("stopped with \(left) sentences not rendered: \(failure) (run it again to go on; espeak-ng says what is missing)")
            }
        }
    }
}
