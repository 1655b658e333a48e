import Audio
import Foundation
import Testing
import Voice

/// Piper's child held to its protocol: a child that stops, says nothing, or writes what is
/// not the protocol (before its header or after it) is killed within its bound and the
/// daemon's voice goes on in espeak-ng, with no thread or memory left behind; Piper is tried
/// again when the retry is due. The child is `fake-piper.py`, which misbehaves on purpose.
@Suite("Piper's child held to its protocol", .serialized)
struct PiperChildTests {
    static let fake = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("fake-piper.py").path
    /// Short bounds, so a test waits seconds, not the daemon's minute.
    static let limits = PiperProcess.Limits(start: .seconds(1), sentence: .seconds(1))

    /// The first `python3` on the PATH: the fake needs nothing but the standard library.
    static let python = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
        .first(where: FileManager.default.isExecutableFile(atPath:)) ?? "/usr/bin/python3"

    private func launch(_ behaviour: String) -> PiperProcess.Launch {
        PiperProcess.Launch(python: Self.python, script: Self.fake, model: behaviour, voiceFolders: [], lengthScale: 1)
    }

    /// A file the fake child writes its pid to.
    private func pidFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("fake-piper-\(UUID().uuidString).pid").path
    }

    private func pid(in file: String) throws -> Int32 {
        let deadline = Date(timeIntervalSinceNow: 5)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: file, encoding: .utf8), let pid = Int32(text) { return pid }
            usleep(20_000)
        }
        throw CocoaError(.fileReadNoSuchFile)
    }

    /// Whether `pid` is gone (waited for up to a second: the kernel and Foundation reap it).
    private func gone(_ pid: Int32) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 1)
        while Date() < deadline {
            if kill(pid, 0) != 0 && errno == ESRCH { return true }
            usleep(20_000)
        }
        return false
    }

    /// This process's resident memory, in bytes.
    private func residentBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    /// The narrator's render-ahead threads alive now.
    private func renderThreads() -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter {
            (try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) == PiperNarrator.renderThreadName
        }.count
    }

    private func seconds(_ work: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try work()
        return start.duration(to: .now) / .seconds(1)
    }

    private final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func append(_ line: String) { lock.withLock { items.append(line) } }
        var all: [String] { lock.withLock { items } }
    }

    @Test("a good child: the protocol as piper-voice.py speaks it")
    func goodChild() throws {
        let piper = try PiperProcess(launch("good"), limits: Self.limits)
        #expect(piper.sampleRate == 16000)
        #expect(try piper.render("Amen.") == Array(repeating: 1000, count: 80 * 5))
        #expect(try piper.render("Jesus wept.").count == 80 * 11)
    }

    @Test("a child that never answers: the start gives up within its bound and kills it")
    func silentChild() throws {
        let file = pidFile()
        defer { try? FileManager.default.removeItem(atPath: file) }
        var failure: PiperProcess.Failure?
        let took = seconds {
            do { _ = try PiperProcess(launch("silent:\(file)"), limits: Self.limits) } catch { failure = error as? PiperProcess.Failure }
        }
        #expect(took < 3, "bounded by the start limit (1 s): \(took) s")
        #expect(failure?.description.contains("no answer within") == true, "\(String(describing: failure))")
        #expect(gone(try pid(in: file)), "the child was killed")
    }

    @Test("a child that writes garbage before its header: refused at once, memory flat, the child killed")
    func garbageBeforeHeader() throws {
        let file = pidFile()
        defer { try? FileManager.default.removeItem(atPath: file) }
        let before = residentBytes()
        var failure: PiperProcess.Failure?
        let took = seconds {
            do { _ = try PiperProcess(launch("garbage-before:\(file)"), limits: Self.limits) } catch { failure = error as? PiperProcess.Failure }
        }
        #expect(took < 3, "\(took) s")
        #expect(failure?.description.contains("longer than \(PiperProcess.Limits.headerBytes) bytes") == true, "\(String(describing: failure))")
        #expect(residentBytes() - before < 4 << 20, "nothing of its 8 MB kept")
        #expect(gone(try pid(in: file)), "the child was killed")

        var chatter: PiperProcess.Failure?
        do { _ = try PiperProcess(launch("chatter-before"), limits: Self.limits) } catch { chatter = error }
        #expect(chatter?.description.contains("not its header: \"Loading the voice...\"") == true, "\(String(describing: chatter))")
    }

    @Test("a child that writes garbage after a good header: the sentence refused by its length, memory flat, the child killed")
    func garbageAfterHeader() throws {
        let file = pidFile()
        defer { try? FileManager.default.removeItem(atPath: file) }
        let piper = try PiperProcess(launch("garbage-after:\(file)"), limits: Self.limits)
        let before = residentBytes()
        var failure: PiperProcess.Failure?
        let took = seconds {
            do { _ = try piper.render("In the beginning.") } catch { failure = error as? PiperProcess.Failure }
        }
        #expect(took < 3, "\(took) s")
        #expect(failure?.description.contains("announced 2000000000 bytes") == true, "\(String(describing: failure))")
        #expect(residentBytes() - before < 4 << 20)
        #expect(gone(try pid(in: file)), "the child was killed")
        #expect(!piper.isRunning)
    }

    @Test("a child stopped mid-sentence: the render gives up within its bound and kills it")
    func stoppedChild() throws {
        let file = pidFile()
        defer { try? FileManager.default.removeItem(atPath: file) }
        let piper = try PiperProcess(launch("stops:\(file)"), limits: Self.limits)
        var failure: PiperProcess.Failure?
        let took = seconds {
            do { _ = try piper.render("In the beginning.") } catch { failure = error as? PiperProcess.Failure }
        }
        #expect(took < 3, "bounded by the sentence limit (1 s): \(took) s")
        #expect(failure?.description.contains("no answer within") == true, "\(String(describing: failure))")
        #expect(gone(try pid(in: file)), "a stopped child is killed too (SIGKILL)")
    }

    @Test("the daemon's voice with a child that stops: espeak-ng goes on without waiting at each sentence, no thread left behind")
    func narratorOverAStoppedChild() throws {
        let file = pidFile()
        defer { try? FileManager.default.removeItem(atPath: file) }
        let espeak = try SpeechSynthesizer()
        let log = Lines()
        // A wait long beside espeak-ng's time for a sentence on a busy machine, so that one
        // wait and five are told apart by the clock however loaded it is.
        let wait = Duration.seconds(3)
        let narrator = PiperNarrator(launch: launch("stops:\(file)"), cache: nil, fallback: espeak, sentenceWait: wait,
                                     limits: Self.limits, log: log.append)
        let psalm = "The Lord is my shepherd. I shall not want. He makes me lie down in green pastures. "
            + "He leads me beside still waters. He restores my soul."
        let sink = RecordingAudioSink()
        var completion: SpeechCompletion?
        let took = try seconds { completion = try narrator.speak(psalm, to: sink, shouldStop: { false }) }
        #expect(completion == .finished(sentences: 5))
        #expect(took < 6, "one wait of \(wait), not one a sentence: \(took) s")
        #expect(sink.played.count == 5 && sink.played.allSatisfy { $0.sampleRate == espeak.sampleRate && !$0.samples.isEmpty })
        #expect(gone(try pid(in: file)), "the stopped child was killed")
        // Look-ups while Piper is given up: none waits for Piper, and no thread stays.
        for reference in ["John chapter 3, verse 16.", "Romans chapter 8, verse 28.", "Psalm 23."] {
            let lookup = try seconds { _ = try narrator.speak(reference, to: RecordingAudioSink(), shouldStop: { false }) }
            #expect(lookup < 2.4, "\(reference): \(lookup) s, less than one wait for Piper")
        }
        let deadline = Date(timeIntervalSinceNow: 2)
        while renderThreads() > 0, Date() < deadline { usleep(20_000) }
        #expect(renderThreads() == 0, "every render-ahead thread ended")
        #expect(log.all.count == 1, "one line says Piper was given up: \(log.all)")
    }

    @Test("the daemon's voice with a child that never starts: espeak-ng speaks, no thread waits on it")
    func narratorOverASilentChild() throws {
        let espeak = try SpeechSynthesizer()
        // A start bound of 3 s: the first speech's thread still waits on it when the speeches end.
        let narrator = PiperNarrator(launch: launch("silent"), cache: nil, fallback: espeak, sentenceWait: .milliseconds(300),
                                     limits: PiperProcess.Limits(start: .seconds(3), sentence: .seconds(1)), log: { _ in })
        for reference in ["John chapter 3, verse 16.", "Romans chapter 8, verse 28.", "Psalm 23."] {
            let took = try seconds { _ = try narrator.speak(reference, to: RecordingAudioSink(), shouldStop: { false }) }
            #expect(took < 1.5, "\(reference): \(took) s")
        }
        #expect(renderThreads() >= 1, "the first speech's thread still waits on the start, bounded by it")
        let deadline = Date(timeIntervalSinceNow: 5)
        while renderThreads() > 0, Date() < deadline { usleep(20_000) }
        #expect(renderThreads() == 0, "the thread waiting on the start ended with the start's bound")
    }

    @Test("Piper is tried again when the retry is due, though the daemon kept speaking meanwhile")
    func retryIsReal() throws {
        let marker = pidFile()
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let espeak = try SpeechSynthesizer()
        let log = Lines()
        let narrator = PiperNarrator(launch: launch("fails-first:\(marker)"), cache: nil, fallback: espeak,
                                     sentenceWait: .seconds(5), retryAfter: .seconds(1), limits: Self.limits, log: log.append)
        var rates: [Int] = []
        let start = Date()
        while Date().timeIntervalSince(start) < 2.5 {
            let sink = RecordingAudioSink()
            _ = try narrator.speak("Amen.", to: sink, shouldStop: { false })
            rates += sink.played.map(\.sampleRate)
            usleep(100_000)
        }
        #expect(rates.first == espeak.sampleRate, "the first start failed: espeak-ng said it")
        #expect(rates.last == 16000, "Piper again after a second: \(rates)")
        #expect(log.all.count == 1 && log.all.first?.contains("failing the first start") == true, "\(log.all)")
    }

    @Test("rendering ahead counts what it stored, and stops with the reason when the cache cannot store (its floor of free space)")
    func renderAheadCountsWhatItStored() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voice-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let espeak = try SpeechSynthesizer()
        let texts = ["In the beginning. God created.", "Jesus wept.", "Amen."]
        let full = PiperNarrator(launch: launch("good"), cache: RenderCache(folder: folder, floor: Int.max / 4), fallback: espeak,
                                 limits: Self.limits, log: { _ in })
        let stopped = full.renderAhead(texts)
        #expect(stopped.sentences == 4 && stopped.rendered == 0 && stopped.cached == 0)
        #expect(stopped.failure?.contains("nearly full") == true, "\(String(describing: stopped.failure))")
        #expect(RenderCache(folder: folder).usage().entries == 0)

        let roomy = PiperNarrator(launch: launch("good"), cache: RenderCache(folder: folder, floor: 0), fallback: espeak,
                                  limits: Self.limits, log: { _ in })
        let done = roomy.renderAhead(texts)
        #expect(done == PiperNarrator.RenderAheadResult(sentences: 4, rendered: 4, cached: 0, failure: nil))
        #expect(RenderCache(folder: folder).usage().entries == 4, "each one counted is stored")
        #expect(roomy.renderAhead(texts) == PiperNarrator.RenderAheadResult(sentences: 4, rendered: 0, cached: 4, failure: nil))
    }
}
