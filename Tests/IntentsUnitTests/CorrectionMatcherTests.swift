import Intents
import Scripture
import Testing

/// `intent` as the tables below write it: "refusal", a command's id, a compact reference,
/// or why it was rejected.
func described(_ intent: Intent) -> String {
    switch intent {
    case .refusal: "refusal"
    case .command(let command): command.id
    case .lookup(let reference): reference.compact
    case .rejected(.invalidReference): "no such passage"
    case .rejected(.nothingHeard): "nothing"
    case .rejected(.unmatched): "unmatched"
    case let other: "\(other)"
    }
}

/// What words heard or typed in a look-up's correction window mean.
@Suite("IntentMatcher: the correction window")
struct CorrectionMatcherTests {
    static let rows: [(words: String, means: String)] = [
        ("no", "refusal"),
        ("stop", "refusal"),
        ("wrong", "refusal"),
        ("cancel", "refusal"),
        ("no,", "refusal"),
        ("no esther chapter one verse eleven", "Esth 1:11"),
        ("no, esther chapter one verse eleven", "Esth 1:11"),
        ("no read esther chapter one verse eleven", "Esth 1:11"),
        ("esther chapter one verse eleven", "Esth 1:11"),
        ("read john three sixteen", "John 3:16"),
        ("wrong the twenty third psalm", "Ps 23"),
        ("no jude chapter four", "no such passage"),
        ("no i meant something else", "refusal"),
        ("", "nothing"),
        ("the kettle is on", "unmatched"),
        ("begin the lesson", "BEGIN_LESSON"),
        ("know", "unmatched"),
    ]

    @Test(arguments: rows.indices)
    func means(_ index: Int) {
        let row = Self.rows[index]
        let words = row.words.split(separator: " ").map(String.init)
        let meaning = described(IntentMatcher().correction(words: words))
        #expect(meaning == row.means, "\"\(row.words)\"")
    }
}

/// What the answer to "Ezra. Which chapter?" or "Ezra chapter one. Which verse?" means:
/// the part said alone is completed with what was heard before.
@Suite("IntentMatcher: the missing part of a look-up")
struct MissingPartMatcherTests {
    static let rows: [(part: String, words: String, means: String)] = [
        ("Ezra", "one", "Ezra 1"),
        ("Ezra", "chapter one", "Ezra 1"),
        ("Ezra", "chapter one verse eleven", "Ezra 1:11"),
        ("Ezra", "one eleven", "Ezra 1:11"),
        ("Ezra", "one verse eleven", "Ezra 1:11"),
        ("Ezra", "eleven", "no such passage"),
        ("Ezra 1", "eleven", "Ezra 1:11"),
        ("Ezra 1", "verse eleven", "Ezra 1:11"),
        ("Ezra 2", "verses eleven through fourteen", "Ezra 2:11-14"),
        ("Ezra 1", "ninety", "no such passage"),
        ("Jude", "five", "Jude 1:5"),
        ("Jude", "chapter one verse five", "Jude 1:5"),
        ("Ezra 1", "chapter one verse eleven", "Ezra 1:11"),
        ("Ezra 1", "chapter two verse three", "Ezra 2:3"),
        ("Psalms", "one hundred nineteen", "Ps 119"),
        ("First Corinthians", "thirteen four", "1Cor 13:4"),
        ("Ezra", "read esther chapter one verse eleven", "Esth 1:11"),
        ("Ezra", "esther chapter one verse eleven", "Esth 1:11"),
        ("Ezra", "no", "refusal"),
        ("Ezra", "begin the lesson", "BEGIN_LESSON"),
        ("Ezra", "the kettle is on", "unmatched"),
        ("Ezra", "", "nothing"),
    ]

    static func part(_ text: String) -> PartialReference {
        var words = text.split(separator: " ").map(String.init)
        let chapter = Int(words.last!)
        if chapter != nil { words.removeLast() }
        return PartialReference(book: BookCatalog.book(named: words.joined(separator: " "))!, chapter: chapter)
    }

    @Test(arguments: rows.indices)
    func means(_ index: Int) {
        let row = Self.rows[index]
        let words = row.words.split(separator: " ").map(String.init)
        let meaning = described(IntentMatcher().missingPart(words: words, of: Self.part(row.part)))
        #expect(meaning == row.means, "\(row.part): \"\(row.words)\"")
    }

    /// The part of a look-up that a second decode agrees on: only where its words open as a
    /// look-up does (a verb or a refusal, then the book).
    static let agreements: [(heard: String, other: String, part: String)] = [
        ("Ezra 1:11", "read ezra chapter ten verse seven", "Ezra"),
        ("Ezra 1:11", "read ezra chapter one verse seven", "Ezra 1"),
        ("Ezra 1:11", "read ezra chapter one verse what", "Ezra 1"),
        ("Ezra 1:11", "look up ezra it is", "Ezra"),
        ("Ezra 1:11", "no ezra chapter ten", "Ezra"),
        ("Ezra 1:11", "read esther chapter one verse eleven", "none"),
        ("Ezra 1:11", "ezra chapter ten verse seven", "none"),
        ("Ezra 1:11", "and then ezra read it", "none"),
        ("John 3:16", "read first john three sixteen", "none"),
        ("1John 3:16", "read first john three seventeen", "1John 3"),
        ("Jude 1:5", "read jude verse nine", "Jude 1"),
        ("Song 6:12", "read song of songs chapter six verse will", "Song 6"),
    ]

    @Test(arguments: agreements.indices)
    func agreedPart(_ index: Int) throws {
        let row = Self.agreements[index]
        let heard = try #require(try ScriptureReference.parse(row.heard).first)
        let part = IntentMatcher().partial(of: heard, heardAs: row.other.split(separator: " ").map(String.init))
        #expect((part?.compact ?? "none") == row.part, "\(row.heard) against \"\(row.other)\"")
    }
}
