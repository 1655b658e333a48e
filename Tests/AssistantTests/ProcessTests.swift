import Foundation
import GRDB
import Support
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The built `bible-course` as a process: killed with SIGKILL mid-lesson and restarted,
/// the daemon under a notify socket stopped with SIGTERM, and `recognize` refusing flags.
@Suite("The daemon as a process", .serialized)
struct ProcessTests {
    static let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("bible-course")

    /// Runs `arguments`, output to `log`; returns the process.
    private func launch(_ arguments: [String], log: URL, environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        try process.run()
        return process
    }

    private func wait(_ process: Process, seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return !process.isRunning
    }

    /// Integrity, and each lesson's completion time.
    private func inspect(_ database: URL) throws -> (integrity: String, completed: [String: String], rows: Int, sessions: Int) {
        let queue = try DatabaseQueue(path: database.path)
        return try queue.read { db in
            let integrity = try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? ""
            var completed: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT lesson_id, completed_at FROM user_progress WHERE completed = 1") {
                completed[row["lesson_id"]] = row["completed_at"]
            }
            let rows = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM user_progress") ?? 0
            let sessions = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM session_state") ?? 0
            return (integrity, completed, rows, sessions)
        }
    }

    /// Killed (SIGKILL) as soon as the demo has announced `killPoint`, the moment that
    /// matters: mid-lesson with the review question asked (its answer not yet given), and
    /// right after the lesson's completion was saved. The same two points every run.
    @Test(arguments: ["state QUESTION_ASKED (bf01_lesson_01)", "state SESSION_COMPLETE (bf01_lesson_01)"])
    func killedMidLessonAndRestartedNothingIsLostOrDoubled(killPoint: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build bible-course first")
        _ = try SpokenSession.model.get()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("kill-\(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: state) }
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let modelSource = FileManager.default.temporaryDirectory.appendingPathComponent("bible-course-assistant-tests/model")
        try? FileManager.default.copyItem(at: modelSource, to: state.appendingPathComponent("model"))
        let arguments = ["demo", "--no-lookup", "--state-dir", state.path, "--output", state.appendingPathComponent("session.wav").path]

        let firstLogFile = state.appendingPathComponent("first.log")
        let first = try launch(arguments, log: firstLogFile)
        let deadline = Date(timeIntervalSinceNow: 300)
        while first.isRunning, Date() < deadline,
              !((try? String(contentsOf: firstLogFile, encoding: .utf8))?.contains(killPoint) ?? false) {
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(first.isRunning, "the demo ended before \(killPoint)")
        kill(first.processIdentifier, SIGKILL)
        #expect(wait(first, seconds: 10))
        let firstLog = (try? String(contentsOf: state.appendingPathComponent("first.log"), encoding: .utf8)) ?? ""
        let database = state.appendingPathComponent("progress.db")
        let before = try inspect(database)
        #expect(before.integrity == "ok")
        #expect(before.sessions <= 1)
        #expect(firstLog.contains(killPoint))
        if killPoint.contains("SESSION_COMPLETE") {
            #expect(before.completed["bf01_lesson_01"] != nil, "a completion announced before the kill is on disk")
        } else {
            #expect(before.completed.isEmpty)
        }

        let second = try launch(arguments, log: state.appendingPathComponent("second.log"))
        #expect(wait(second, seconds: 300), "the restarted demo finishes")
        let secondLog = (try? String(contentsOf: state.appendingPathComponent("second.log"), encoding: .utf8)) ?? ""
        #expect(second.terminationStatus == 0, "killed at \(killPoint); restart:\n\(secondLog.suffix(1500))")
        let after = try inspect(database)
        #expect(after.integrity == "ok")
        #expect(after.completed.count == before.completed.count + 1, "exactly one more lesson complete: \(before.completed) -> \(after.completed)")
        for (lesson, time) in before.completed {
            #expect(after.completed[lesson] == time, "\(lesson) was not completed again")
        }
        #expect(after.rows == after.completed.count, "one progress row per lesson")
    }

    @Test func sigtermStopsTheDaemonCleanlyWithNotifyMessages() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build bible-course first")
        _ = try SpokenSession.model.get()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: state) }
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try? FileManager.default.copyItem(at: FileManager.default.temporaryDirectory.appendingPathComponent("bible-course-assistant-tests/model"),
                                          to: state.appendingPathComponent("model"))
        let listener = try NotifyListener()
        let process = try launch(
            ["run", "--state-dir", state.path, "--capture-device", "null", "--playback-device", "null", "--log-level", "debug"],
            log: state.appendingPathComponent("run.log"), environment: ["NOTIFY_SOCKET": listener.path, "WATCHDOG_USEC": "1000000"])
        var messages: [String] = []
        let deadline = Date(timeIntervalSinceNow: 30)
        while Date() < deadline, !messages.contains(where: { $0.hasPrefix("READY=1") }) {
            messages += listener.messages()
        }
        #expect(messages.contains { $0.hasPrefix("READY=1") })
        Thread.sleep(forTimeInterval: 0.6)
        kill(process.processIdentifier, SIGTERM)
        #expect(wait(process, seconds: 10))
        #expect(process.terminationStatus == 0)
        #expect(process.terminationReason == .exit)
        messages += listener.messages()
        #expect(messages.contains("WATCHDOG=1"))
        #expect(messages.last?.hasPrefix("STOPPING=1") == true)
        let log = (try? String(contentsOf: state.appendingPathComponent("run.log"), encoding: .utf8)) ?? ""
        #expect(log.contains("SIGTERM: stopping"))
        #expect(log.contains("session saved"))
        // Once listening, the pages only start-up needed are given back (StartupMemory).
        let released = log.split(separator: "\n").first { $0.contains("start-up pages released: ") }
            .flatMap { $0.components(separatedBy: "start-up pages released: ").last?.split(separator: " ").first }
            .flatMap { Int($0) }
        #expect((released ?? 0) > 0, "start-up pages released: \(String(describing: released)) kB")
    }

    /// `recognize` with a setting out of range stops before decoding anything and says which
    /// flag, key and value, as the config file does for
    /// its keys: the same checks in one place.
    @Test(arguments: [
        (["--suppress-noise-below-db", "101"], "--suppress-noise-below-db: bad value for `suppress_noise_below_db`: 101"),
        (["--minimum-confidence", "2"], "--minimum-confidence: bad value for `minimum_confidence`: 2"),
        (["--garbage-weight", "1.5"], "--garbage-weight: bad value for `garbage_weight`: 1.5 (expected a number from 0 to 0.999999)"),
        (["--trailing-silence-ms", "50"], "--trailing-silence-ms: bad value for `trailing_silence_ms`: 50"),
    ])
    func recognizeRefusesSettingsOutOfRange(flags: [String], message: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build bible-course first")
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("recognize-\(UUID().uuidString.prefix(6)).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let process = try launch(["recognize", "--json"] + flags + ["/nonexistent.wav"], log: log)
        #expect(wait(process, seconds: 30))
        #expect(process.terminationStatus != 0)
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(output.contains(message), "\(output)")
    }

    /// Runs `arguments` to the end (at most `seconds`); its status and everything it wrote.
    private func runToEnd(_ arguments: [String], seconds: Double = 60,
                          environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build bible-course first")
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString.prefix(6)).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let process = try launch(arguments, log: log, environment: environment)
        #expect(wait(process, seconds: seconds), "\(arguments) ends")
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    /// A course that cannot be taught stops the daemon before READY, and `doctor` says the
    /// same line.
    @Test func aCourseThatCannotBeTaughtStopsTheDaemonAndDoctorSaysWhy() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: state) }
        let line = "course \"no-such-course\" cannot be taught: course file "
        let run = try runToEnd(["run", "--course", "no-such-course", "--state-dir", state.path, "--capture-file", "/nonexistent.wav"])
        #expect(run.status != 0)
        #expect(run.output.contains(line), "\(run.output)")
        #expect(!run.output.contains("ready"), "\(run.output)")
        let doctor = try runToEnd(["doctor", "--course", "no-such-course", "--state-dir", state.path])
        #expect(doctor.status != 0)
        #expect(doctor.output.contains("FAIL " + line), "\(doctor.output)")
    }

    /// A default state directory that is a symbolic link is refused until it is named.
    @Test func aLinkedDefaultStateDirectoryIsUsedOnlyWhenNamed() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("home-\(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: home) }
        let elsewhere = home.appendingPathComponent("elsewhere")
        let state = home.appendingPathComponent(".local/share/bible-course")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: state.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: state, withDestinationURL: elsewhere)
        let environment = ["HOME": home.path, "XDG_DATA_HOME": "", "STATE_DIRECTORY": ""]
        let refused = try runToEnd(["progress", "reset"], environment: environment)
        #expect(refused.status != 0)
        #expect(refused.output.contains("\(state.path) is a symbolic link"), "\(refused.output)")
        let named = try runToEnd(["progress", "reset", "--state-dir", state.path], environment: environment)
        #expect(named.status == 0, "\(named.output)")
    }

    /// A file that is not audio is named once, by every command that reads recordings.
    @Test(arguments: [["listen"], ["recognize"], ["simulate", "--utterances"]])
    func aBadRecordingIsNamedOnce(command: [String]) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-audio-\(UUID().uuidString.prefix(6)).wav")
        try Data("not audio at all".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try runToEnd(command + [file.path])
        #expect(result.status != 0)
        #expect(result.output.components(separatedBy: file.path).count - 1 == 1, "\(result.output)")
        #expect(result.output.contains("not a RIFF/WAVE file"), "\(result.output)")
    }

    /// One session at a time on a state directory: while a text session holds it, a second
    /// session and `progress reset` exit non-zero naming the process; `progress show` still
    /// reads; once the first has ended, the directory is free.
    @Test func aSecondSessionOnTheStateDirectoryIsRefused() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        let first = Process()
        first.executableURL = Self.executable
        first.arguments = ["session", "--state-dir", state.path]
        let input = Pipe()
        first.standardInput = input
        first.standardOutput = FileHandle.nullDevice
        try first.run()
        defer { if first.isRunning { first.terminate() } }
        let lock = state.appendingPathComponent("session.lock")
        let deadline = Date(timeIntervalSinceNow: 20)
        while (try? String(contentsOf: lock, encoding: .utf8))?.isEmpty ?? true, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let holder = "in use by pid \(first.processIdentifier) (bible-course session)"
        let second = try runToEnd(["session", "--state-dir", state.path])
        #expect(second.status != 0)
        #expect(second.output.contains(holder), "\(second.output)")
        let reset = try runToEnd(["progress", "reset", "--state-dir", state.path])
        #expect(reset.status != 0)
        #expect(reset.output.contains(holder), "\(reset.output)")
        #expect(try runToEnd(["progress", "show", "--state-dir", state.path]).status == 0)
        try input.fileHandleForWriting.close()
        #expect(wait(first, seconds: 20))
        let after = try runToEnd(["progress", "reset", "--state-dir", state.path])
        #expect(after.status == 0, "\(after.output)")
    }

    /// A progress.db with a garbage header: `progress show` names it damaged and leaves it,
    /// `progress reset` keeps it aside and starts over.
    @Test func aDamagedProgressDatabaseIsShownAndReset() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        let database = state.appendingPathComponent("progress.db")
        try Data(repeating: 0x42, count: 4096).write(to: database)
        let show = try runToEnd(["progress", "show", "--state-dir", state.path])
        #expect(show.status != 0)
        #expect(show.output.contains("\(database.path) is damaged"), "\(show.output)")
        let reset = try runToEnd(["progress", "reset", "--state-dir", state.path])
        #expect(reset.status == 0, "\(reset.output)")
        #expect(reset.output.contains("kept as \(database.path).corrupt-"), "\(reset.output)")
        let after = try runToEnd(["progress", "show", "--state-dir", state.path])
        #expect(after.status == 0, "\(after.output)")
        #expect(after.output.contains("session: IDLE"), "\(after.output)")
    }

    /// `model build --listen`, as scripts/install.sh runs it before the service starts:
    /// both models built once and then reused; a forced rebuild that cannot finish (no
    /// Bible to build from) says why and leaves listen's model as it was.
    @Test func modelBuildBuildsListensModelAndAFailedRebuildKeepsIt() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.executable.path), "build bible-course first")
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("model-build-\(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: state) }
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        func build(_ extra: [String], log name: String) throws -> (status: Int32, output: String) {
            let log = state.appendingPathComponent(name)
            let process = try launch(["model", "build", "--listen", "--state-dir", state.path] + extra, log: log)
            #expect(wait(process, seconds: 600))
            return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
        }
        let first = try build([], log: "first.log")
        #expect(first.status == 0, "\(first.output)")
        #expect(first.output.contains("domain model (listen): \(state.path)/domain-model"), "\(first.output)")
        #expect(first.output.contains("rebuilt (no compiled model yet)"), "\(first.output)")
        let domain = state.appendingPathComponent("domain-model")
        let files = try FileManager.default.contentsOfDirectory(atPath: domain.path).sorted()
        #expect(files.contains("manifest.json"))
        let before = try files.map { try Data(contentsOf: domain.appendingPathComponent($0)) }

        let second = try build([], log: "second.log")
        #expect(second.status == 0)
        #expect(second.output.components(separatedBy: "reused (current").count == 3, "\(second.output)")

        let missing = state.appendingPathComponent("no-such-bible.db").path
        let failed = try build(["--force", "--bible", missing], log: "failed.log")
        #expect(failed.status != 0)
        #expect(failed.output.contains("cannot build listen's domain model") && failed.output.contains(missing), "\(failed.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: domain.path).sorted() == files)
        #expect(try files.map { try Data(contentsOf: domain.appendingPathComponent($0)) } == before)
    }

    /// The `Environment=` of the unit (systemd/bible-course.service).
    static func unitEnvironment() throws -> [String: String] {
        let unit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("systemd/bible-course.service")
        var environment: [String: String] = [:]
        for line in try String(contentsOf: unit, encoding: .utf8).split(separator: "\n") where line.hasPrefix("Environment=") {
            let assignment = line.dropFirst("Environment=".count)
            guard let equals = assignment.firstIndex(of: "=") else { continue }
            environment[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
        }
        return environment
    }

    /// A crash under the unit's environment ends the process (so systemd restarts it): a
    /// SIGSEGV is not caught and carried on from.
    @Test func aCrashEndsTheProcess() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: state) }
        var environment = try Self.unitEnvironment()
        environment["HOME"] = state.path
        let session = Process()
        session.executableURL = Self.executable
        session.arguments = ["session", "--state-dir", state.path]
        session.environment = ProcessInfo.processInfo.environment.merging(environment) { _, unit in unit }
        let input = Pipe(), output = Pipe()
        session.standardInput = input
        session.standardOutput = output
        session.standardError = FileHandle.nullDevice
        try session.run()
        defer { if session.isRunning { kill(session.processIdentifier, SIGKILL) } }
        // Once it has said its first state, it waits on its input.
        _ = output.fileHandleForReading.availableData
        kill(session.processIdentifier, SIGSEGV)
        #expect(wait(session, seconds: 10), "the crashed process ended")
        #expect(session.terminationReason == .uncaughtSignal && session.terminationStatus == SIGSEGV)
    }

    /// A small disk of its own (tmpfs), for what a full disk does; nil where this process
    /// may not mount one (not root, no CAP_SYS_ADMIN).
    static func smallDisk(kilobytes: Int) -> URL? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("small-disk-\(UUID().uuidString.prefix(6))")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", folder.path]
        mount.standardError = FileHandle.nullDevice
        guard (try? mount.run()) != nil else { return nil }
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else {
            try? FileManager.default.removeItem(at: folder)
            return nil
        }
        return folder
    }

    static let canMount: Bool = {
        guard let disk = smallDisk(kilobytes: 64) else { return false }
        unmount(disk)
        return true
    }()

    static func unmount(_ disk: URL) {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [disk.path]
        try? umount.run()
        umount.waitUntilExit()
        try? FileManager.default.removeItem(at: disk)
    }

    /// A full disk: a model that cannot be built whole leaves the old one, a session that
    /// cannot open its progress says the disk is full and exits non-zero, and `progress
    /// show` reads what is there.
    @Test(.enabled(if: ProcessTests.canMount, "needs to mount a small tmpfs (root)"))
    func aFullDiskIsNamedAndLosesNothing() throws {
        let disk = try #require(Self.smallDisk(kilobytes: 8192))
        defer { Self.unmount(disk) }
        let state = disk.appendingPathComponent("state")
        let built = try runToEnd(["model", "build", "--state-dir", state.path])
        #expect(built.status == 0, "\(built.output)")
        let model = state.appendingPathComponent("model")
        let files = try FileManager.default.contentsOfDirectory(atPath: model.path).sorted()
        let before = try files.map { try Data(contentsOf: model.appendingPathComponent($0)) }
        // Leave 100 KB: less than the model, less than DiskSpace.nearlyFull.
        let free = try #require(DiskSpace.available(at: disk))
        try Data(count: free - 100 * 1024).write(to: disk.appendingPathComponent("filler"))

        let rebuilt = try runToEnd(["model", "build", "--force", "--state-dir", state.path])
        #expect(rebuilt.status != 0)
        #expect(rebuilt.output.contains("is full") && rebuilt.output.contains("the model there is as it was"), "\(rebuilt.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: model.path).sorted() == files)
        #expect(try files.map { try Data(contentsOf: model.appendingPathComponent($0)) } == before)

        let session = try runToEnd(["session", "--state-dir", state.path])
        #expect(session.status != 0)
        #expect(session.output.contains("the disk holding \(state.path) is full"), "\(session.output)")
        let show = try runToEnd(["progress", "show", "--state-dir", state.path])
        #expect(show.status == 0, "\(show.output)")
    }

    /// `voice render` with Piper fills the cache the daemon and `doctor` read; a second run
    /// renders nothing; a changed pronunciation renders again the sentences that say it.
    @Test func voiceRenderFillsTheCacheOnceAndAChangedPronunciationRendersItsSentenceAgain() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("voice-\(UUID().uuidString.prefix(6))")
        defer { try? FileManager.default.removeItem(at: root) }
        let lessons = root.appendingPathComponent("curriculum/courses/tc/lessons")
        try FileManager.default.createDirectory(at: lessons, withIntermediateDirectories: true)
        func write(_ object: Any, _ path: String) throws {
            try JSONSerialization.data(withJSONObject: object).write(to: root.appendingPathComponent(path))
        }
        try write(["course_id": "tc", "title": "Test", "description": "One lesson.", "lessons": ["tc_01"]], "curriculum/courses/tc/course.json")
        try write(["categories": [["name": "comfort", "phrases": ["don't worry"]]]], "curriculum/forbidden-phrases.json")
        let scripts = ["orientation": "This lesson meets Melchizedek.", "reading": "The reading follows.", "context": "Abram returns.",
                       "analysis": "A king blesses him.", "themes": "Blessing.", "question": "Who blesses Abram?", "close": "Done."]
        let segments: [[String: Any]] = ["orientation", "reading", "context", "analysis", "themes", "question", "close"].map { type in
            var segment: [String: Any] = ["type": type, "audio_script": scripts[type]!]
            if type == "reading" { segment["passage"] = "Genesis 14:18" }
            if type == "question" { segment["correct_answer"] = "Melchizedek"; segment["acceptable_variants"] = ["the king"] }
            return segment
        }
        try write(["lesson_id": "tc_01", "course_id": "tc", "sequence": 1, "title": "Lesson 1", "objective": "Meet him.",
                   "prerequisite": NSNull(), "segments": segments], "curriculum/courses/tc/lessons/tc_01.json")
        let pronunciations = root.appendingPathComponent("pronunciations.tsv")
        let authored = try String(contentsOf: SpokenSession.checkout.appendingPathComponent("Models/pronunciations.tsv"), encoding: .utf8)
        try authored.write(to: pronunciations, atomically: true, encoding: .utf8)
        let common = ["--voice", "piper:en_US-joe-medium", "--curriculum", root.appendingPathComponent("curriculum").path,
                      "--course", "tc", "--state-dir", root.appendingPathComponent("state").path, "--pronunciations", pronunciations.path,
                      "--bible", SpokenSession.checkout.appendingPathComponent("Models/Bible.db").path]
        func rendered(_ output: String) -> Int? {
            guard let range = output.range(of: #"rendered (\d+) now"#, options: .regularExpression) else { return nil }
            return Int(output[range].split(separator: " ")[1])
        }

        let first = try runToEnd(["voice", "render"] + common, seconds: 300)
        #expect(first.status == 0, "\(first.output)")
        let count = try #require(rendered(first.output), "\(first.output)")
        #expect(count > 20, "the lesson's sentences and the fixed replies: \(first.output)")
        let second = try runToEnd(["voice", "render"] + common, seconds: 120)
        #expect(rendered(second.output) == 0, "\(second.output)")
        let doctor = try runToEnd(["doctor"] + common, seconds: 120)
        #expect(doctor.output.contains("\(count) of the course's \(count) fixed sentences rendered"), "\(doctor.output)")
        #expect(doctor.output.contains("ok   voice piper:en_US-joe-medium: Piper ("), "Piper loads: \(doctor.output)")
        let gone = try runToEnd(["doctor"] + common, seconds: 120, environment: ["BIBLE_COURSE_PIPER_PYTHON": "/nonexistent/python3"])
        #expect(gone.output.contains("espeak-ng (en-us) would speak instead"), "the fallback named: \(gone.output)")
        // The daemon's own session, Piper gone: the whole lesson comes from the cache.
        let output = root.appendingPathComponent("session.wav")
        let demo = try runToEnd(["demo", "--no-lookup", "--output", output.path] + common, seconds: 300,
                                environment: ["BIBLE_COURSE_PIPER_PYTHON": "/nonexistent/python3"])
        #expect(demo.status == 0, "\(demo.output)")
        #expect(!demo.output.contains("espeak-ng (en-us) speaks instead"), "nothing fixed needed Piper: \(demo.output)")

        // Melchizedek said another way: the orientation, the answer said back and the reading
        // (Genesis 14:18 names him) change; nothing else does.
        try authored.replacingOccurrences(of: "melchizedek\txsampa\tmEl\"kIz@dEk", with: "melchizedek\txsampa\tmEl\"tSIz@dEk")
            .write(to: pronunciations, atomically: true, encoding: .utf8)
        let third = try runToEnd(["voice", "render"] + common, seconds: 120)
        #expect(third.status == 0, "\(third.output)")
        #expect(rendered(third.output) == 3, "only the sentences that say Melchizedek: \(third.output)")
    }
}
