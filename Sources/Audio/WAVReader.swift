import Foundation

/// A RIFF/WAVE file of 16-bit PCM read a block at a time, mono (several channels averaged)
/// at ``outputRate`` (the pipeline's 16 kHz unless asked otherwise: other rates resampled),
/// so that a recording of an hour (a sermon) is never held whole: `listen` on a file,
/// `run --capture-file`, and a segment's recorded narration (read at its own rate).
///
/// Opening reads the header and refuses what is not 16-bit PCM with a message naming the
/// file and what it holds; ``read(maxFrames:)`` then gives the samples in order.
public final class WAVReader {
    public let path: String
    /// The file's own sample rate and channels.
    public let sampleRate: Int
    public let channels: Int
    /// The rate ``read(maxFrames:)`` gives, Hz.
    public let outputRate: Int
    private let handle: FileHandle
    /// Where the samples start and end in the file (bytes).
    private let dataStart: UInt64
    private let dataEnd: UInt64
    private var offset: UInt64
    private var resampler: Resampler.Stream
    /// Samples at ``outputRate`` made and not yet read.
    private var ready: [Int16] = []
    private var ended = false

    /// Opens `url` to be read at `outputRate` Hz (nil: the file's own rate).
    public init(_ url: URL, outputRate: Int? = AudioFormat.sampleRate) throws(AudioError) {
        path = url.path
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(path: path, reason: "no such file, or it cannot be opened")
        }
        self.handle = handle
        let size: UInt64
        do { size = try handle.seekToEnd(); try handle.seek(toOffset: 0) } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        func bytes(_ count: Int, at position: UInt64) throws(AudioError) -> [UInt8] {
            do {
                try handle.seek(toOffset: position)
                return [UInt8](try handle.read(upToCount: count) ?? Data())
            } catch {
                throw .unreadable(path: url.path, reason: error.localizedDescription)
            }
        }
        func u32(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24 }
        func u16(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 }
        func tag(_ b: [UInt8], _ at: Int) -> String { String(decoding: b[at..<at + 4], as: UTF8.self) }
        let riff = try bytes(12, at: 0)
        guard riff.count == 12, tag(riff, 0) == "RIFF", tag(riff, 8) == "WAVE" else {
            throw .unsupported(path: path, reason: "not a RIFF/WAVE file")
        }
        var position: UInt64 = 12
        var format: (code: Int, channels: Int, rate: Int, bits: Int)?
        var extensibleSubformat: Int?
        var data: (start: UInt64, end: UInt64)?
        while data == nil, position + 8 <= size {
            let header = try bytes(8, at: position)
            let chunkSize = UInt64(u32(header, 4))
            let body = position + 8
            if tag(header, 0) == "fmt ", chunkSize >= 16, body + 16 <= size {
                let fields = try bytes(min(Int(chunkSize), 40), at: body)
                format = (u16(fields, 0), u16(fields, 2), u32(fields, 4), u16(fields, 14))
                if chunkSize >= 40, fields.count >= 26 { extensibleSubformat = u16(fields, 24) }
            } else if tag(header, 0) == "data" {
                data = (body, min(size, body + chunkSize))
            }
            position = body + chunkSize + (chunkSize & 1)
        }
        guard let data else { throw .unsupported(path: path, reason: "no audio data chunk") }
        guard let f = format else { throw .unsupported(path: path, reason: "data comes before the format chunk") }
        // WAVE_FORMAT_EXTENSIBLE names its real format in the first two bytes of the
        // subformat GUID, 24 bytes into the format chunk.
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
        sampleRate = f.rate
        channels = f.channels
        dataStart = data.start
        dataEnd = data.end
        offset = data.start
        self.outputRate = outputRate ?? f.rate
        resampler = Resampler.Stream(from: f.rate, to: self.outputRate)
    }

    deinit { try? handle.close() }

    /// How long the recording plays, in seconds (from its data chunk).
    public var duration: Double {
        Double((dataEnd - dataStart) / UInt64(2 * channels)) / Double(sampleRate)
    }

    /// Up to `maxFrames` samples at ``outputRate``, mono, the next in the file; fewer only at
    /// its end, none after it.
    public func read(maxFrames: Int) throws(AudioError) -> [Int16] {
        let frameBytes = UInt64(2 * channels)
        while ready.count < maxFrames, !ended {
            // About as many of the file's frames as make `maxFrames` at the output rate.
            let wanted = max(1, (maxFrames - ready.count) * sampleRate / outputRate + 1)
            let count = min(UInt64(wanted) * frameBytes, (dataEnd - offset) / frameBytes * frameBytes)
            let block: Data
            do {
                try handle.seek(toOffset: offset)
                block = count == 0 ? Data() : try handle.read(upToCount: Int(count)) ?? Data()
            } catch {
                throw .unreadable(path: path, reason: error.localizedDescription)
            }
            let frames = block.count / Int(frameBytes)
            guard frames > 0 else {
                ready += resampler.finish()
                ended = true
                break
            }
            offset += UInt64(frames) * frameBytes
            var mono = [Int16](repeating: 0, count: frames)
            block.withUnsafeBytes { raw in
                for i in 0..<frames {
                    var sum = 0
                    for c in 0..<channels {
                        let at = (i * channels + c) * 2
                        sum += Int(Int16(bitPattern: UInt16(raw[at]) | UInt16(raw[at + 1]) << 8))
                    }
                    mono[i] = Int16(clamping: sum / channels)
                }
            }
            ready += resampler.push(mono)
        }
        let taken = Array(ready.prefix(maxFrames))
        ready.removeFirst(taken.count)
        return taken
    }

    /// Back to the first sample (a file looped as a microphone).
    public func rewind() {
        offset = dataStart
        ready = []
        ended = false
        resampler = Resampler.Stream(from: sampleRate, to: outputRate)
    }
}
