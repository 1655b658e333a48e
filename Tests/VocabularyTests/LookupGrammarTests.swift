import Foundation
import Scripture
import Testing
@testable import Vocabulary

/// The look-up grammar knows the Bible: what PocketSphinx can hear after a book is only a
/// chapter and verse that book has. Checked on the finite-state grammar PocketSphinx makes
/// of the compiled commands grammar (sphinxbase's `sphinx_jsgf2fsg`), so the test reads
/// the grammar the way the decoder does.
@Suite("Look-up grammar")
struct LookupGrammarTests {
    /// The compiled commands grammar as PocketSphinx's finite-state grammar.
    final class Compiled: Sendable {
        let fsg: FiniteStateGrammar

        init() throws {
            let fixture = try ModelFixture()
            let (model, _) = try ModelCompiler.prepare(fixture.inputs, in: fixture.modelDirectory)
            // The garbage path accepts anything; the look-ups are what is checked here.
            let grammar = GarbageModel.reweighted(try fixture.read(model.commandsGrammar), weight: 0)
            fsg = try FiniteStateGrammar(try FiniteStateGrammar.convert(grammar, top: "commands.utterance"))
        }
    }

    static let compiled = Result { try Compiled() }

    @Test("every chapter and verse that exists can be said, in the usual phrasings", arguments: [
        "read genesis chapter fifty verse twenty six", "read psalm one hundred nineteen verse one hundred seventy six",
        "read psalm twenty three", "look up john three sixteen", "turn to romans eight verse twenty eight",
        "open first corinthians chapter thirteen", "read john chapter three verses sixteen through eighteen",
        "read jude five", "read jude verse twenty five", "read obadiah chapter one verse twenty one",
        "read third john verses one through four", "read psalms one hundred fifty",
    ])
    func possibleLookups(_ phrase: String) throws {
        let fsg = try Self.compiled.get().fsg
        #expect(fsg.accepts(phrase.split(separator: " ").map(String.init)), "\(phrase)")
    }

    @Test("a chapter or verse beyond the book cannot be heard", arguments: [
        "read genesis chapter fifty one", "read psalm chapter one hundred fifty one", "read jude chapter two",
        "read ruth one twenty four", "read joel eight twelve", "read jude twenty six",
        "read philemon verse one hundred", "read revelation chapter twenty three",
    ])
    func impossibleLookups(_ phrase: String) throws {
        let fsg = try Self.compiled.get().fsg
        #expect(!fsg.accepts(phrase.split(separator: " ").map(String.init)), "\(phrase)")
    }

    @Test("each book's ranges come from its versification")
    func rangesFollowVersification() throws {
        let fsg = try Self.compiled.get().fsg
        for book in BookCatalog.books {
            let name = book.spokenNames[0]
            let verses = (1...book.chapterCount).compactMap { book.verseCount(chapter: $0) }.max()!
            if book.hasOneChapter {
                #expect(fsg.accepts("read \(name) verse \(NumberWords.spoken(verses))".split(separator: " ").map(String.init)))
                #expect(!fsg.accepts("read \(name) verse \(NumberWords.spoken(verses + 1))".split(separator: " ").map(String.init)))
            } else {
                let last = "read \(name) chapter \(NumberWords.spoken(book.chapterCount)) verse \(NumberWords.spoken(verses))"
                #expect(fsg.accepts(last.split(separator: " ").map(String.init)), "\(last)")
                let beyond = "read \(name) chapter \(NumberWords.spoken(book.chapterCount + 1))"
                #expect(!fsg.accepts(beyond.split(separator: " ").map(String.init)), "\(beyond)")
            }
        }
    }

    @Test("numbers(upTo:) says exactly 1 … n", arguments: [1, 9, 19, 20, 23, 50, 99, 100, 101, 150, 176])
    func numberRanges(_ n: Int) throws {
        let below = n > 100 ? ["upto_\(n - 100)": LookupGrammar.numbers(upTo: n - 100)] : [:]
        let fsg = try FiniteStateGrammar(jsgfRule: LookupGrammar.numbers(upTo: n), rules: below)
        for k in 1...min(199, n + 30) {
            #expect(fsg.accepts(NumberWords.spoken(k).split(separator: " ").map(String.init)) == (k <= n), "\(k) of 1…\(n)")
        }
    }
}
