import Course
import Scripture
import Vocabulary
import Intents

/// What a person reads aloud to adapt the recogniser to their voice and room
/// (`scripts/record-adaptation.sh`, then `scripts/adapt.sh --recordings`): the seven
/// commands, a look-up of every book by its spoken name ("read habakkuk chapter two verse
/// four"), then Bible verses — the words the daemon listens for first, in the person's own
/// voice, which is where adaptation helps most.
///
/// Prompts are lower-case words as the recogniser spells them. Look-ups and verses are
/// picked at random from `seed`, so the same seed gives the same prompts.
public enum AdaptationPrompts {
    /// The prompts: commands and look-ups first, verses up to `count` in all (never fewer
    /// than the commands and look-ups). `verse` gives a verse's text; `speakable` says
    /// whether every word of a verse has a pronunciation (verses with names the dictionary
    /// lacks are skipped: they could not be aligned).
    public static func make(count: Int, seed: UInt64, verse: (Book, Int, Int) -> String?,
                            speakable: ([String]) -> Bool) -> [String] {
        var random = SplitMix64(seed: seed)
        var prompts = Command.allCases.map { GrammarText.words($0.phrase).joined(separator: " ") }
        for book in BookCatalog.books {
            let name = book.spokenNames.first ?? book.name.lowercased()
            let chapter = Int.random(in: 1...book.chapterCount, using: &random)
            let verseNumber = Int.random(in: 1...(book.verseCount(chapter: chapter) ?? 1), using: &random)
            prompts.append(book.hasOneChapter
                ? "read \(name) verse \(NumberWords.spoken(verseNumber))"
                : "read \(name) chapter \(NumberWords.spoken(chapter)) verse \(NumberWords.spoken(verseNumber))")
        }
        var attempts = 0
        while prompts.count < count, attempts < count * 50 {
            attempts += 1
            let book = BookCatalog.books[Int.random(in: 0..<BookCatalog.books.count, using: &random)]
            let chapter = Int.random(in: 1...book.chapterCount, using: &random)
            let number = Int.random(in: 1...(book.verseCount(chapter: chapter) ?? 1), using: &random)
            guard let text = verse(book, chapter, number), (40...110).contains(text.count),
                  !text.contains(where: \.isNumber) else { continue }
            let spoken = GrammarText.words(text)
            guard !spoken.isEmpty, speakable(spoken) else { continue }
            let line = spoken.joined(separator: " ")
            if !prompts.contains(line) { prompts.append(line) }
        }
        return prompts
    }
}
