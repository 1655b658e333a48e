import Foundation

/// RIFF/WAVE files of 16-bit PCM: read into the pipeline's format (other rates are
/// resampled, several channels averaged) and written from it.
public enum WAVFile {
    /// The samples of `url` at 16 kHz mono, all at once (``WAVReader`` reads them a block
    /// at a time). Refuses formats other than 16-bit PCM with a message naming the file and
    /// what it holds.
    public static func read(_ url: URL) throws(AudioError) -> [Int16] {
        let reader = try WAVReader(url)
        var samples: [Int16] = []
        while true {
            let block = try reader.read(maxFrames: 1 << 16)
            if block.isEmpty { return samples }
            samples += block
        }
    }

    /// Writes 16-bit mono PCM at `sampleRate` (default 16 kHz), atomically.
    public static func write(_ samples: [Int16], sampleRate: Int = AudioFormat.sampleRate, to url: URL) throws(AudioError) {
        guard var data = header(sampleCount: samples.count, sampleRate: sampleRate) else {
            throw .cannotWrite(path: url.path, reason: "more audio than a WAV file can hold")
        }
        samples.withUnsafeBytes { data.append(contentsOf: $0) }
        do {
            // Foundation writes a temporary file and renames it over `url`.
            try data.write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: url.path, reason: error.localizedDescription)
        }
    }

    /// The 44 bytes before `sampleCount` samples of 16-bit mono PCM at `sampleRate`, for a
    /// file written whole (``write(_:sampleRate:to:)``) or in parts; nil when a WAV file
    /// cannot hold that many.
    public static func header(sampleCount: Int, sampleRate: Int = AudioFormat.sampleRate) -> Data? {
        let dataSize = sampleCount * 2
        guard dataSize <= Int(UInt32.max) - 36 else { return nil }
        var data = Data()
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { data.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); u32(36 + dataSize); data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); u32(16); u16(1); u16(1); u32(sampleRate); u32(sampleRate * 2); u16(2); u16(16)
        data.append(contentsOf: Array("data".utf8)); u32(dataSize)
        return data
    }
}
