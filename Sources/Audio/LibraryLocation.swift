import Foundation

/// Where a library loaded at run time (``RNNoise``, ``DeepFilter``) is looked for, in order:
/// the path in an environment variable, the checkout the program was built in (a folder
/// above the binary holding `Package.swift`), then the installed data.
enum LibraryLocation {
    /// `environment`'s value when set, else `checkout` (a path inside the checkout), then
    /// `system`.
    static func candidates(environment: String, checkout: String, system: String) -> [String] {
        var paths: [String] = []
        if let own = ProcessInfo.processInfo.environment[environment], !own.isEmpty { paths.append(own) }
        var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "/").resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                paths.append(folder.appendingPathComponent(checkout).path)
                break
            }
            folder.deleteLastPathComponent()
        }
        paths.append(system)
        return paths
    }

    /// The first of `candidates` that exists.
    static func first(of candidates: [String]) -> String? {
        candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Why no library `name` was found at `candidates`.
    static func missing(_ name: String, lookedAt candidates: [String]) -> String {
        "no \(name) (looked for \(candidates.joined(separator: ", ")); scripts/setup.sh fetches it)"
    }
}
