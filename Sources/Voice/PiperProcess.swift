import Foundation

/// Piper, running as the daemon's child: `python3 piper-voice.py --model M` loads the voice
/// once and turns each sentence written to it into 16-bit PCM (see `libexec/piper-voice.py`
/// for the protocol). Piper is GPL-3.0; it stays a separate program, out of the daemon's
/// link. Used from one thread at a time (``PiperNarrator`` holds a lock around it).
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

        public init(python: String, script: String, model: String, voiceFolders: [String], lengthScale: Double) {
            self.python = python
            self.script = script
            self.model = model
            self.voiceFolders = voiceFolders
            self.lengthScale = lengthScale
        }
    }

    /// Why Piper could not speak: its own words where it gave any.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public let sampleRate: Int
    /// The model file Piper loaded.
    public let modelPath: String
    private let process: Process
    private let input: FileHandle
    private let output: FileHandle
    private let errors = ErrorTail()

    /// Starts Piper and waits until the voice is loaded.
    public init(_ launch: Launch) throws(Failure) {
        // A child that dies must not take the daemon with it: writing to its closed pipe
        // is then an error, not SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        guard FileManager.default.isExecutableFile(atPath: launch.python) else {
            throw Failure(description: "no Python at \(launch.python) (scripts/setup.sh --piper installs Piper)")
        }
        guard FileManager.default.fileExists(atPath: launch.script) else {
            throw Failure(description: "no \(launch.script)")
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: launch.python)
        process.arguments = [launch.script, "--model", launch.model, "--length-scale", String(format: "%.3f", launch.lengthScale)]
            + launch.voiceFolders.flatMap { ["--voices", $0] }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading
        let tail = errors
        stderr.fileHandleForReading.readabilityHandler = { handle in tail.append(handle.availableData) }
        do { try process.run() } catch {
            throw Failure(description: "cannot start \(launch.python): \(error.localizedDescription)")
        }
        guard let line = try? Self.readLine(output),
              let header = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
              let rate = header["sample_rate"] as? Int, rate > 0
        else {
            process.waitUntilExit()
            throw Failure(description: "Piper did not start (\(errors.text(or: "exit status \(process.terminationStatus)")))")
        }
        sampleRate = rate
        modelPath = header["model"] as? String ?? launch.model
    }

    deinit { stop() }

    /// The child's process id (tests end it to see the daemon carry on).
    public var processIdentifier: Int32 { process.processIdentifier }

    /// The speech for one sentence.
    public func render(_ sentence: String) throws(Failure) -> [Int16] {
        guard process.isRunning else { throw Failure(description: "Piper is not running (\(ending(or: Failure(description: "it ended"))))") }
        guard let json = try? JSONSerialization.data(withJSONObject: sentence, options: [.fragmentsAllowed]) else {
            throw Failure(description: "the sentence cannot be encoded")
        }
        do {
            try input.write(contentsOf: json + Data([0x0A]))
            let count = try Self.read(4, from: output).withUnsafeBytes { Int(UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))) }
            let bytes = try Self.read(count, from: output)
            return bytes.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }.map { Int16(littleEndian: $0) }
        } catch {
            throw Failure(description: "Piper stopped mid-sentence (\(ending(or: error)))")
        }
    }

    /// How the child ended, when it has (a signal says more than its last words: SIGKILL is
    /// most often the memory cap); else its last line on stderr, or `error`.
    private func ending(or error: any Error) -> String {
        let deadline = Date(timeIntervalSinceNow: 0.5)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if !process.isRunning, process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            return "killed by signal \(signal)" + (signal == SIGKILL ? ", most often the service's MemoryMax" : "")
        }
        return errors.text(or: "\(error)")
    }

    /// Ends the child (its input closed, then terminated if it lingers).
    public func stop() {
        try? input.close()
        if process.isRunning { process.terminate() }
    }

    private struct EndOfOutput: Error {}

    private static func read(_ count: Int, from handle: FileHandle) throws -> Data {
        var data = Data()
        while data.count < count {
            guard let chunk = try handle.read(upToCount: count - data.count), !chunk.isEmpty else { throw EndOfOutput() }
            data += chunk
        }
        return data
    }

    private static func readLine(_ handle: FileHandle) throws -> Data {
        var line = Data()
        while true {
            let byte = try read(1, from: handle)
            if byte.first == 0x0A { return line }
            line += byte
        }
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
