import ArgumentParser
import Foundation
import Scripture

/// `bible-course verse REFERENCE`: prints a verse or passage of the Berean Standard Bible.
struct VerseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verse",
        abstract: "Print a verse or passage of the Berean Standard Bible.",
        discussion: """
            Accepts written references ("John 3:16", "1 Cor 13:4-7", "Ps 23", "Jude 3", \
            "Matt 5:3-6:4", "John 3:16, 18; 4:1") and spoken ones ("john chapter three verse \
            sixteen"). A single verse prints on one line after its reference; a passage prints \
            its reference, then one verse a line with its number.
            """
    )

    @Argument(help: "The reference, in quotes.")
    var reference: [String]

    @OptionGroup var paths: PathOptions

    func run() throws {
        let text = reference.joined(separator: " ")
        let references: [ScriptureReference]
        do {
            references = try ScriptureReference.parse(text)
        } catch {
            throw CommandFailure(error.description)
        }
        let store = try openBible(paths)
        for reference in references {
            let passage: Passage
            do { passage = try store.passage(reference) } catch { throw CommandFailure(error.description) }
            print(Self.render(passage), terminator: "")
        }
    }

    /// "John 3:16 For God so loved ..." for one verse; a heading and numbered lines otherwise.
    static func render(_ passage: Passage) -> String {
        let reference = passage.reference
        if passage.verses.count == 1, let verse = passage.verses.first {
            return "\(reference) \(verse.text)\n"
        }
        let crossesChapters = reference.start.chapter != reference.end.chapter
        var out = "\(reference)\n"
        for verse in passage.verses {
            if verse.verse == 0 {
                out += "(\(verse.text))\n"
            } else if crossesChapters {
                out += "\(verse.chapter):\(verse.verse) \(verse.text)\n"
            } else {
                out += "\(verse.verse) \(verse.text)\n"
            }
        }
        return out
    }
}

/// Opens the Bible database named by `paths`, as a one-line error when it cannot.
func openBible(_ paths: PathOptions) throws -> BibleStore {
    do {
        return try BibleStore(path: paths.bibleURL.path)
    } catch {
        throw CommandFailure(error.description)
    }
}
