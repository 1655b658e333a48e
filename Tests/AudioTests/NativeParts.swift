import Audio
import Foundation
import SpeechFixtures
#if canImport(Glibc)
import Glibc
#endif

/// One architecture's build of `native-parts.c` (the parts of bible-course that are not
/// Swift, driven as the Swift code drives them), compiled at test time into
/// `.build/native-parts/<architecture>/` with that architecture's libraries: natively on
/// x86_64, under `qemu-aarch64` for aarch64 (a Raspberry Pi's processor).
struct NativeParts {
    enum Architecture: String, CaseIterable {
        case x86_64, aarch64
    }

    let architecture: Architecture
    /// Where its harness and everything it writes are.
    let folder: URL
    private let harness: URL

    /// The en-us model pocketsphinx-en-us installs (architecture independent).
    static let pocketSphinxModel = "/usr/share/pocketsphinx/model/en-us"

    /// The C compiler for `architecture`.
    static func compiler(_ architecture: Architecture) -> String {
        architecture == .x86_64 ? "gcc" : "aarch64-linux-gnu-gcc"
    }

    /// DeepFilterNet3's library (its model beside it) and RNNoise's, from the pinned wheels
    /// scripts/setup.sh unpacks: `Models/` for this machine, `Models/aarch64/` for a Pi.
    static func libraries(_ architecture: Architecture) -> (deepFilter: URL, rnnoise: URL) {
        let models = Checkout.root.appendingPathComponent(architecture == .x86_64 ? "Models" : "Models/aarch64")
        return (models.appendingPathComponent("deepfilter/libdeepfilter.so"), models.appendingPathComponent("rnnoise/librnnoise.so"))
    }

    /// What this machine lacks to build and run `architecture`'s parts, each with what puts
    /// it there; empty when nothing is missing.
    static func missing(_ architecture: Architecture) -> [String] {
        #if !arch(x86_64)
        return ["an x86_64 machine (the comparison runs x86_64 natively and aarch64 under qemu)"]
        #else
        var missing: [String] = []
        func need(_ present: Bool, _ what: String) { if !present { missing.append(what) } }
        let exists = FileManager.default.fileExists(atPath:)
        let (deepFilter, rnnoise) = libraries(architecture)
        need(onPath(compiler(architecture)), "\(compiler(architecture)) (Debian \(architecture == .x86_64 ? "gcc" : "gcc-aarch64-linux-gnu, libc6-dev-arm64-cross"))")
        need(exists(deepFilter.path) && exists(deepFilter.deletingLastPathComponent().appendingPathComponent(DeepFilter.modelName).path),
             "\(deepFilter.path) and its model (scripts/setup.sh\(architecture == .aarch64 ? " with BIBLE_COURSE_TEST_VOICES=1" : ""))")
        need(exists(rnnoise.path), "\(rnnoise.path) (scripts/setup.sh\(architecture == .aarch64 ? " with BIBLE_COURSE_TEST_VOICES=1" : ""))")
        need(exists(pocketSphinxModel), "\(pocketSphinxModel) (Debian pocketsphinx-en-us)")
        if architecture == .aarch64 {
            need(onPath("qemu-aarch64"), "qemu-aarch64 (Debian qemu-user)")
            need(exists("/lib/ld-linux-aarch64.so.1") && exists("/usr/lib/aarch64-linux-gnu/libpocketsphinx.so.3")
                    && exists("/usr/lib/aarch64-linux-gnu/libespeak-ng.so.1"),
                 "Debian's arm64 libraries (dpkg --add-architecture arm64; apt-get install libpocketsphinx3:arm64 libsphinxbase3:arm64 libespeak-ng1:arm64)")
        }
        return missing
        #endif
    }

    private static func onPath(_ program: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
        }
    }

    /// The harness compiled for `architecture` into a fresh folder.
    init(_ architecture: Architecture) throws {
        self.architecture = architecture
        folder = Checkout.root.appendingPathComponent(".build/native-parts/\(architecture.rawValue)")
        harness = folder.appendingPathComponent("native-parts")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // -ffp-contract=off: the harness's own arithmetic gives the same bits on both.
        let source = Checkout.root.appendingPathComponent("Tests/AudioTests/native-parts.c").path
        _ = try Self.run([Self.compiler(architecture), "-O2", "-ffp-contract=off", "-o", harness.path, source, "-ldl", "-lm"])
    }

    /// What one run of the harness printed, and how long it took: wall and CPU seconds
    /// (qemu's own included).
    struct Run {
        let output: String
        let seconds: Double
        let cpuSeconds: Double
    }

    /// The harness run with `arguments` (under qemu-aarch64 for aarch64).
    func run(_ arguments: [String]) throws -> Run {
        try Self.run((architecture == .aarch64 ? ["qemu-aarch64"] : []) + [harness.path] + arguments)
    }

    /// `recordings` through `part` (`"deepfilter"`, `"rnnoise"` or `"resample"`): the
    /// cleaned recordings, in order, and the run.
    func clean(_ part: String, _ recordings: [URL]) throws -> (samples: [[Int16]], run: Run) {
        let out = folder.appendingPathComponent(part)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let (deepFilter, rnnoise) = Self.libraries(architecture)
        let library: [String] = switch part {
        case "deepfilter": [deepFilter.path, deepFilter.deletingLastPathComponent().appendingPathComponent(DeepFilter.modelName).path]
        case "rnnoise": [rnnoise.path]
        default: []
        }
        let run = try run([part] + library + [out.path] + recordings.map(\.path))
        let samples = try recordings.map { try WAVFile.read(out.appendingPathComponent($0.lastPathComponent)) }
        return (samples, run)
    }

    /// What PocketSphinx's stock en-us model heard in each recording.
    struct Heard: Equatable {
        let name: String
        let text: String
        let score: Int
    }

    func decode(_ recordings: [URL]) throws -> (heard: [Heard], run: Run) {
        let run = try run(["pocketsphinx", Self.pocketSphinxModel] + recordings.map(\.path))
        let heard = run.output.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Heard(name: fields[0], text: fields.count > 1 ? fields[1] : "", score: fields.count > 2 ? Int(fields[2]) ?? 0 : 0)
        }
        return (heard, run)
    }

    /// `text` said by espeak-ng's en-us voice: its sample rate and samples.
    func say(_ text: String) throws -> (rate: Int, samples: [Int16], run: Run) {
        let out = folder.appendingPathComponent("espeak.raw")
        let run = try run(["espeak", text, out.path])
        let fields = run.output.split(whereSeparator: \.isWhitespace)
        let data = try Data(contentsOf: out)
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        return (fields.first.flatMap { Int($0) } ?? 0, samples, run)
    }

    private static func run(_ command: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        // stdout through a pipe, stderr into a file: neither can fill and stall the other.
        let output = Pipe()
        let errorsFile = FileManager.default.temporaryDirectory.appendingPathComponent("native-parts-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorsFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorsFile) }
        let errors = try FileHandle(forWritingTo: errorsFile)
        defer { try? errors.close() }
        process.standardOutput = output
        process.standardError = errors
        var before = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &before)
        let started = Date()
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(started)
        var after = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &after)
        guard process.terminationStatus == 0 else {
            throw Failed(command: command.joined(separator: " "), status: process.terminationStatus,
                         stderr: (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? "")
        }
        func cpu(_ usage: rusage) -> Double {
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        }
        return Run(output: String(decoding: printed, as: UTF8.self), seconds: seconds, cpuSeconds: cpu(after) - cpu(before))
    }

    struct Failed: Error, CustomStringConvertible {
        let command: String
        let status: Int32
        let stderr: String
        var description: String { "\(command) exited \(status): \(stderr)" }
    }
}
