import ArgumentParser
import Foundation

/// The `bible-course` command line: the daemon, the Bible, the course and their tools.
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
            VerseCommand.self,
            ReferenceCommand.self,
            NormaliseCommand.self,
            BibleCommand.self,
            BenchCommand.self,
            RecognizeCommand.self,
            CurriculumCommand.self,
            ProgressCommand.self,
            SessionCommand.self,
            ModelCommand.self,
            PronounceCommand.self,
            RunCommand.self,
            SimulateCommand.self,
            DemoCommand.self,
            DoctorCommand.self,
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
