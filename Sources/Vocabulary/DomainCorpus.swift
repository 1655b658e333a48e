import Scripture

/// The text the Bible-domain language model is estimated from, as sentences of words the
/// way the recogniser spells them (lower case, letters and apostrophes, numbers said):
/// every verse of the Berean Standard Bible; every verse named the ways people name one
/// ("as it says in habakkuk chapter two verse four", "turn to john three sixteen") and
/// followed by its opening words, as a preacher names a verse and reads it (so "verse
/// four the righteous" is likelier than "verse for the righteous"); every chapter named;
/// the course's lesson scripts and the vocabulary's terms.
public enum DomainCorpus {
    /// Words that introduce a reference, used in turn, one per verse.
    static let carriers = [
        "", "as it says in", "turn to", "read", "we read in", "look at", "open to", "in",
        "it is written in", "let us read",
    ]

    /// The corpus's sentences, each a line of words.
    public static func sentences(verses: [(book: Book, verse: Verse)], lessonScripts: [String], terms: [String]) -> [String] {
        var sentences: [String] = []
        for text in verses.map(\.verse.text) + lessonScripts {
            for sentence in sentenceTexts(text) {
                let said = words(sentence)
                if !said.isEmpty { sentences.append(said.joined(separator: " ")) }
            }
        }
        sentences += referencePhrases(verses)
        sentences += terms.map { words($0).joined(separator: " ") }.filter { !$0.isEmpty }
        return sentences
    }

    /// Every chapter named once, and every numbered verse named once (the forms and the
    /// carriers in turn) and followed by its first words.
    static func referencePhrases(_ verses: [(book: Book, verse: Verse)]) -> [String] {
        var phrases: [String] = []
        for book in BookCatalog.books where !book.hasOneChapter {
            for chapter in 1...book.chapterCount {
                phrases.append("\(book.spokenNames[chapter % book.spokenNames.count]) chapter \(NumberWords.spoken(chapter))")
            }
        }
        for (turn, (book, verse)) in verses.enumerated() where verse.verse > 0 {
            let name = book.spokenNames[turn % book.spokenNames.count]
            let chapter = NumberWords.spoken(verse.chapter), number = NumberWords.spoken(verse.verse)
            let place: String = if book.hasOneChapter {
                "\(name) verse \(number)"
            } else if turn % 3 == 2 {
                "\(name) \(chapter) \(number)"
            } else {
                "\(name) chapter \(chapter) verse \(number)"
            }
            let carrier = carriers[turn % carriers.count]
            let opening = words(sentenceTexts(verse.text).first ?? "").prefix(8).joined(separator: " ")
            phrases.append([carrier, place, opening].filter { !$0.isEmpty }.joined(separator: " "))
        }
        return phrases
    }

    /// `text` cut at sentence ends (. ? ! ; :), so that the model learns where sentences
    /// start and end rather than one long verse.
    static func sentenceTexts(_ text: String) -> [Substring] {
        text.split { ".?!;:".contains($0) }
    }

    /// The words of `text` as the recogniser spells them (``SpokenWords``).
    public static func words<Text: StringProtocol>(_ text: Text) -> [String] {
        SpokenWords.words(text)
    }
}
