import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Gives back the memory that only start-up needed, once the daemon is listening.
///
/// The statically linked binary's code and read-only data are mapped from the file, and so
/// are the libraries (DeepFilterNet's among them) and PocketSphinx's model files; the Swift
/// runtime, Foundation, loading the model and the first seconds of listening touch much of
/// them (docs/measurements/2026-11-23-startup-memory.md,
/// docs/measurements/2026-11-29-idle-memory.md), and they would stay counted against the
/// service while it listens for hours. Asking the kernel to page every read-only file
/// mapping out (`MADV_PAGEOUT`, Linux 5.4+) drops them; the pages the listening loop uses
/// come straight back, and pages another process maps too are left alone by the kernel.
/// It is a hint: where the kernel refuses it, nothing changes. The daemon releases once when
/// listening begins and once more when listening has settled (``settleTime``).
public enum StartupMemory {
    /// How long after listening begins the pages are released a second time: the session's
    /// start, the stream cleaner's first frames and the first idle turns of the loop touch
    /// code that READY came too early to give back (measured: 6 MB of the executable and
    /// 5 MB of DeepFilterNet's library, idle, 2026-11-29-idle-memory.md).
    public static let settleTime: Duration = .seconds(10)

    /// Releases the pages of the process's read-only file mappings (the executable, shared
    /// libraries, mapped model files); the number of bytes of mappings advised.
    @discardableResult
    public static func release() -> Int {
        // Read to its end: `String(contentsOfFile:)` gets only a procfs file's first page.
        guard let maps = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() else { return 0 }
        var advised = 0
        for line in String(decoding: maps, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            // address perms offset device inode path: read-only and private, from a file.
            guard fields.count >= 6, fields[5].hasPrefix("/"),
                  fields[1].hasPrefix("r"), !fields[1].contains("w"), fields[1].hasSuffix("p") else { continue }
            let bounds = fields[0].split(separator: "-").compactMap { UInt(String($0), radix: 16) }
            guard bounds.count == 2, bounds[1] > bounds[0],
                  let start = UnsafeMutableRawPointer(bitPattern: bounds[0]) else { continue }
            let length = Int(bounds[1] - bounds[0])
            if madvise(start, length, 21 /* MADV_PAGEOUT */) == 0 { advised += length }
        }
        return advised
    }
}
