import Assistant
import Audio
import Course
import Foundation
import GRDB
import Hearing
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What must survive: a lesson file broken mid-course, a loudspeaker that fails, a
/// microphone that goes away and comes back.
@Suite("Reliability", .serialized)
struct ReliabilityTests {
    @Test func aLessonFileBrokenMidCourseIsReportedAndNothingIsLost() throws {
        let session = try SpokenSession(completed: ["bf01_lesson_01"]) { curriculum in
            let file = curriculum.appendingPathComponent("courses/biblical-foundations-01/lessons/bf01_lesson_02.json")
            try Data([0x7B, 0x20, 0xFF, 0xFE, 0x00]).write(to: file)
        }
        session.start()
        let turn = session.say("Begin the lesson")
        #expect(turn.intents == [.command(.beginLesson)])
        #expect(turn.states.isEmpty, "stays in IDLE")
        #expect(turn.said.map(\.text) == [Reply.lessonUnavailable.text])
        #expect(turn.notices.contains { $0.contains("bf01_lesson_02.json") }, "the log names the file: \(turn.notices)")
        #expect(try session.store.completedLessonIDs() == ["bf01_lesson_01"])
    }

    @Test func aLessonBrokenWhileItWasInProgressResumesInIdle() throws {
        let saved = SavedSession(state: .contextReady, lessonID: "bf01_lesson_02")
        let session = try SpokenSession(saved: saved, completed: ["bf01_lesson_01"]) { curriculum in
            try FileManager.default.removeItem(at: curriculum.appendingPathComponent("courses/biblical-foundations-01/lessons/bf01_lesson_02.json"))
        }
        let started = session.start()
        #expect(started.states == [.idle])
        #expect(started.notices.contains { $0.contains("bf01_lesson_02") })
        #expect(try session.store.completedLessonIDs() == ["bf01_lesson_01"])
        #expect(try session.store.savedSession() == .idle)
    }

    /// A segment nobody could hear is not passed: the lesson waits at its start until the
    /// loudspeaker works and the person asks for it again.
    @Test func aFailingLoudspeakerHoldsTheLessonUntilItWorksAgain() throws {
        let session = try SpokenSession()
        session.sink.failPlays(after: 0)
        session.start()
        let begin = session.say("Begin the lesson")
        #expect(begin.states == [.lessonLoaded, .orientationPlaying, .lessonLoaded])
        #expect(begin.failures.count == 1, "logged once, not per sentence: \(begin.failures)")
        session.sink.stopFailing()
        let read = session.say("Read the passage")
        #expect(read.states == [.orientationPlaying, .readingReady])
        #expect(read.notices.contains("playback works again"))
        #expect(!session.sink.played.isEmpty)
        #expect(try session.store.completedLessonIDs().isEmpty)
    }

    @Test func theMicrophoneGoesAwayAndComesBack() throws {
        let session = try SpokenSession()
        let utterance = SpokenSession.utterance("Begin the lesson")
        let microphone = FlakyMicrophone(before: [Int16](repeating: 0, count: 16_000), after: utterance + [Int16](repeating: 0, count: 32_000))
        let capture = CaptureLoop(
            device: "flaky", open: { _ throws(AudioError) in try microphone.open() },
            backoff: CaptureBackoff(initial: .milliseconds(10), maximum: .milliseconds(40)), log: { _ in })
        let listener = try NotifyListener()
        let clock = MonotonicSessionClock()
        let runtime = SessionRuntime(.init(
            courseID: SpokenSession.courseID, loader: CurriculumLoader(directory: session.curriculum), store: session.store,
            bible: UnavailableBible(reason: "no Bible in this test"), recognizer: try Recognizer(compiled: try SpokenSession.model.get()),
            synthesizer: SpokenSession.daemonVoice, sink: session.sink, clock: clock))
        let events = EventLog()
        runtime.onEvent = { events.append($0.event) }
        let daemon = Daemon(runtime: runtime, capture: CaptureThread(source: capture, clock: clock), captureDevice: "flaky",
                            sink: session.sink, notifier: SystemdNotifier(environment: ["NOTIFY_SOCKET": listener.path]),
                            logger: .init(label: "test"))
        let done = DispatchSemaphore(value: 0)
        let box = UncheckedBox(daemon)
        let thread = Thread { _ = box.value.run(); done.signal() }
        thread.start()
        let deadline = Date(timeIntervalSinceNow: 60)
        while Date() < deadline, !events.snapshot.contains(.state(.orientationPlaying, lessonID: "bf01_lesson_01", segment: 1)) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        runtime.stopFlag.raise()
        capture.stop()
        #expect(done.wait(timeout: .now() + 10) == .success, "the daemon stops")
        let heard = events.snapshot.intents
        #expect(microphone.opens >= 3, "lost, refused twice, reopened")
        #expect(heard == [.command(.beginLesson)], "the command after the outage is heard: \(heard)")
        let messages = listener.messages()
        #expect(messages.first { $0.hasPrefix("READY=1") } != nil)
        #expect(messages.contains("WATCHDOG=1"))
        #expect(messages.last?.hasPrefix("STOPPING=1") == true)
        #expect(try session.store.savedSession()?.state.resumePoint == .lessonLoaded || (try session.store.savedSession())?.state == .readingReady)
    }

    @Test func anHourOfSilenceAndAnHourOfNoiseKeepMemoryFlat() throws {
        // The recording sink would keep every reply; this test is about the runtime.
        let session = try SpokenSession(recording: false)
        session.start()
        let chunk = 1600
        let silence = [Int16](repeating: 0, count: chunk)
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<(chunk * 50)).map { _ in Int16.random(in: -400...400, using: &generator) }
        func feed(minutes: Int, _ samples: (Int) -> [Int16]) {
            for index in 0..<(minutes * 600) { session.runtime.hear(samples(index)) }
        }
        // Warm up both paths (silence, and noise the recogniser decodes and suppresses) so
        // what is measured after is growth, not code and buffers used for the first time.
        let noisy = { (index: Int) in Array(noise[(index % 50) * chunk..<((index % 50) + 1) * chunk]) }
        feed(minutes: 5, { _ in silence })
        feed(minutes: 5, noisy)
        feed(minutes: 1, { _ in silence })
        let warm = residentKilobytes()
        feed(minutes: 55, { _ in silence })
        let afterSilence = residentKilobytes()
        feed(minutes: 60, noisy)
        let afterNoise = residentKilobytes()
        #expect(session.conversation.events.map(\.event).said.isEmpty, "noise is never answered")
        #expect(afterSilence - warm < 4096, "silence: \(warm) -> \(afterSilence) kB")
        #expect(afterNoise - warm < 4096, "noise: \(warm) -> \(afterNoise) kB")
        #expect(session.runtime.state == .idle)
    }

    private func residentKilobytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
}

/// Hands the daemon (used by one thread at a time) to the thread that runs it.
final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// Events collected from another thread.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [RuntimeEvent] = []
    func append(_ event: RuntimeEvent) { lock.lock(); events.append(event); lock.unlock() }
    var snapshot: [RuntimeEvent] { lock.lock(); defer { lock.unlock() }; return events }
}

/// A microphone that delivers `before`, is unplugged (-ENODEV), refuses to open twice,
/// then comes back and delivers `after`, then silence; paced at ten times real time.
final class FlakyMicrophone: @unchecked Sendable {
    private let lock = NSLock()
    private var phase = 0
    private(set) var opens = 0
    private var refusals = 0
    private let before: [Int16]
    private let after: [Int16]

    init(before: [Int16], after: [Int16]) {
        self.before = before
        self.after = after
    }

    func open() throws(AudioError) -> ALSACapture {
        lock.lock(); defer { lock.unlock() }
        opens += 1
        if phase == 1 {
            if refusals < 2 { refusals += 1; throw .device(name: "flaky", reason: "no such device") }
            phase = 2
            return ALSACapture(pcm: Stream(samples: after, thenLose: false))
        }
        if phase == 0 { phase = 1; return ALSACapture(pcm: Stream(samples: before, thenLose: true)) }
        return ALSACapture(pcm: Stream(samples: [], thenLose: false))
    }

    final class Stream: CapturePCM {
        let deviceName = "flaky"
        private let samples: [Int16]
        private let thenLose: Bool
        private var position = 0

        init(samples: [Int16], thenLose: Bool) {
            self.samples = samples
            self.thenLose = thenLose
        }

        func readFrames(into buffer: UnsafeMutableBufferPointer<Int16>) -> Int {
            usleep(UInt32(buffer.count * 1_000_000 / 16_000 / 10))
            if position >= samples.count {
                if thenLose { return -Int(ENODEV) }
                for index in buffer.indices { buffer[index] = 0 }
                return buffer.count
            }
            let count = min(buffer.count, samples.count - position)
            for index in 0..<count { buffer[index] = samples[position + index] }
            position += count
            return count
        }

        func recover(from code: Int) -> Int { code }
        func close() {}
    }
}

/// A datagram socket standing in for systemd's notify socket.
final class NotifyListener {
    let path: String
    private let descriptor: Int32

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString.prefix(8)).sock").path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw CocoaError(.fileWriteUnknown) }
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// Everything received so far.
    func messages() -> [String] {
        var received: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received.append(String(decoding: buffer[0..<count], as: UTF8.self))
        }
        return received
    }
}
