import Scripture

/// The built-in vocabulary of the course: the 66 books and their spoken variants, the
/// number words of every chapter and verse that exists, the command phrases, the ways of
/// asking for a passage, and theological terms.
///
/// Rules it fills: `command`, `refusal` (the words that turn a look-up down in its
/// correction window), `control` ("pause", "continue"), `lookup` (``LookupGrammar``: each book with its own chapter
/// and verse ranges), `term`, and the classes `book`, `digit`, `teen`, `decade`, `verb`
/// (also for users' own templates). The authored pronunciations come from `Models/pronunciations.tsv`.
public enum BibleVocabulary {
    public static let identifier = "bible-course.vocabulary"
    /// Bumped when the built-in phrases change, so compiled models are rebuilt.
    public static let version = "6"

    /// The highest chapter or verse number in the Bible (Psalm 119:176).
    public static let highestNumber = 176

    /// Terms of the course's subject, for answers and the transcript normaliser.
    public static let terms = [
        "justification", "sanctification", "propitiation", "covenant", "atonement", "redemption",
        "righteousness", "grace", "faith", "repentance", "resurrection", "incarnation", "messiah",
        "gospel", "prophet", "apostle", "sabbath", "passover", "exodus", "tabernacle", "temple",
        "sacrifice", "blessing", "creation", "beatitudes", "kingdom of heaven", "shepherd", "rainbow",
        "abraham", "abram", "moses", "noah", "david", "israel", "pharaoh", "sinai", "canaan",
    ]

    /// The rule of the course's commands.
    public static let commandRule = "command"
    /// The rule of the words that turn down a look-up whose reference was just said.
    public static let refusalRule = "refusal"
    /// The rule of the words that hold a lesson's segment and let it go on ("pause",
    /// "continue").
    public static let controlRule = "control"

    /// Verbs that ask for a passage.
    public static let lookupVerbs = ["read", "look up", "open", "turn to"]

    /// The definition, given the command phrases (from the course) in the form a person
    /// says them, and the openings of questions to the course ("what does the bible say
    /// about"), which the command language model learns so that a spoken question is heard
    /// by its opening (what follows is heard as everyday words and never read), and the
    /// words that turn a look-up down in its correction window ("no"), and those that hold
    /// a lesson's segment and resume it ("pause", "continue").
    public static func definition(commands: [String], questions: [String], refusals: [String], controls: [String]) -> VocabularyDefinition {
        var phrases: [VocabularyDefinition.PhraseCount] = []
        for command in commands {
            phrases.append(.init(command.lowercased(), count: 1000, rule: commandRule))
        }
        for refusal in refusals {
            phrases.append(.init(refusal, count: 1000, rule: refusalRule))
        }
        for control in controls {
            phrases.append(.init(control, count: 1000, rule: controlRule))
        }
        for question in questions {
            phrases.append(.init(question.lowercased(), count: 100, rule: "question"))
        }
        var books: [String] = []
        for book in BookCatalog.books {
            for (index, name) in book.spokenNames.enumerated() {
                // The first spoken name is the usual one; variants are said less often.
                let count = index == 0 ? 1000 : 300
                phrases.append(.init(name, count: count, rule: LookupGrammar.bookRule(book)))
                guard !books.contains(name) else { continue }
                books.append(name)
                phrases.append(.init(name, count: count, rule: "book"))
            }
        }
        // Numbers are built from these parts (<number> in Grammars/commands.jsgf, and the
        // look-up's ranges), a far smaller search than 176 separate phrases.
        let digits = (1...9).map(NumberWords.spoken)
        let teens = (10...19).map(NumberWords.spoken)
        let decades = stride(from: 20, through: 90, by: 10).map(NumberWords.spoken)
        for verb in lookupVerbs {
            phrases.append(.init(verb, count: verb == "read" ? 1000 : 200, rule: "verb"))
        }
        for term in terms {
            phrases.append(.init(term, count: 300, rule: "term"))
        }
        return VocabularyDefinition(
            identifier: identifier, version: version, locale: "en-US",
            phraseCounts: phrases,
            classes: ["book": books, "digit": digits, "teen": teens, "decade": decades, "verb": lookupVerbs],
            rules: LookupGrammar.rules()
        )
    }
}
