import Audio
import Foundation
import Voice

/// Makes test audio: espeak-ng's voice at 16 kHz with half a second of silence around it.
///
/// Said by the `espeak-ng` program, a fresh process each time, not by the library in this
/// process: libespeak-ng 1.51 carries its pitch flutter's phase (a static in its wave
/// generator that nothing resets) from one synthesis to the next, so in one process the
/// same text comes out a little different after every other thing said before it, and
/// a test's audio would hang on which tests ran first.
public enum TestVoice {
    public static func audio(_ text: String, voice: String = "en-us", rateFactor: Double = 0.9) throws -> [Int16] {
        let configuration = SpeechConfiguration(voice: voice, rateFactor: rateFactor)
        if let problem = configuration.problem { throw TestVoiceError(reason: problem) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("test-voice-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["espeak-ng", "-v", voice, "-s", String(configuration.wordsPerMinute), "-w", file.path, "--", text]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestVoiceError(reason: "espeak-ng exited with \(process.terminationStatus) saying \"\(text)\"")
        }
        let reader = try WAVReader(file)
        var spoken: [Int16] = []
        while true {
            let block = try reader.read(maxFrames: AudioFormat.sampleRate)
            if block.isEmpty { break }
            spoken += block
        }
        let silence = [Int16](repeating: 0, count: AudioFormat.samples(milliseconds: 500))
        return silence + spoken + silence
    }
}

/// Why ``TestVoice`` made no audio.
public struct TestVoiceError: Error, CustomStringConvertible {
    public let reason: String
    public var description: String { "test voice: \(reason)" }
}
