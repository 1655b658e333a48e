import Foundation
import Logging

/// What `mode = "listen"` reports of each utterance, and where: the passages found are
/// the product's output; the words of speech that named no passage are nobody's business.
///
/// - An utterance with no passage is not reported, unless `log_level = "debug"`.
/// - To the journal (the service's stdout, unless `listen_output` names a file) a passage
///   goes as its references and times only, never the words said.
/// - To the file `listen_output` names (created `0600`, appended to), or to a terminal
///   or pipe when run by hand, the whole line: the words with the passages they named.
public struct ListenReport: Sendable {
    /// Where the lines go.
    public enum Destination: Sendable, Hashable {
        /// A file the user named in the config: they asked for the words.
        case file(String)
        /// Standard output that is the journal (`JOURNAL_STREAM` names it).
        case journal
        /// Standard output when run by hand.
        case standardOutput
    }

    public let destination: Destination
    /// `log_level = "debug"`: every utterance, words and all.
    public let debug: Bool

    public init(destination: Destination, logLevel: Logger.Level) {
        self.destination = destination
        debug = logLevel <= .debug
    }

    /// The line to write for `heard`, nil when nothing is to be written.
    public func line(_ heard: ScriptureListener.Heard) -> String? {
        guard !heard.references.isEmpty || debug else { return nil }
        return heard.jsonLine(file: nil, words: destination != .journal || debug)
    }

    /// Where standard output goes: the journal when `JOURNAL_STREAM` (`<device>:<inode>`,
    /// set by systemd) is standard output's own, else the terminal or pipe of a person.
    public static func standardOutput(environment: [String: String] = ProcessInfo.processInfo.environment,
                                      descriptor: Int32 = STDOUT_FILENO) -> Destination {
        guard let stream = environment["JOURNAL_STREAM"] else { return .standardOutput }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .standardOutput }
        return stream == "\(status.st_dev):\(status.st_ino)" ? .journal : .standardOutput
    }
}

/// The file `listen_output` names, opened to append (created `0600`; a symbolic link there
/// is refused, as everything the daemon writes, and so is anything but a regular file: a
/// FIFO with no reader would hold the daemon before it is ready, a device is no log).
public final class ListenOutputFile {
    public let path: String
    private let descriptor: Int32

    public init(path: String) throws(ListenOutputError) {
        self.path = path
        // O_NONBLOCK: opening a FIFO for writing would otherwise wait for a reader.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            let reason = errno == ELOOP ? "it is a symbolic link"
                : errno == ENXIO ? "it is not a regular file (a FIFO)" : String(cString: strerror(errno))
            throw ListenOutputError(path: path, reason: reason)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw ListenOutputError(path: path, reason: "it is not a regular file")
        }
        // Back to blocking writes: a regular file never waits long.
        _ = fcntl(descriptor, F_SETFL, O_WRONLY | O_APPEND)
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Appends `line` and a newline in one write.
    public func append(_ line: String) throws(ListenOutputError) {
        let bytes = Array((line + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            throw ListenOutputError(path: path, reason: written < 0 ? String(cString: strerror(errno)) : "a short write")
        }
    }
}

/// `listen_output` cannot be opened or written: the path and why.
public struct ListenOutputError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "listen_output \(path): \(reason)" }
}
