import Foundation
import Support

/// Speech rendered ahead, kept in the state directory (`voice-cache/`) so that nobody waits
/// for the synthesis of fixed text. Only the course's fixed text is kept (the narrator
/// decides, ``PiperNarrator/keepRenderings(of:)``): never what a person asked for.
///
/// An entry is keyed by the voice, its length scale and the text: a changed script, voice or
/// rate is a new key and is rendered again; what was rendered for something else is never
/// played. Each file holds its key on the first line (checked when read, so a hash collision
/// or a damaged file is a miss, not a wrong sentence), then mono 16-bit PCM. Written with
/// ``AtomicFile``: a reader sees a whole entry or none.
public struct RenderCache: Sendable {
    public let folder: URL
    /// The free space a store must leave on the disk (``freeSpaceFloor``).
    public let floor: Int

    /// How much free space the cache leaves on its disk, by default: a store that would
    /// leave less is refused. The cache is a convenience (espeak-ng or a later render says
    /// what is missing), the progress database beside it is not: its writes, its log and
    /// the journal's lines need room long after the cache is full.
    public static let freeSpaceFloor = 64 << 20

    public init(folder: URL, floor: Int = RenderCache.freeSpaceFloor) {
        self.folder = folder
        self.floor = floor
    }

    /// One cached sentence: its samples and their rate.
    public struct Entry: Sendable, Equatable {
        public let samples: [Int16]
        public let sampleRate: Int

        public init(samples: [Int16], sampleRate: Int) {
            self.samples = samples
            self.sampleRate = sampleRate
        }
    }

    /// The key of `text` said by `voice` at `lengthScale`.
    public static func key(voice: String, lengthScale: Double, text: String) -> String {
        "\(voice)|\(String(format: "%.3f", lengthScale))|\(text)"
    }

    /// The entry for `key`, nil when there is none (or it is not whole).
    public func entry(_ key: String) -> Entry? {
        guard let data = FileManager.default.contents(atPath: url(key).path),
              let newline = data.firstIndex(of: 0x0A),
              let header = try? JSONSerialization.jsonObject(with: data[..<newline]) as? [String: Any],
              header["key"] as? String == key, let rate = header["sample_rate"] as? Int, rate > 0
        else { return nil }
        let body = data[data.index(after: newline)...]
        guard body.count % 2 == 0 else { return nil }
        let samples = body.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        return Entry(samples: samples.map { Int16(littleEndian: $0) }, sampleRate: rate)
    }

    /// Whether `key` is cached (without reading the samples).
    public func contains(_ key: String) -> Bool {
        FileManager.default.fileExists(atPath: url(key).path)
    }

    /// Stores `entry` under `key`; refused when it would leave less than ``floor`` free on
    /// the disk.
    public func store(_ entry: Entry, for key: String) throws(AtomicFile.Failure) {
        guard let header = try? JSONSerialization.data(withJSONObject: ["key": key, "sample_rate": entry.sampleRate],
                                                       options: [.sortedKeys])
        else { return }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw AtomicFile.Failure(path: folder.path, reason: error.localizedDescription)
        }
        var data = header
        data.append(0x0A)
        entry.samples.map(\.littleEndian).withUnsafeBytes { data.append(contentsOf: $0) }
        if let free = DiskSpace.available(at: folder), free - data.count < floor {
            throw AtomicFile.Failure(path: folder.path, reason: "the disk is nearly full (\(free >> 20) MB free); the voice cache "
                                     + "leaves \(floor >> 20) MB for the progress database")
        }
        try AtomicFile.write(data, to: url(key))
    }

    /// How many entries there are and the bytes they take.
    public func usage() -> (entries: Int, bytes: Int) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var bytes = 0
        var entries = 0
        for name in names where name.hasSuffix(".speech") {
            entries += 1
            bytes += ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size]) as? Int) ?? 0
        }
        return (entries, bytes)
    }

    /// Removes every entry whose key is not among `keys` (renderings of other text, another
    /// voice or rate, or of what a person asked for before only fixed text was kept);
    /// returns how many. Bounds the cache to the renderings of `keys`.
    @discardableResult
    public func removeAll(except keys: Set<String>) -> Int {
        let keep = Set(keys.map { url($0).lastPathComponent })
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var removed = 0
        for name in names where name.hasSuffix(".speech") && !keep.contains(name) {
            if (try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))) != nil { removed += 1 }
        }
        return removed
    }

    private func url(_ key: String) -> URL {
        var hash = ContentHash()
        hash.add(key)
        return folder.appendingPathComponent(hash.hex + ".speech")
    }
}
