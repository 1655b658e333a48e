import Foundation

/// Why a state directory could not be taken. Messages name the directory and the process
/// that holds it.
public enum StateDirectoryLockError: Error, Sendable, CustomStringConvertible {
    /// Another process holds the directory (`holder`: its pid and command line, as it wrote
    /// them; empty when it had not written them yet).
    case held(directory: String, holder: String)
    /// The lock file could not be opened or locked.
    case cannotLock(path: String, reason: String)

    public var description: String {
        switch self {
        case .held(let directory, let holder):
            "the state directory \(directory) is in use by \(holder.isEmpty ? "another process" : holder); "
                + "one session at a time: stop it first (systemctl stop bible-course), or name another --state-dir"
        case .cannotLock(let path, let reason):
            "cannot lock \(path): \(reason). Check that the state directory exists and is writable."
        }
    }
}

/// One session at a time on a state directory: the daemon, `simulate`, the text `session`
/// and `progress reset` each take it before they write progress, so two of them never
/// interleave their writes to `progress.db` (a second daemon started by hand beside the
/// service says which process holds the directory and exits).
///
/// Held with `flock(2)` on `<state>/session.lock`, which the kernel releases however the
/// process ends (SIGKILL and crashes included): no stale lock is ever left to clear. The
/// file holds the holder's pid and command line, for the message a second process prints.
public final class StateDirectoryLock {
    /// The lock file.
    public let path: String
    private let descriptor: Int32

    /// Takes the lock of `directory` (created when missing), or throws
    /// ``StateDirectoryLockError/held(directory:holder:)`` at once when another process
    /// holds it.
    public init(directory: URL) throws(StateDirectoryLockError) {
        path = directory.appendingPathComponent("session.lock").path
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotLock(path: path, reason: String(describing: error))
        }
        // O_NOFOLLOW: a symbolic link planted in the directory is not followed.
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .cannotLock(path: path, reason: String(cString: strerror(errno)))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno
            let holder = Self.holder(descriptor)
            close(descriptor)
            if failure == EWOULDBLOCK {
                throw .held(directory: directory.path, holder: holder)
            }
            throw .cannotLock(path: path, reason: String(cString: strerror(failure)))
        }
        self.descriptor = descriptor
        let command = [URL(fileURLWithPath: CommandLine.arguments.first ?? "").lastPathComponent] + CommandLine.arguments.dropFirst().prefix(1)
        let line = "pid \(getpid()) (\(command.joined(separator: " ")))\n"
        _ = ftruncate(descriptor, 0)
        _ = line.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }

    deinit {
        close(descriptor)
    }

    /// What the holder wrote in the lock file (its pid and command), trimmed.
    private static func holder(_ descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        guard count > 0 else { return "" }
        return String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
