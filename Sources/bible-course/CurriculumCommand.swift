import ArgumentParser
import Assistant
import Course
import Foundation
import Scripture

/// `bible-course curriculum ...`: tools for the course files.
struct CurriculumCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curriculum",
        abstract: "Work with the curriculum files.",
        subcommands: [Check.self]
    )
}

extension CurriculumCommand {
    /// `bible-course curriculum check [DIR]`: validates every course under DIR.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check every course and lesson file; exit 1 with one line per problem.",
            discussion: """
                Checks fields, the seven segments and their order, passages (parsed, and looked \
                up in Bible.db when it exists), answers, ids, sequence numbers, prerequisites \
                (existence and cycles), every script against forbidden-phrases.json, and \
                scripts and answers against the transcript normaliser (a name it would read as \
                another, because the lexicon cannot say it as written). Each problem line names \
                the file and the field.
                """
        )

        @Argument(help: "The curriculum directory (holds courses/ and forbidden-phrases.json). Default: --curriculum, else the bundled curriculum.")
        var directory: String?

        @OptionGroup var paths: PathOptions

        func run() throws {
            let url = directory.map { URL(fileURLWithPath: $0) } ?? paths.curriculumURL
            let loader = CurriculumLoader(directory: url, displayRoot: directory ?? paths.curriculumPath ?? url.path)
            var lookup: (@Sendable (ScriptureReference) -> String?)?
            var lookedUp = false
            if FileManager.default.fileExists(atPath: paths.bibleURL.path), let bible = try? BibleStore(path: paths.bibleURL.path) {
                lookedUp = true
                lookup = { reference in CourseReadiness.missingPassage(reference, in: bible) }
            }
            // The names and terms are the checked curriculum's own.
            var normalise: (@Sendable (String) -> String)?
            do {
                var inputs = NormaliseCommand.inputs(paths)
                inputs.courseTerms = TranscriptNormaliserSetup.courseTerms(loader)
                let normaliser = try TranscriptNormaliserSetup.load(inputs)
                normalise = { normaliser.normalise($0).normalisedText }
            } catch {
                warn("the transcript normaliser cannot be set up (\(error)); scripts and answers are not read through it")
            }
            let report = CurriculumCheck(loader: loader, passageLookup: lookup, normalise: normalise,
                                         recordingLength: CourseReadiness.recordingLength).run()
            guard report.isValid else {
                for problem in report.problems {
                    FileHandle.standardError.write(Data((problem.description + "\n").utf8))
                }
                throw ExitCode.failure
            }
            print(report.summary + (lookedUp ? "; passages found in \(paths.bibleURL.path)" : "; passages parsed (no Bible.db to look them up)")
                  + (normalise != nil ? "; scripts and answers left as written by the transcript normaliser" : ""))
        }
    }
}
