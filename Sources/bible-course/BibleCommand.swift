import ArgumentParser
import Foundation
import Scripture

/// `bible-course bible ...`: builds and describes `Bible.db`.
struct BibleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bible",
        abstract: "Build or describe the Bible database.",
        subcommands: [Import.self, Info.self]
    )

    /// `bible-course bible import PATH...`
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build Bible.db from the BSB token files of bible-alignments 0.4.2.",
            discussion: """
                PATH is the folder holding ot_BSB.tsv and nt_BSB.tsv (data/eng/targets/BSB in \
                the wheel), or the files themselves. The database is written in one \
                transaction to a temporary file and renamed into place, so an existing \
                Bible.db is replaced only by a complete one. Input that does not have the 66 \
                books of the BSB is refused.
                """
        )

        @Argument(help: "Folder or token files to read.")
        var inputs: [String]

        @OptionGroup var paths: PathOptions

        func run() throws {
            let output = paths.bibleURL
            let started = Date()
            let summary: BibleImportSummary
            do {
                summary = try BibleImporter.importBible(from: inputs.map { URL(fileURLWithPath: $0) }, to: output)
            } catch {
                throw CommandFailure("bible import: \(error.description)")
            }
            let seconds = Date().timeIntervalSince(started)
            print("wrote \(output.path): \(summary.books) books, \(summary.verses) verses, "
                + "\(summary.superscriptions) psalm superscriptions in \(String(format: "%.2f", seconds)) s")
        }
    }

    /// `bible-course bible info`
    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the books, chapters and verse counts of Bible.db.")

        @OptionGroup var paths: PathOptions

        func run() throws {
            let store = try openBible(paths)
            let books: [BookSummary]
            do { books = try store.summary() } catch { throw CommandFailure(error.description) }
            print("\(store.path)")
            print("book                osis    testament  chapters  verses  titles")
            for s in books {
                let name = s.book.name.padding(toLength: 20, withPad: " ", startingAt: 0)
                let osis = s.book.osis.padding(toLength: 8, withPad: " ", startingAt: 0)
                print("\(name)\(osis)\(s.book.testament.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0))"
                    + "\(String(s.chapters).leftPadded(8))  \(String(s.verses).leftPadded(6))  \(String(s.superscriptions).leftPadded(6))")
            }
            let chapters = books.reduce(0) { $0 + $1.chapters }
            let verses = books.reduce(0) { $0 + $1.verses }
            let titles = books.reduce(0) { $0 + $1.superscriptions }
            print("\(books.count) books, \(chapters) chapters, \(verses) verses, \(titles) psalm superscriptions")
        }
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
