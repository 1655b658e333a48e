import ArgumentParser
import Assistant
import Audio
import Course
import Foundation
import Logging
import Scripture
import Support
import Vocabulary
import Voice

/// `bible-course bench voice`: the figures scripts/bench-voice.sh prints for one voice, as
/// JSON lines: rendering the course's fixed speech, the first sound of look-ups, memory,
/// and (with --samples) one lesson's sentences as 16 kHz WAVs for an intelligibility check.
struct BenchVoiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "voice")

    @Option(help: "The voice: an espeak-ng voice or piper:<model>.")
    var voice = "en-us"

    @Option(help: "Speaking rate, a factor of normal.")
    var rate = 0.9

    @Option(help: "Piper: the longest piece it is given, in characters (longer sentences are cut at their pauses).")
    var pieceLength = PiperNarrator.defaultPieceLength

    @Option(help: "Random passages (up to 3 verses) said whole after the look-ups, before the course: Piper's memory on text the course does not hold.")
    var passages = 0

    @Option(help: "Random passages looked up, for the first sound.")
    var lookups = 10

    @Option(help: "Seed for the random passages, so runs compare.")
    var seed: UInt64 = 7

    @Option(help: "Write the first lesson's sentences as 16 kHz WAVs and a manifest (file, text) here.")
    var samples: String?

    @OptionGroup var paths: PathOptions

    func run() throws {
        bootstrapLogging(.warning)
        let dataPaths = paths.dataPaths
        let espeak: SpeechSynthesizer
        do { espeak = try dataPaths.speech(SpeechConfiguration(voice: VoiceChoice(voice).espeakVoice, rateFactor: rate), warn: { warn($0) }) } catch {
            throw CommandFailure("espeak-ng: \(error)")
        }
        var piper: PiperNarrator?
        if case .piper(let model) = VoiceChoice(voice) {
            guard let install = dataPaths.piper else { throw CommandFailure("Piper is not installed here") }
            piper = PiperNarrator(launch: install.launch(model: model, rateFactor: rate), cache: dataPaths.voiceCache,
                                  fallback: espeak, pieceLength: pieceLength, log: { warn($0) })
        }
        let narrator: any Narrator = piper ?? espeak
        let loader = CurriculumLoader(directory: dataPaths.curriculum)
        let bible = try openBible(paths)
        guard let courseID = loader.courseIDs().first else { throw CommandFailure("no course") }

        // First sound of look-ups nobody rendered ahead: the first is cold (Piper starts).
        var random = SplitMix64(seed: seed)
        var firstSounds: [Double] = []
        func randomPassage() -> (reference: ScriptureReference, text: String)? {
            let book = BookCatalog.books[Int(random.next() % 66)]
            let chapter = 1 + Int(random.next() % UInt64(book.chapterCount))
            let last = book.verseCount(chapter: chapter) ?? 1
            let verse = 1 + Int(random.next() % UInt64(last))
            guard let reference = try? ScriptureReference.parse("\(book.name) \(chapter):\(verse)-\(min(last, verse + 2))").first,
                  let passage = try? bible.passage(reference) else { return nil }
            return (reference, passage.text)
        }
        for _ in 0..<lookups {
            guard let (reference, text) = randomPassage() else { continue }
            let sink = FirstSoundSink()
            let started = ContinuousClock.now
            sink.started = started
            _ = try? narrator.speak(SpokenReference.phrase(reference) + ". " + text, to: sink, shouldStop: { sink.heard != nil })
            if let heard = sink.heard { firstSounds.append((heard - started) / .milliseconds(1)) }
        }
        let warm = firstSounds.dropFirst().sorted()
        print(json(["figure": "first-sound", "voice": voice, "lookups": firstSounds.count,
                    "cold_ms": firstSounds.first ?? -1, "warm_median_ms": warm.isEmpty ? -1 : warm[warm.count / 2],
                    "warm_max_ms": warm.last ?? -1]))

        if passages > 0, let piper {
            // A Piper of its own, caching nothing: its peak is the passages' alone.
            let reader = PiperNarrator(launch: piper.launch, cache: nil, fallback: espeak, pieceLength: pieceLength, log: { warn($0) })
            var pieces = 0
            for _ in 0..<passages {
                guard let (_, text) = randomPassage() else { continue }
                pieces += reader.pieces(of: text).count
                _ = try? reader.speak(text, to: FirstSoundSink(), shouldStop: { false })
            }
            print(json(["figure": "passages", "voice": voice, "passages": passages, "pieces": pieces, "piece_length": pieceLength,
                        "child_peak_kb": reader.processIdentifier.map(Self.peakKilobytes) ?? 0]))
        }

        // The course's fixed speech, rendered on this process's cores (run it under taskset).
        let texts = FixedSpeech.texts(loader: loader, courseID: courseID, bible: bible)
        let sentences = Array(Set(texts.flatMap { piper?.pieces(of: $0) ?? SentenceSplitter.sentences(in: $0) })).sorted()
        let started = ContinuousClock.now
        let cpuBefore = cpuSeconds()
        var audioSeconds = 0.0
        if let piper {
            _ = piper.renderAhead(texts)
            for sentence in sentences {
                if let entry = dataPaths.voiceCache.entry(piper.key(sentence)) { audioSeconds += Double(entry.samples.count) / Double(entry.sampleRate) }
            }
        } else {
            for sentence in sentences {
                audioSeconds += Double((try? espeak.samples(for: sentence).count) ?? 0) / Double(espeak.sampleRate)
            }
        }
        let wall = (ContinuousClock.now - started) / .seconds(1)
        let childCPU = piper?.processIdentifier.map(Self.childCPUSeconds) ?? 0
        print(json(["figure": "render", "voice": voice, "sentences": sentences.count, "audio_seconds": audioSeconds,
                    "wall_seconds": wall, "cpu_seconds": cpuSeconds() - cpuBefore + childCPU,
                    "cache_bytes": piper == nil ? 0 : dataPaths.voiceCache.usage().bytes]))
        print(json(["figure": "memory", "voice": voice, "self_peak_kb": Self.peakKilobytes(getpid()),
                    "child_peak_kb": piper?.processIdentifier.map(Self.peakKilobytes) ?? 0, "piece_length": pieceLength]))

        if let samples {
            try writeSamples(to: URL(fileURLWithPath: samples), narrator: narrator, loader: loader, courseID: courseID)
        }
    }

    /// The first lesson's sentences, each a 16 kHz WAV, and `manifest.tsv` (file, text).
    private func writeSamples(to folder: URL, narrator: any Narrator, loader: CurriculumLoader, courseID: String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let course = try loader.loadCourse(courseID)
        guard let first = course.lessonIDs.first else { return }
        let lesson = try loader.loadLesson(first, course: course)
        var manifest = ""
        var index = 0
        for type in SegmentType.allCases {
            for sentence in SentenceSplitter.sentences(in: lesson.playback(type).script) {
                let sink = RecordingAudioSink()
                _ = try? narrator.speak(sentence, to: sink, shouldStop: { false })
                let samples = sink.played.flatMap { Resampler.resample($0.samples, from: $0.sampleRate, to: AudioFormat.sampleRate) }
                let file = folder.appendingPathComponent(String(format: "%03d.wav", index))
                try WAVFile.write(samples, to: file)
                manifest += "\(file.path)\t\(sentence)\n"
                index += 1
            }
        }
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("manifest.tsv"))
    }

    private func json(_ fields: [String: Any]) -> String {
        (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    private func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// User and system seconds of process `pid` so far (`/proc/<pid>/stat`).
    static func childCPUSeconds(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The peak resident memory of process `pid`, kB (`VmHWM`).
    static func peakKilobytes(_ pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}

/// A loudspeaker that notes when the first sound reached it and plays nothing.
private final class FirstSoundSink: AudioSink, @unchecked Sendable {
    var started: ContinuousClock.Instant?
    var heard: ContinuousClock.Instant?

    func play(_ samples: [Int16], sampleRate: Int) throws(AudioError) {
        if heard == nil, !samples.isEmpty { heard = .now }
    }

    func stop() {}
    func close() {}
}
