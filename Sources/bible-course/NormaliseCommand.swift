import Support
import ArgumentParser
import Assistant
import Course
import Foundation
import Vocabulary
import Normalisation

/// `bible-course normalise`: the transcript normaliser over lines of text.
///
/// The JSON form is a stable interface other tools read:
/// `{"input": "read have a cook two four", "normalised": "read Habakkuk two four",
/// "terms": ["Habakkuk"], "references": ["Hab 2:4"]}`.
struct NormaliseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "normalise",
        abstract: "Put misheard or misspelt Bible names right in lines read from stdin.",
        discussion: """
            Each line is corrected toward the course's vocabulary (the 66 books, the names \
            and terms of the courses and of the vocabulary): first the reviewed correction \
            pairs of corrections.tsv, then names as written, then the words whose sounds \
            (from the recogniser's pronunciations) or, for a word no dictionary knows, \
            letters are closest to a name's, if close enough. Words a dictionary knows are \
            only replaced together with others or before a chapter or verse. What is not \
            corrected is printed exactly as it came. Without --json each line prints the \
            normalised text.
            """
    )

    @OptionGroup var paths: PathOptions

    @Option(help: "The reviewed correction pairs (heard<TAB>canonical a line).")
    var corrections: String?

    @Flag(help: "Print one JSON object per line: {\"input\", \"normalised\", \"terms\", \"references\"}.")
    var json = false

    func run() throws {
        let normaliser: Normaliser
        do {
            normaliser = try TranscriptNormaliserSetup.load(Self.inputs(paths, corrections: corrections))
        } catch {
            throw CommandFailure("cannot set up the normaliser: \(error)")
        }
        while let line = readLine(strippingNewline: true) {
            let result = normaliser.normalise(line)
            guard json else {
                print(result.normalisedText)
                continue
            }
            var json = JSONLine()
            json.add("input", line)
            json.add("normalised", result.normalisedText)
            json.add("terms", result.extractedTerms)
            json.add("references", result.references.map(\.compact))
            print(json.text)
        }
    }

    /// The normaliser set up at its first use (set-up reads cmudict: about half a second),
    /// as a function from a line to its normalised text; if it cannot be set up, it says
    /// so once on stderr (`consequence`: what happens then) and returns lines unchanged.
    static func onFirstUse(_ paths: PathOptions, consequence: String) -> (String) -> String {
        var normaliser: Normaliser??
        return { text in
            if normaliser == nil {
                do {
                    normaliser = .some(try TranscriptNormaliserSetup.load(inputs(paths)))
                } catch {
                    warn("the transcript normaliser cannot be set up (\(error)); \(consequence)")
                    normaliser = .some(nil)
                }
            }
            return normaliser??.normalise(text).normalisedText ?? text
        }
    }

    /// What the normaliser is built from, by the paths' defaults.
    static func inputs(_ paths: PathOptions, corrections: String? = nil) -> TranscriptNormaliserSetup.Inputs {
        let locations = paths.vocabularyLocations
        let loader = CurriculumLoader(directory: paths.curriculumURL, displayRoot: paths.curriculumPath ?? paths.curriculumURL.path)
        return TranscriptNormaliserSetup.Inputs(
            correctionsFile: corrections.map { URL(fileURLWithPath: $0) }
                ?? DataLocations.readOnlyDataFile(TranscriptCorrection.defaultFile, checkoutFolder: "Models"),
            pronunciationsFile: locations.pronunciationsFile,
            compiledDictionary: locations.modelDirectory.appendingPathComponent("bible.dict"),
            courseTerms: TranscriptNormaliserSetup.courseTerms(loader),
            bible: paths.bibleURL)
    }
}
