import Course
import Foundation
import Scripture
import Vocabulary
import Phonetics
import Normalisation

/// Assembles the course's transcript normaliser from what is on disk: the 66 books, the
/// course's `terms` and the vocabulary's, the reviewed `corrections.tsv`, and what words
/// sound like (the authored pronunciations, the recogniser's compiled dictionary when it
/// has been built, cmudict, espeak-ng for the rest).
public enum TranscriptNormaliserSetup {
    /// How many of the stock language model's most frequent words count as everyday
    /// English: never corrected alone, and a book only before a chapter or verse.
    public static let everydayWordCount = 3000

    /// Everything the normaliser is built from.
    public struct Inputs: Sendable {
        public var correctionsFile: URL
        public var pronunciationsFile: URL
        /// The compiled model's `bible.dict`, if there is one.
        public var compiledDictionary: URL?
        public var courseTerms: [String]
        /// The Bible database, whose names are right as written; none when absent.
        public var bible: URL?
        public var cmudict = CMUDictionary.defaultPath
        public var stockLanguageModel = StockUnigrams.defaultPath

        public init(correctionsFile: URL, pronunciationsFile: URL, compiledDictionary: URL?, courseTerms: [String], bible: URL? = nil) {
            self.bible = bible
            self.correctionsFile = correctionsFile
            self.pronunciationsFile = pronunciationsFile
            self.compiledDictionary = compiledDictionary
            self.courseTerms = courseTerms
        }
    }

    /// The normaliser; an error names the file that could not be read.
    public static func load(_ inputs: Inputs) throws -> Normaliser {
        let corrections = try TranscriptCorrection.load(inputs.correctionsFile.path)
        let authored = try AuthoredLexicon.load(inputs.pronunciationsFile)
            .mapValues { $0.map { $0.phones.map(\.symbol).joined(separator: " ") } }
        var files: [String] = []
        if let compiled = inputs.compiledDictionary, FileManager.default.fileExists(atPath: compiled.path) {
            files.append(compiled.path)
        }
        files.append(inputs.cmudict)
        var names: Set<String> = []
        if let bible = inputs.bible, FileManager.default.fileExists(atPath: bible.path) {
            names = try BibleStore(path: bible.path).names()
        }
        let lexicon = try TranscriptLexicon.read(files, after: [authored], names: names)
        let everyday = try StockUnigrams.top(everydayWordCount, from: inputs.stockLanguageModel) { word in
            word.allSatisfy { $0.isLetter || $0 == "'" }
        }
        return Normaliser(
            terms: CanonicalTerm.vocabulary(terms: inputs.courseTerms + BibleVocabulary.terms),
            corrections: corrections, lexicon: lexicon, everyday: Set(everyday.map(\.word)))
    }

    /// The terms of every course under `loader`'s curriculum (a course that cannot be read
    /// adds none: its problems are `curriculum check`'s to report).
    public static func courseTerms(_ loader: CurriculumLoader) -> [String] {
        loader.courseIDs().flatMap { (try? loader.loadCourse($0).terms) ?? [] }
    }
}
