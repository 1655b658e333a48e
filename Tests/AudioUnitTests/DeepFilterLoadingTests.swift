import Audio
import Foundation
import Testing

/// DeepFilterNet3's loader, without the library: what it refuses, and how it says so.
@Suite("DeepFilterNet3's loader")
struct DeepFilterLoadingTests {
    @Test("a library that is missing is refused with its path")
    func refusesAMissingLibrary() {
        let missing = "/nonexistent/libdeepfilter.so"
        #expect { _ = try DeepFilter(path: missing) } throws: { "\($0)".hasPrefix(missing) }
    }

    @Test("a library that is not DeepFilterNet's is refused with its path and why")
    func refusesAnotherLibrary() throws {
        let libm = try #require(["/lib/x86_64-linux-gnu/libm.so.6", "/lib/aarch64-linux-gnu/libm.so.6"]
            .first { FileManager.default.fileExists(atPath: $0) })
        #expect { _ = try DeepFilter(path: libm) } throws: {
            "\($0)".contains(libm) && "\($0)".contains("not a DeepFilterNet library")
        }
    }
}
