import Foundation

/// Test signals and measurements on them.
enum Signals {
    /// `seconds` of a sine at `frequency` Hz sampled at `rate`, amplitude `amplitude`.
    static func tone(_ frequency: Double, rate: Int, seconds: Double, amplitude: Double = 10_000) -> [Int16] {
        (0..<Int(Double(rate) * seconds)).map { Int16(amplitude * sin(2 * Double.pi * frequency * Double($0) / Double(rate))) }
    }

    /// The frequency of a clean tone, from its zero crossings, ignoring the edges.
    static func frequency(of samples: [Int16], rate: Int) -> Double {
        let middle = Array(samples[samples.count / 10..<samples.count * 9 / 10])
        var crossings = 0
        for i in 1..<middle.count where (middle[i - 1] < 0) != (middle[i] < 0) { crossings += 1 }
        return Double(crossings) / 2 / (Double(middle.count) / Double(rate))
    }

    /// Root mean square, ignoring the edges.
    static func rms(_ samples: [Int16]) -> Double {
        let middle = samples[samples.count / 10..<samples.count * 9 / 10]
        return sqrt(middle.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, middle.count)))
    }

    /// A RIFF/WAVE file's bytes with any header values, for formats the writer does not make.
    static func wav(code: Int, channels: Int, rate: Int, bits: Int, payload: [UInt8], extensibleSubformat: Int? = nil) -> Data {
        var data = Data()
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { data.append(contentsOf: $0) } }
        let formatSize = extensibleSubformat == nil ? 16 : 40
        data.append(contentsOf: Array("RIFF".utf8)); u32(4 + 8 + formatSize + 8 + payload.count); data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); u32(formatSize); u16(code); u16(channels); u32(rate)
        u32(rate * channels * bits / 8); u16(channels * bits / 8); u16(bits)
        if let subformat = extensibleSubformat {
            u16(22); u16(bits); u32(0); u16(subformat)
            data.append(contentsOf: [0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71])
        }
        data.append(contentsOf: Array("data".utf8)); u32(payload.count)
        data.append(contentsOf: payload)
        return data
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("audio-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
