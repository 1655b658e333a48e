import Foundation

/// Writes a file so readers see the old content or the new, never a part, and so that
/// nothing planted in the folder can redirect the write.
///
/// The new content goes to a temporary file of an unpredictable name created in the
/// target's own folder with `mkstemp` (`O_CREAT | O_EXCL`: a symbolic link or file planted
/// there is never opened, never followed), is flushed to disk, and is renamed over the
/// target in one step (`rename(2)` replaces a link at the target's name, never what it
/// points to). A target folder that is a symbolic link is refused: the state directory's
/// own folders (the compiled model) are the daemon's, not a path to anywhere.
public enum AtomicFile {
    /// Why a write failed: the path and the system's reason.
    public struct Failure: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "cannot write \(path): \(reason)" }

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Writes `data` to `url` whole (mode 0644), or throws and leaves `url` as it was.
    public static func write(_ data: Data, to url: URL) throws(Failure) {
        try stage(data, for: url).commit()
    }

    /// A file written whole and flushed under a temporary name beside its target, not yet
    /// in place: for a writer that must have several files complete before any of them
    /// replaces the old (a model: a full disk then leaves the old one as it was).
    public struct Staged: Sendable {
        public let target: URL
        let temporary: String

        /// Renames it over the target (needs no room on the disk).
        public func commit() throws(Failure) {
            guard rename(temporary, target.path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw Failure(path: target.path, reason: reason)
            }
        }

        /// Removes it, leaving the target as it was.
        public func discard() {
            unlink(temporary)
        }
    }

    /// `data` written whole under a temporary name beside `url` (mode 0644), to be put in
    /// place with ``Staged/commit()``; throws (with nothing left behind) when it cannot be
    /// written, saying so when the disk is full.
    public static func stage(_ data: Data, for url: URL) throws(Failure) -> Staged {
        let folder = url.deletingLastPathComponent()
        try refuseSymbolicLink(folder)
        let (descriptor, temporary) = try createUnique(beside: url)
        var written = 0
        let complete = data.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 { if errno == EINTR { continue }; return false }
                written += count
            }
            return true
        }
        let reason = String(cString: strerror(errno))
        guard complete, fchmod(descriptor, 0o644) == 0, fsync(descriptor) == 0 else {
            close(descriptor)
            unlink(temporary)
            throw Failure(path: url.path, reason: DiskSpace.explain(reason, writing: folder))
        }
        close(descriptor)
        return Staged(target: url, temporary: temporary)
    }

    /// Creates an empty file of an unpredictable name (`.<name>.XXXXXX.tmp`, mode 0600) in
    /// `url`'s folder, for a writer that renames it over `url` when done (a database being
    /// built). The caller removes it on failure.
    public static func temporaryFile(beside url: URL) throws(Failure) -> URL {
        try refuseSymbolicLink(url.deletingLastPathComponent())
        let (descriptor, path) = try createUnique(beside: url)
        close(descriptor)
        return URL(fileURLWithPath: path)
    }

    /// A new private folder of an unpredictable name (`<prefix>XXXXXX`, mode 0700) in
    /// `folder` (the system's temporary folder when nil); the caller removes it.
    public static func temporaryFolder(prefix: String, in folder: URL? = nil) throws(Failure) -> URL {
        let parent = folder ?? FileManager.default.temporaryDirectory
        if folder != nil { try refuseSymbolicLink(parent) }
        let template = parent.appendingPathComponent("\(prefix)XXXXXX").path
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else {
            throw Failure(path: template, reason: String(cString: strerror(errno)))
        }
        return URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }

    private static func createUnique(beside url: URL) throws(Failure) -> (Int32, String) {
        let template = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).XXXXXX.tmp").path
        var bytes = Array(template.utf8CString)
        let descriptor = mkstemps(&bytes, 4)
        guard descriptor >= 0 else {
            throw Failure(path: url.path, reason: DiskSpace.explain(String(cString: strerror(errno)), writing: url.deletingLastPathComponent()))
        }
        return (descriptor, String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// How old a writer's temporary file or folder must be to be taken for the leftover of
    /// a writer that was killed: longer than any build takes (the listen model's, a few
    /// minutes on a Pi).
    public static let leftoverAge: TimeInterval = 3_600

    /// Removes what writers killed mid-write (SIGKILL, a power cut) left beside `url`: the
    /// temporary files of ``temporaryFile(beside:)`` and ``write(_:to:)`` with their SQLite
    /// journals (`.<name>.XXXXXX.tmp`, `…tmp-journal`), and the folders of
    /// ``temporaryFolder(prefix:in:)`` made for it (`.<name>-build-XXXXXX`), once older than
    /// ``leftoverAge`` (a writer still at work is younger). Returns what was removed.
    @discardableResult
    public static func removeLeftovers(beside url: URL, olderThan age: TimeInterval = leftoverAge) -> [URL] {
        let folder = url.deletingLastPathComponent()
        let name = url.lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [URL] = []
        for entry in entries {
            let file = entry.hasPrefix(".\(name).") && (entry.hasSuffix(".tmp") || entry.hasSuffix(".tmp-journal"))
            let build = entry.hasPrefix(".\(name)-build-")
            guard file || build else { continue }
            let path = folder.appendingPathComponent(entry)
            var status = stat()
            guard lstat(path.path, &status) == 0,
                  Date().timeIntervalSince1970 - Double(status.st_mtim.tv_sec) > age else { continue }
            if (try? FileManager.default.removeItem(at: path)) != nil { removed.append(path) }
        }
        return removed
    }

    /// Throws when `folder` is a symbolic link (call before creating or clearing anything
    /// in a folder of the daemon's own).
    public static func refuseSymbolicLink(_ folder: URL) throws(Failure) {
        var status = stat()
        if lstat(folder.path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            throw Failure(path: folder.path, reason: "it is a symbolic link; the daemon writes only into folders of its own")
        }
    }
}
