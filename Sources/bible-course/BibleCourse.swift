import ArgumentParser
import Foundation

/// The `bible-course` command line: the product's commands (the daemon, a text session,
/// passages, progress, the health check, the demo) first, then the tools for the
/// recogniser, the Bible, the curriculum and the benchmarks.
@main
struct BibleCourse: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bible-course",
        abstract: "An offline, speech-driven Bible course.",
        discussion: """
            Reads the Berean Standard Bible from a local SQLite database and delivers \
            a structured course by voice. Nothing here needs the network.
            """,
        subcommands: [
            RunCommand.self,
            SessionCommand.self,
            VerseCommand.self,
            ReferenceCommand.self,
            ProgressCommand.self,
            DoctorCommand.self,
            DemoCommand.self,
            ListenCommand.self,
        ],
        groupedSubcommands: [
            CommandGroup(name: "Tools", subcommands: [
                NormaliseCommand.self,
                ModelCommand.self,
                PronounceCommand.self,
                RecognizeCommand.self,
                SimulateCommand.self,
                BibleCommand.self,
                CurriculumCommand.self,
                VoiceCommand.self,
                BenchCommand.self,
            ]),
        ]
    )

    /// Runs the command; a ``CommandFailure`` prints as one plain line on stderr, exit 1.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CommandFailure {
            FileHandle.standardError.write(Data((failure.description + "\n").utf8))
            Foundation.exit(1)
        } catch {
            exit(withError: error)
        }
    }
}
