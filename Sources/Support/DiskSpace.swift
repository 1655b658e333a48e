import Foundation

/// The room left on the disk holding a path: to say "the disk is full" where the system
/// says "disk I/O error" or "No space left on device", and to keep a floor of free space
/// for the progress database when a cache is filled.
public enum DiskSpace {
    /// Below this many free bytes a disk is called full in messages: SQLite's journal and a
    /// progress write need a few pages, a model or a rendering far more.
    public static let nearlyFull = 1 << 20

    /// Bytes free to the service (not counting the blocks reserved for root) on the
    /// filesystem holding `url`, or its nearest existing folder; nil when unknown.
    public static func available(at url: URL) -> Int? {
        var path = url.standardizedFileURL
        while !FileManager.default.fileExists(atPath: path.path), path.pathComponents.count > 1 {
            path = path.deletingLastPathComponent()
        }
        var info = statvfs()
        guard statvfs(path.path, &info) == 0 else { return nil }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }

    /// "the disk holding FOLDER is full (N KB free)" when less than ``nearlyFull`` is free
    /// there, else nil.
    public static func fullness(at url: URL) -> String? {
        guard let free = available(at: url), free < nearlyFull else { return nil }
        return "the disk holding \(url.path) is full (\(free / 1024) KB free)"
    }

    /// `reason` (the system's words for a failed write to `url`), or what it most likely
    /// means when the disk holding `url` is full.
    public static func explain(_ reason: String, writing url: URL) -> String {
        fullness(at: url).map { "\($0); free some space (\(reason))" } ?? reason
    }
}
