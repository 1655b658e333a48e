import ArgumentParser
import Audio
import Foundation
import Hearing

/// `bible-course bench denoise FILE.wav...`: what each stream cleaner costs in the daemon's
/// own path: one stream per cleaner, as the daemon keeps, fed every file in capture-sized
/// pieces, the process's processor time counted around `process` alone (setting the stream
/// up is counted apart). Run it pinned to one core (`taskset -c 0`) for one core's cost.
struct BenchDenoiseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "denoise")

    @Argument(help: "16 kHz mono WAV files.")
    var files: [String]

    @Option(help: "How many times the files are fed through each cleaner.")
    var rounds = 1

    func run() throws {
        let audio = try files.map { try WAVFile.read(URL(fileURLWithPath: $0)) }
        let seconds = Double(audio.reduce(0) { $0 + $1.count } * rounds) / Double(AudioFormat.sampleRate)
        let piece = AudioFormat.samples(milliseconds: AudioFormat.captureChunkMilliseconds)
        print("denoiser | set-up CPU s | audio s | CPU s | CPU s per audio s | files")
        for denoiser in Denoiser.allCases where denoiser != .webrtc {
            let setUpStart = Self.processorSeconds()
            guard let stream = denoiser.makeStream() else {
                print("\(denoiser.rawValue) | cannot be loaded")
                continue
            }
            let setUp = Self.processorSeconds() - setUpStart
            var spent = 0.0
            for _ in 0..<rounds {
                for samples in audio {
                    for start in stride(from: 0, to: samples.count, by: piece) {
                        let chunk = Array(samples[start..<min(samples.count, start + piece)])
                        let before = Self.processorSeconds()
                        _ = stream.process(chunk)
                        spent += Self.processorSeconds() - before
                    }
                }
            }
            print(denoiser.rawValue + String(format: " | %.3f | %.1f | %.2f | %.4f | %d", setUp, seconds, spent,
                                             spent / max(seconds, 1e-9), files.count))
        }
    }

    /// Processor time of the whole process (every thread a library may start), seconds.
    static func processorSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
