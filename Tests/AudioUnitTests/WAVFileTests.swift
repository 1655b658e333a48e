import Foundation
import Testing
@testable import Audio

@Suite("WAVFile: 16-bit PCM in and out")
struct WAVFileTests {
    @Test func sixteenKilohertzMonoRoundTripsExactly() throws {
        let directory = try Signals.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("tone.wav")
        let samples = Signals.tone(440, rate: 16_000, seconds: 0.5) + [Int16.min, Int16.max, 0, -1]
        try WAVFile.write(samples, to: url)
        #expect(try WAVFile.read(url) == samples)
        // Writing again replaces the file.
        try WAVFile.write([1, 2, 3], to: url)
        #expect(try WAVFile.read(url) == [1, 2, 3])
    }

    @Test func aStereoFileAt44100IsMixedDownAndResampled() throws {
        let directory = try Signals.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let left = Signals.tone(1_000, rate: 44_100, seconds: 1)
        var payload: [UInt8] = []
        for sample in left {
            let bits = UInt16(bitPattern: sample)
            // Left and right carry the same tone.
            payload += [UInt8(bits & 0xFF), UInt8(bits >> 8), UInt8(bits & 0xFF), UInt8(bits >> 8)]
        }
        let url = directory.appendingPathComponent("stereo.wav")
        try Signals.wav(code: 1, channels: 2, rate: 44_100, bits: 16, payload: payload).write(to: url)
        let samples = try WAVFile.read(url)
        #expect(abs(samples.count - 16_000) <= 2)
        #expect(abs(Signals.frequency(of: samples, rate: 16_000) - 1_000) < 10)
        #expect(abs(Signals.rms(samples) - Signals.rms(left)) / Signals.rms(left) < 0.05)
    }

    @Test func aFileReadABlockAtATimeIsTheFileReadWhole() throws {
        let directory = try Signals.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let left = Signals.tone(700, rate: 44_100, seconds: 1.3), right = Signals.tone(300, rate: 44_100, seconds: 1.3)
        var payload: [UInt8] = []
        for (l, r) in zip(left, right) {
            let a = UInt16(bitPattern: l), b = UInt16(bitPattern: r)
            payload += [UInt8(a & 0xFF), UInt8(a >> 8), UInt8(b & 0xFF), UInt8(b >> 8)]
        }
        let url = directory.appendingPathComponent("stereo.wav")
        try Signals.wav(code: 1, channels: 2, rate: 44_100, bits: 16, payload: payload).write(to: url)
        let whole = try WAVFile.read(url)
        let reader = try WAVReader(url)
        #expect(reader.sampleRate == 44_100 && reader.channels == 2)
        for size in [160, 1_000, 100_000] {
            var blocks: [Int16] = []
            while true {
                let block = try reader.read(maxFrames: size)
                #expect(block.count <= size)
                if block.isEmpty { break }
                blocks += block
            }
            #expect(blocks == whole, "blocks of \(size)")
            #expect(try reader.read(maxFrames: size).isEmpty, "nothing after the end")
            reader.rewind()
        }
    }

    @Test("formats other than 16-bit integer PCM are refused, naming the file", arguments: [
        (1, 8, nil, "8-bit integer PCM"),
        (3, 32, nil, "32-bit float"),
        (0xFFFE, 32, 3, "subformat 3"),
        (7, 8, nil, "µ-law"),
    ] as [(Int, Int, Int?, String)])
    func refused(code: Int, bits: Int, subformat: Int?, expected: String) throws {
        let directory = try Signals.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("odd.wav")
        try Signals.wav(code: code, channels: 1, rate: 16_000, bits: bits, payload: [UInt8](repeating: 0, count: 64),
                        extensibleSubformat: subformat).write(to: url)
        #expect {
            _ = try WAVFile.read(url)
        } throws: { error in
            guard case .unsupported(let path, let reason) = error as? AudioError else { return false }
            return path == url.path && reason.contains(expected) && "\(error)".contains("odd.wav")
        }
    }

    @Test func missingAndNonWaveFilesAreErrorsNamingThem() throws {
        let directory = try Signals.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.wav")
        #expect(throws: AudioError.unreadable(path: missing.path, reason: "no such file, or it cannot be opened")) {
            try WAVFile.read(missing)
        }
        let text = directory.appendingPathComponent("notes.wav")
        try Data("just some text, not audio".utf8).write(to: text)
        #expect(throws: AudioError.unsupported(path: text.path, reason: "not a RIFF/WAVE file")) {
            try WAVFile.read(text)
        }
    }

    @Test func writingWhereNothingCanBeWrittenNamesThePath() {
        let url = URL(fileURLWithPath: "/nonexistent-directory/out.wav")
        #expect {
            try WAVFile.write([1], to: url)
        } throws: { error in
            guard case .cannotWrite(let path, _) = error as? AudioError else { return false }
            return path == url.path
        }
    }
}
