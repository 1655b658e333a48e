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
