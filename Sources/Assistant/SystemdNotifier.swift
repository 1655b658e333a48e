import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// systemd's notify protocol (`sd_notify`), written by hand: one datagram per message to
/// the AF_UNIX socket named by `$NOTIFY_SOCKET` (a leading `@` means the abstract
/// namespace). Without the variable (not under systemd, or not `Type=notify`) every call
/// does nothing.
///
/// Sends never block (a full socket drops the message rather than stalling the audio
/// loop). ``watchdog()`` sends `WATCHDOG=1` at most every quarter of `$WATCHDOG_USEC` (or every
/// second), so callers may call it from a busy loop. Any thread may call; sends are
/// serialised by a lock.
public final class SystemdNotifier: @unchecked Sendable {
    private let socketPath: String?
    private let watchdogInterval: Duration
    private let lock = NSLock()
    private var lastWatchdog: ContinuousClock.Instant?

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let path = environment["NOTIFY_SOCKET"] ?? ""
        socketPath = path.isEmpty ? nil : path
        if let usec = environment["WATCHDOG_USEC"].flatMap(Int64.init), usec > 0 {
            watchdogInterval = .microseconds(usec / 4)
        } else {
            watchdogInterval = .seconds(1)
        }
    }

    /// Whether a notify socket was given.
    public var isActive: Bool { socketPath != nil }

    /// `READY=1` (and a status line).
    public func ready(status: String) { send("READY=1\nSTATUS=\(status)") }
    /// `STATUS=...`.
    public func status(_ text: String) { send("STATUS=\(text)") }
    /// `STOPPING=1`.
    public func stopping() { send("STOPPING=1\nSTATUS=stopping") }

    /// `WATCHDOG=1`, rate-limited.
    public func watchdog() {
        guard socketPath != nil else { return }
        let now = ContinuousClock.now
        lock.lock()
        if let last = lastWatchdog, now - last < watchdogInterval { lock.unlock(); return }
        lastWatchdog = now
        lock.unlock()
        send("WATCHDOG=1")
    }

    /// Sends one message; false when there is no socket or the send failed.
    @discardableResult
    public func send(_ message: String) -> Bool {
        guard let socketPath else { return false }
        lock.lock(); defer { lock.unlock() }
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { Glibc.close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var pathBytes = Array(socketPath.utf8)
        if pathBytes.first == UInt8(ascii: "@") { pathBytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard pathBytes.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in pathBytes.enumerated() { raw[index] = byte }
        }
        // Abstract names are exactly as long as given; filesystem paths include their NUL.
        let length = MemoryLayout<sa_family_t>.size + pathBytes.count + (pathBytes.first == 0 ? 0 : 1)
        let bytes = Array(message.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bytes.withUnsafeBytes { buffer in
                    sendto(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT), socketAddress, socklen_t(length))
                }
            }
        }
        return sent == bytes.count
    }
}
