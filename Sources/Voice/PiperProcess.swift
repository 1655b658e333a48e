import Foundation

/// Piper, running as the daemon's child: `python3 piper-voice.py --model M` loads the voice
/// once and turns each sentence written to it into 16-bit PCM (see `libexec/piper-voice.py`
/// for the protocol). Piper is GPL-3.0; it stays a separate program, out of the daemon's
/// link.
///
/// The child is not trusted: every wait on it is bounded and everything it sends is checked
/// against ``Limits`` before it is kept, and a child that breaks them (stopped, silent, or
/// writing what is not the protocol) is killed, so the caller can start a new one. Renders
/// from one thread at a time; ``stop()`` may come from any thread and ends a render in
/// progress at once.
public final class PiperProcess: @unchecked Sendable {
    /// How to start it.
    public struct Launch: Sendable, Hashable {
        /// The Python that has PyPI `piper-tts` (a venv's `bin/python3`).
        public var python: String
        /// `piper-voice.py`.
        public var script: String
        /// The model's name (`en_US-joe-medium`) or an `.onnx` path.
        public var model: String
        /// Folders holding `<model>.onnx` and its `.onnx.json`.
        public var voiceFolders: [String]
        /// Piper's length scale: above 1 is slower.
        public var lengthScale: Double
        /// onnxruntime's threads for one rendering; 0: its own choice (one per core).
        public var threads: Int
        /// How much lower the child's priority is than the daemon's (`nice`); 0: the same.
        public var niceness: Int

        public init(python: String, script: String, model: String, voiceFolders: [String], lengthScale: Double,
                    threads: Int = 0, niceness: Int = 0) {
            self.python = python
            self.script = script
            self.model = model
            self.voiceFolders = voiceFolders
            self.lengthScale = lengthScale
            self.threads = threads
            self.niceness = niceness
        }
    }

    /// What the child may take and send before it is killed. The defaults leave a slow
    /// machine room (a Pi loading the voice while the daemon starts) and refuse what no
    /// sentence needs.
    public struct Limits: Sendable, Hashable {
        /// How long loading the voice may take, until the first line.
        public var start: Duration
        /// How long one piece may take to render: a piece is at most
        /// `SentenceSplitter.longestPiece` characters, a second or two of work.
        public var sentence: Duration
        /// The most speech one piece may be, in seconds: a piece of the longest length said
        /// at the slowest rate is well under a minute; more is not speech but a child
        /// writing what it should not.
        public var longestSpeech: Double

        /// The longest first line (the header) the child may write, in bytes.
        public static let headerBytes = 4096
        /// The sample rates a voice may have.
        public static let sampleRates = 8000...48000

        public init(start: Duration = .seconds(60), sentence: Duration = .seconds(30), longestSpeech: Double = 60) {
            self.start = start
            self.sentence = sentence
            self.longestSpeech = longestSpeech
        }
    }

    /// Why Piper could not speak: its own words where it gave any.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public let sampleRate: Int
    /// The model file Piper loaded.
    public let modelPath: String
    public let limits: Limits
    private let process: Process
    private let input: FileHandle
    private let output: ChildOutput
    private let errors = ErrorTail()

    /// Starts Piper and waits until the voice is loaded (at most `limits.start`).
    public init(_ launch: Launch, limits: Limits = Limits()) throws(Failure) {
        // A child that dies must not take the daemon with it: writing to its closed pipe
        // is then an error, not SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        guard FileManager.default.isExecutableFile(atPath: launch.python) else {
            throw Failure(description: "no Python at \(launch.python) (scripts/setup.sh --piper installs Piper)")
        }
        guard FileManager.default.fileExists(atPath: launch.script) else {
            throw Failure(description: "no \(launch.script)")
        }
        self.limits = limits
        process = Process()
        process.executableURL = URL(fileURLWithPath: launch.python)
        process.arguments = [launch.script, "--model", launch.model, "--length-scale", String(format: "%.3f", launch.lengthScale),
                             "--threads", String(launch.threads), "--nice", String(launch.niceness)]
            + launch.voiceFolders.flatMap { ["--voices", $0] }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        input = stdin.fileHandleForWriting
        output = ChildOutput(stdout.fileHandleForReading)
        let tail = errors
        stderr.fileHandleForReading.readabilityHandler = { handle in tail.append(handle.availableData) }
        do { try process.run() } catch {
            throw Failure(description: "cannot start \(launch.python): \(error.localizedDescription)")
        }
        let header: [String: Any]
        do {
            let line = try output.line(longest: Limits.headerBytes, by: .now + limits.start)
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
                throw ChildOutput.Violation(description: "its first line is not its header: \(Self.quoted(line))")
            }
            header = object
        } catch let violation as ChildOutput.Violation {
            throw Self.failure("Piper did not start", violation, in: limits.start, process, errors)
        } catch {
            throw Self.failure("Piper did not start", ChildOutput.Violation(description: "\(error)"), in: limits.start, process, errors)
        }
        guard let rate = header["sample_rate"] as? Int, Limits.sampleRates.contains(rate) else {
            Self.kill(process)
            throw Failure(description: "Piper did not start: its header gives no sample rate from \(Limits.sampleRates.lowerBound) to \(Limits.sampleRates.upperBound) Hz")
        }
        sampleRate = rate
        modelPath = header["model"] as? String ?? launch.model
    }

    deinit { Self.kill(process) }

    /// The child's process id (tests end it to see the daemon carry on).
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the child is still running.
    public var isRunning: Bool { process.isRunning }

    /// The speech for one sentence, within `limits.sentence`.
    public func render(_ sentence: String) throws(Failure) -> [Int16] {
        guard process.isRunning else { throw Failure(description: "Piper is not running (\(Self.ending(process, errors, or: "it ended")))") }
        guard let json = try? JSONSerialization.data(withJSONObject: sentence, options: [.fragmentsAllowed]) else {
            throw Failure(description: "the sentence cannot be encoded")
        }
        let deadline = ContinuousClock.now + limits.sentence
        do {
            try input.write(contentsOf: json + Data([0x0A]))
            let count = try output.bytes(4, by: deadline).withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))) }
            let most = Int(limits.longestSpeech * Double(sampleRate)) * 2
            guard count <= most, count % 2 == 0 else {
                throw ChildOutput.Violation(description: "it announced \(count) bytes of speech for one sentence, "
                                            + (count % 2 == 0 ? "more than \(Int(limits.longestSpeech)) s" : "not whole 16-bit samples"))
            }
            let bytes = try output.bytes(count, by: deadline)
            return bytes.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }.map { Int16(littleEndian: $0) }
        } catch let violation as ChildOutput.Violation {
            throw Self.failure("Piper failed mid-sentence", violation, in: limits.sentence, process, errors)
        } catch {
            throw Self.failure("Piper stopped mid-sentence", ChildOutput.Violation(description: "\(error)"), in: limits.sentence, process, errors)
        }
    }

    /// Kills the child (it may be stopped, so SIGKILL) and names what it did: the broken
    /// bound, or how it ended when it ended by itself.
    private static func failure(_ what: String, _ violation: ChildOutput.Violation, in wait: Duration,
                                _ process: Process, _ errors: ErrorTail) -> Failure {
        switch violation.kind {
        case .ended:
            return Failure(description: "\(what) (\(ending(process, errors, or: violation.description)))")
        case .timedOut:
            kill(process)
            return Failure(description: "\(what): no answer within \(wait); it was killed")
        case .broken:
            kill(process)
            return Failure(description: "\(what): \(violation.description); it was killed")
        }
    }

    /// How the child ended, when it has (a signal says more than its last words: SIGKILL is
    /// most often the memory cap); else its last line on stderr, or `otherwise`.
    private static func ending(_ process: Process, _ errors: ErrorTail, or otherwise: String) -> String {
        let deadline = Date(timeIntervalSinceNow: 0.5)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if !process.isRunning, process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            return "killed by signal \(signal)" + (signal == SIGKILL ? ", most often the service's MemoryMax" : "")
        }
        return errors.text(or: otherwise)
    }

    /// Ends the child at once, whatever it is doing (a render waiting on it fails).
    public func stop() { Self.kill(process) }

    private static func kill(_ process: Process) {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }

    /// Up to 60 bytes of `line` as text, for a message.
    private static func quoted(_ line: [UInt8]) -> String {
        "\"" + String(decoding: line.prefix(60), as: UTF8.self) + (line.count > 60 ? "..." : "") + "\""
    }

    /// The last of what Piper wrote to stderr.
    private final class ErrorTail: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()

        func append(_ more: Data) {
            lock.withLock {
                data += more
                if data.count > 2048 { data = data.suffix(2048) }
            }
        }

        func text(or otherwise: String) -> String {
            let text = lock.withLock { String(decoding: data, as: UTF8.self) }
                .split(separator: "\n").last.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
            return text.isEmpty ? otherwise : text
        }
    }
}

/// The child's standard output, read with a deadline on every wait (`poll`), never more
/// than asked for.
private final class ChildOutput {
    /// What the child did instead of the protocol.
    struct Violation: Error, CustomStringConvertible {
        enum Kind { case ended, timedOut, broken }
        var kind: Kind = .broken
        let description: String

        init(_ kind: Kind = .broken, description: String) {
            self.kind = kind
            self.description = description
        }
    }

    private let handle: FileHandle
    /// Read and not yet taken.
    private var pending: [UInt8] = []

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    /// The next line, without its newline; a violation when it is longer than `longest`.
    func line(longest: Int, by deadline: ContinuousClock.Instant) throws(Violation) -> [UInt8] {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                guard newline <= longest else { break }
                let line = Array(pending[..<newline])
                pending.removeFirst(newline + 1)
                return line
            }
            guard pending.count <= longest else { break }
            try fill(upTo: longest + 1 - pending.count, by: deadline)
        }
        throw Violation(description: "its first line is longer than \(longest) bytes: not a header")
    }

    /// Exactly `count` bytes.
    func bytes(_ count: Int, by deadline: ContinuousClock.Instant) throws(Violation) -> [UInt8] {
        while pending.count < count { try fill(upTo: count - pending.count, by: deadline) }
        let taken = Array(pending[..<count])
        pending.removeFirst(count)
        return taken
    }

    /// Reads what is there, at most `most` bytes (and at most 64 KiB at a time), waiting
    /// until `deadline` for anything.
    private func fill(upTo most: Int, by deadline: ContinuousClock.Instant) throws(Violation) {
        let fd = handle.fileDescriptor
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { throw Violation(.timedOut, description: "no answer in time") }
            var poll = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left / .milliseconds(1), Double(Int32.max)).rounded(.up))
            let ready = Glibc.poll(&poll, 1, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw Violation(description: "cannot wait for it: \(String(cString: strerror(errno)))")
            }
            if ready == 0 { continue }
            var buffer = [UInt8](repeating: 0, count: min(most, 65_536))
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw Violation(description: "cannot read it: \(String(cString: strerror(errno)))")
            }
            if count == 0 { throw Violation(.ended, description: "it ended") }
            pending += buffer[..<count]
            return
        }
    }
}
