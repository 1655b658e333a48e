import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Gives back the memory that only start-up needed, once the daemon is listening.
///
/// The statically linked binary's code and read-only data are mapped from the file; the
/// Swift runtime, Foundation and the model loading touch much of them while starting
/// (docs/measurements/2026-11-23-startup-memory.md), and they would stay counted against
/// the service while it listens for hours. Asking the kernel to page the
/// executable's read-only mappings out (`MADV_PAGEOUT`, Linux 5.4+) drops them; the pages
/// the listening loop uses come straight back from the page cache. It is a hint: where the
/// kernel refuses it, nothing changes.
public enum StartupMemory {
    /// Releases start-up pages; the number of bytes of executable mappings advised.
    @discardableResult
    public static func release() -> Int {
        guard let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
              let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return 0 }
        var advised = 0
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            // address perms offset device inode path; read-only or executable, not writable.
            guard fields.count >= 6, fields[5...].joined(separator: " ") == executable,
                  fields[1].hasPrefix("r"), !fields[1].contains("w") else { continue }
            let bounds = fields[0].split(separator: "-").compactMap { UInt(String($0), radix: 16) }
            guard bounds.count == 2, bounds[1] > bounds[0],
                  let start = UnsafeMutableRawPointer(bitPattern: bounds[0]) else { continue }
            let length = Int(bounds[1] - bounds[0])
            if madvise(start, length, 21 /* MADV_PAGEOUT */) == 0 { advised += length }
        }
        return advised
    }
}
