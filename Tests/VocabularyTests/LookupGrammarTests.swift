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
            let grammar = try model.grammars().commands.withGarbage(weight: 0)
            fsg = try FiniteStateGrammar(try FiniteStateGrammar.convert(grammar.jsgf, top: "commands.utterance"))
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

    @Test("during a lesson the grammar hears the commands and questions, never a look-up")
    func lessonGrammar() throws {
        let fixture = try ModelFixture()
        let (model, _) = try ModelCompiler.prepare(fixture.inputs, in: fixture.modelDirectory)
        let plain = try model.grammars().commands.withGarbage(weight: 0)
        let lesson = try #require(LookupGrammar.withoutLookups(plain))
        let fsg = try FiniteStateGrammar(try FiniteStateGrammar.convert(lesson.jsgf, top: "commands.utterance"))
        for command in ["begin the lesson", "read the passage", "summarize the key themes", "end the lesson"] {
            #expect(fsg.accepts(command.split(separator: " ").map(String.init)), "\(command)")
        }
        for lookup in ["read john three sixteen", "look up romans eight", "turn to the twenty third psalm"] {
            #expect(!fsg.accepts(lookup.split(separator: " ").map(String.init)), "\(lookup)")
        }
        #expect(fsg.arcs.count * 10 < (try Self.compiled.get().fsg.arcs.count), "\(fsg) against the whole grammar's")
    }

    @Test("the correction window hears a refusal, a passage with or without a refusal or a verb, a command; the passage's states once")
    func correctionGrammar() throws {
        let fixture = try ModelFixture()
        let (model, _) = try ModelCompiler.prepare(fixture.inputs, in: fixture.modelDirectory)
        let plain = try model.grammars().commands.withGarbage(weight: 0)
        let correction = try #require(LookupGrammar.correction(plain))
        let fsg = try FiniteStateGrammar(try FiniteStateGrammar.convert(correction.jsgf, top: "commands.utterance"))
        for heard in ["no", "stop", "no esther chapter one verse eleven", "no read john three sixteen", "cancel turn to the twenty third psalm",
                      "read john three sixteen", "john three sixteen", "the fifth chapter of romans", "wrong jude five",
                      "begin the lesson", "end the lesson", "pause", "continue"] {
            #expect(fsg.accepts(heard.split(separator: " ").map(String.init)), "\(heard)")
        }
        for unheard in ["no no", "read", "no read", "read no john three sixteen", "john three sixteen no", "no jude chapter two",
                        "no begin the lesson"] {
            #expect(!fsg.accepts(unheard.split(separator: " ").map(String.init)), "\(unheard)")
        }
        // PocketSphinx copies a rule's states at each reference: the passage named once keeps
        // the search about the size of the whole command grammar's (four copies held 60 MB more).
        #expect(fsg.arcs.count * 2 < (try Self.compiled.get().fsg.arcs.count) * 3, "\(fsg) against the whole grammar's")
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
        let fsg = try FiniteStateGrammar(rule: LookupGrammar.numbers(upTo: n), rules: below)
        for k in 1...min(199, n + 30) {
            #expect(fsg.accepts(NumberWords.spoken(k).split(separator: " ").map(String.init)) == (k <= n), "\(k) of 1…\(n)")
        }
    }

    @Test("a chapter can be named by its ordinal, before the book", arguments: [
        "read the twenty third psalm", "read the hundredth psalm", "read the one hundredth psalm",
        "read the one hundred fiftieth psalm", "read the one hundred and nineteenth psalm", "turn to the fifth chapter of romans",
        "open the first chapter of genesis", "read the fiftieth chapter of genesis", "read the third chapter of first john",
    ])
    func ordinalLookups(_ phrase: String) throws {
        let fsg = try Self.compiled.get().fsg
        #expect(fsg.accepts(phrase.split(separator: " ").map(String.init)), "\(phrase)")
    }

    @Test("an ordinal beyond the book cannot be heard", arguments: [
        "read the one hundred fifty first psalm", "read the twenty second chapter of john", "read the first chapter of jude",
        "read the fifty first chapter of genesis", "read the sixth chapter of first john",
    ])
    func impossibleOrdinals(_ phrase: String) throws {
        let fsg = try Self.compiled.get().fsg
        #expect(!fsg.accepts(phrase.split(separator: " ").map(String.init)), "\(phrase)")
    }

    /// Hearing and parsing agree: every ordinal form the grammar lets a person say reads
    /// as the chapter it names, and the ordinals beyond a book are neither heard nor read.
    @Test("every ordinal chapter the grammar hears, the parser reads as that chapter")
    func ordinalsAgreeWithTheParser() throws {
        let fsg = try Self.compiled.get().fsg
        for book in BookCatalog.books where !book.hasOneChapter {
            let name = book.spokenNames[0]
            for chapter in 1...(book.chapterCount + 1) {
                let phrase = book.id == 19 ? "the \(NumberWords.spokenOrdinal(chapter)) psalm"
                    : "the \(NumberWords.spokenOrdinal(chapter)) chapter of \(name)"
                let heard = fsg.accepts(("read " + phrase).split(separator: " ").map(String.init))
                let read = try? ScriptureReference.parse(phrase).map(\.compact)
                #expect(heard == (chapter <= book.chapterCount), "\(phrase)")
                #expect(read == (chapter <= book.chapterCount ? ["\(book.osis) \(chapter)"] : nil), "\(phrase)")
            }
        }
    }

    @Test("ordinals(upTo:) says exactly 1st … nth", arguments: [1, 9, 19, 20, 23, 50, 99, 100, 101, 150])
    func ordinalRanges(_ n: Int) throws {
        var below = ["ordinal_digit": GrammarExpansion.anyOf((1...9).map { .words(NumberWords.spokenOrdinal($0)) })]
        if n > 100 { below["ordinal_upto_\(n - 100)"] = LookupGrammar.ordinals(upTo: n - 100) }
        let fsg = try FiniteStateGrammar(rule: LookupGrammar.ordinals(upTo: n), rules: below)
        for k in 1...min(199, n + 30) {
            #expect(fsg.accepts(NumberWords.spokenOrdinal(k).split(separator: " ").map(String.init)) == (k <= n), "\(k) of 1…\(n)")
        }
    }
}
