import ArgumentParser
import Assistant
import Foundation

/// Where the read-only data and the writable state live (docs/design.md, "Runtime paths").
///
/// Every path has a flag; without one, a checkout's `Models/` and `curriculum/` are used
/// when the program runs from a checkout, else the system locations under
/// `/usr/share/bible-course` and `$STATE_DIRECTORY` / `$XDG_DATA_HOME/bible-course`.
struct PathOptions: ParsableArguments {
    @Option(name: .customLong("bible"), help: "The Bible database (Bible.db).")
    var biblePath: String?

    @Option(name: .customLong("curriculum"), help: "The curriculum directory (holds courses/).")
    var curriculumPath: String?

    @Option(name: .customLong("state-dir"), help: "Where progress and the compiled model are kept.")
    var stateDirectoryPath: String?

    @Option(name: .customLong("grammars"), help: "The grammar sources folder (commands.jsgf, answer.jsgf).")
    var grammarsPath: String?

    @Option(name: .customLong("pronunciations"), help: "The authored pronunciations (pronunciations.tsv).")
    var pronunciationsPath: String?

    @Option(name: .customLong("vocabulary"), help: "A vocabulary file of your own (JSON) to merge in.")
    var vocabularyPath: String?

    /// The Bible database to open.
    var bibleURL: URL {
        if let biblePath { return URL(fileURLWithPath: biblePath) }
        return DataLocations.readOnlyDataFile("Bible.db", checkoutFolder: "Models")
    }

    /// The curriculum directory.
    var curriculumURL: URL {
        if let curriculumPath { return URL(fileURLWithPath: curriculumPath) }
        return DataLocations.readOnlyDataFile("curriculum", checkoutFolder: nil)
    }

    /// Everything the recogniser's model is built from, and where it is kept.
    var vocabularyLocations: VocabularyLocations {
        VocabularyLocations(
            grammarDirectory: grammarsPath.map { URL(fileURLWithPath: $0) }
                ?? DataLocations.readOnlyDataFile("Grammars", checkoutFolder: nil),
            pronunciationsFile: pronunciationsPath.map { URL(fileURLWithPath: $0) }
                ?? DataLocations.readOnlyDataFile("pronunciations.tsv", checkoutFolder: "Models"),
            curriculumDirectory: curriculumURL,
            userVocabulary: vocabularyPath.map { URL(fileURLWithPath: $0) },
            modelDirectory: stateDirectoryURL.appendingPathComponent("model"))
    }

    /// Throws when no state directory was named (flag, config or systemd's
    /// `STATE_DIRECTORY`) and the default one is a symbolic link: a link planted there would
    /// send progress and models anywhere. A named one is used as named.
    func checkDefaultStateDirectory() throws {
        guard stateDirectoryPath == nil, !DataLocations.systemdNamesStateDirectory else { return }
        let url = DataLocations.stateDirectory()
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) {
            throw CommandFailure("the default state directory \(url.path) is a symbolic link (to \(target)); "
                                 + "to use it, name it: --state-dir \(url.path) (or state_dir in the config)")
        }
    }

    /// The writable state directory (created on demand by whoever writes there).
    var stateDirectoryURL: URL {
        if let stateDirectoryPath { return URL(fileURLWithPath: stateDirectoryPath) }
        return DataLocations.stateDirectory()
    }
}

/// The default locations, found once from the environment and the executable's place.
enum DataLocations {
    static let systemDataDirectory = URL(fileURLWithPath: "/usr/share/bible-course")

    /// The checkout the executable was built in, if it runs from `<checkout>/.build/...`.
    static var checkout: URL? {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = executable.deletingLastPathComponent()
        while dir.path != "/" {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
                return dir
            }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// `name` inside the checkout (under `checkoutFolder`) when running from one, else
    /// inside `/usr/share/bible-course`.
    static func readOnlyDataFile(_ name: String, checkoutFolder: String?) -> URL {
        if let checkout {
            var url = checkout
            if let checkoutFolder { url.appendPathComponent(checkoutFolder) }
            return url.appendingPathComponent(name)
        }
        return systemDataDirectory.appendingPathComponent(name)
    }

    /// Whether systemd named the state directory (`StateDirectory=`).
    static var systemdNamesStateDirectory: Bool {
        !(ProcessInfo.processInfo.environment["STATE_DIRECTORY"] ?? "").isEmpty
    }

    /// `$STATE_DIRECTORY` under systemd, else `$XDG_DATA_HOME/bible-course`
    /// (`~/.local/share/bible-course`).
    static func stateDirectory() -> URL {
        let env = ProcessInfo.processInfo.environment
        if let state = env["STATE_DIRECTORY"], !state.isEmpty {
            // systemd may pass several, colon-separated; the first is ours.
            return URL(fileURLWithPath: String(state.split(separator: ":").first ?? ""))
        }
        if let xdg = env["XDG_DATA_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("bible-course")
        }
        let home = env["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/bible-course")
    }
}
