import Foundation

/// RIFF/WAVE files of 16-bit PCM: read into the pipeline's format (other rates are
/// resampled, several channels averaged) and written from it.
public enum WAVFile {
    /// The samples of `url` at 16 kHz mono. Refuses formats other than 16-bit PCM with a
    /// message naming the file and what it holds.
    public static func read(_ url: URL) throws(AudioError) -> [Int16] {
        let path = url.path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "no such file, or it cannot be opened")
        }
        let bytes = [UInt8](data)
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func tag(_ at: Int) -> String { String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" else {
            throw .unsupported(path: path, reason: "not a RIFF/WAVE file")
        }
        var offset = 12
        var format: (code: Int, channels: Int, rate: Int, bits: Int)?
        var samples: [Int16]?
        var extensibleSubformat: Int?
        while offset + 8 <= bytes.count {
            let id = tag(offset)
            let size = u32(offset + 4)
            let body = offset + 8
            let end = min(bytes.count, body + size)
            if id == "fmt ", size >= 16, body + 16 <= bytes.count {
                format = (u16(body), u16(body + 2), u32(body + 4), u16(body + 14))
                if size >= 40, body + 26 <= bytes.count { extensibleSubformat = u16(body + 24) }
            } else if id == "data" {
                guard let f = format else { throw .unsupported(path: path, reason: "data comes before the format chunk") }
                // WAVE_FORMAT_EXTENSIBLE names its real format in the first two bytes of
                // the subformat GUID, 24 bytes into the format chunk.
                if f.code == 0xFFFE, let subformat = extensibleSubformat, subformat != 1 {
                    throw .unsupported(path: path, reason: "extensible format with subformat \(subformat) (3 is float); convert it to 16-bit PCM (sox IN -b 16 -e signed-integer OUT.wav)")
                }
                guard f.code == 1 || f.code == 0xFFFE, f.bits == 16 else {
                    let kind = [1: "integer PCM", 3: "float", 6: "A-law", 7: "µ-law", 0xFFFE: "extensible PCM"][f.code] ?? "format \(f.code)"
                    throw .unsupported(path: path, reason: "\(f.bits)-bit \(kind), only 16-bit integer PCM is read; convert it (sox IN -b 16 -e signed-integer OUT.wav)")
                }
                guard f.channels >= 1, f.rate >= 4000, f.rate <= 192_000 else {
                    throw .unsupported(path: path, reason: "\(f.channels) channels at \(f.rate) Hz")
                }
                let frameCount = (end - body) / (2 * f.channels)
                var mono = [Int16](repeating: 0, count: frameCount)
                for i in 0..<frameCount {
                    var sum = 0
                    for c in 0..<f.channels {
                        let at = body + (i * f.channels + c) * 2
                        sum += Int(Int16(bitPattern: UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8))
                    }
                    mono[i] = Int16(clamping: sum / f.channels)
                }
                samples = Resampler.resample(mono, from: f.rate, to: AudioFormat.sampleRate)
                break
            }
            offset = body + size + (size & 1)
        }
        guard let samples else { throw .unsupported(path: path, reason: "no audio data chunk") }
        return samples
    }

    /// Writes 16-bit mono PCM at `sampleRate` (default 16 kHz), atomically.
    public static func write(_ samples: [Int16], sampleRate: Int = AudioFormat.sampleRate, to url: URL) throws(AudioError) {
        var data = Data()
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { data.append(contentsOf: $0) } }
        let dataSize = samples.count * 2
        guard dataSize <= Int(UInt32.max) - 36 else {
            throw .cannotWrite(path: url.path, reason: "more audio than a WAV file can hold")
        }
        data.append(contentsOf: Array("RIFF".utf8)); u32(36 + dataSize); data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); u32(16); u16(1); u16(1); u32(sampleRate); u32(sampleRate * 2); u16(2); u16(16)
        data.append(contentsOf: Array("data".utf8)); u32(dataSize)
        samples.withUnsafeBytes { data.append(contentsOf: $0) }
        do {
            // Foundation writes a temporary file and renames it over `url`.
            try data.write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: url.path, reason: error.localizedDescription)
        }
    }
}
