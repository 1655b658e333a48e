import Assistant
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The daemon gives back the pages of its read-only file mappings once listening
/// (``StartupMemory``): a mapped file that was read through is no longer counted in the
/// process's resident memory after the release.
@Suite("StartupMemory: read-only file mappings given back")
struct StartupMemoryTests {
    @Test("a read-only file mapping read through is not resident after the release")
    func releasedMappingIsNotResident() throws {
        // A file on disk (/var/tmp; a tmpfs's pages could only go to swap), synced so that its
        // pages are clean and the kernel can drop them.
        let url = URL(fileURLWithPath: "/var/tmp").appendingPathComponent("startup-memory-\(UUID().uuidString.prefix(8))")
        let size = 4 << 20
        try Data(repeating: 7, count: size).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let descriptor = open(url.path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        fsync(descriptor)
        let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
        try #require(mapped != MAP_FAILED)
        let base = try #require(mapped)
        defer { munmap(base, size) }
        var sum = 0
        for offset in stride(from: 0, to: size, by: 4096) { sum += Int(base.load(fromByteOffset: offset, as: UInt8.self)) }
        #expect(sum == 7 * size / 4096)
        let before = try #require(residentKilobytes(of: base), "no mapping at \(base) in /proc/self/smaps")
        #expect(before >= 3 * 1024, "read through: \(before) kB resident")
        #expect(StartupMemory.release() >= size)
        let after = try #require(residentKilobytes(of: base))
        #expect(after < before / 4, "released: \(before) kB -> \(after) kB resident")
    }

    /// The `Rss` of the mapping that starts at `address`, from /proc/self/smaps.
    private func residentKilobytes(of address: UnsafeMutableRawPointer) -> Int? {
        guard let data = FileHandle(forReadingAtPath: "/proc/self/smaps")?.readDataToEndOfFile() else { return nil }
        let start = String(UInt(bitPattern: address), radix: 16) + "-"
        var inMapping = false
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if let colon = line.firstIndex(of: " "), line[..<colon].contains("-") {
                inMapping = line.hasPrefix(start)
            } else if inMapping, line.hasPrefix("Rss:") {
                return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
            }
        }
        return nil
    }
}
