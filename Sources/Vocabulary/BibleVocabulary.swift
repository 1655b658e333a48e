import Scripture

/// The built-in vocabulary of the course: the 66 books and their spoken variants, the
/// number words of every chapter and verse that exists, the command phrases, the ways of
/// asking for a passage, and theological terms.
///
/// Rules it fills: `command`, `lookup` (templates over the classes `book`, `number`,
/// `verb`), `term`. The authored pronunciations come from `Models/pronunciations.tsv`.
public enum BibleVocabulary {
    public static let identifier = "bible-course.vocabulary"
    /// Bumped when the built-in phrases change, so compiled models are rebuilt.
    public static let version = "1"

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

    /// Verbs that ask for a passage.
    public static let lookupVerbs = ["read", "look up", "open", "turn to"]

    /// The definition, given the command phrases (from the course) in the form a person
    /// says them.
    public static func definition(commands: [String]) -> VocabularyDefinition {
        var phrases: [VocabularyDefinition.PhraseCount] = []
        for command in commands {
            phrases.append(.init(command.lowercased(), count: 1000, rule: "command"))
        }
        var books: [String] = []
        for book in BookCatalog.books {
            for (index, name) in book.spokenNames.enumerated() where !books.contains(name) {
                books.append(name)
                // The first spoken name is the usual one; variants are said less often.
                phrases.append(.init(name, count: index == 0 ? 1000 : 300, rule: "book"))
            }
        }
        // Numbers are built in the grammar source from these parts (<number> in
        // Grammars/commands.jsgf), which covers every chapter and verse number (1...176)
        // with a far smaller search than 176 separate phrases.
        let digits = (1...9).map(NumberWords.spoken)
        let teens = (10...19).map(NumberWords.spoken)
        let decades = stride(from: 20, through: 90, by: 10).map(NumberWords.spoken)
        for verb in lookupVerbs {
            phrases.append(.init(verb, count: verb == "read" ? 1000 : 200, rule: "verb"))
        }
        for term in terms {
            phrases.append(.init(term, count: 300, rule: "term"))
        }
        let templates: [VocabularyDefinition.Template] = [
            .init("<verb> <book> chapter <number> verse <number>", count: 3000, rule: "lookup"),
            .init("<verb> <book> <number> <number>", count: 2000, rule: "lookup"),
            .init("<verb> <book> chapter <number>", count: 1000, rule: "lookup"),
            .init("<verb> <book> <number>", count: 1000, rule: "lookup"),
            .init("<verb> <book> <number> verse <number>", count: 500, rule: "lookup"),
            .init("<verb> <book> verse <number>", count: 500, rule: "lookup"),
            .init("<verb> <book> chapter <number> verses <number> through <number>", count: 300, rule: "lookup"),
            .init("<verb> <book> chapter <number> verse <number> through <number>", count: 300, rule: "lookup"),
            .init("<verb> <book> <number> <number> through <number>", count: 300, rule: "lookup"),
        ]
        return VocabularyDefinition(
            identifier: identifier, version: version, locale: "en-US",
            phraseCounts: phrases, templates: templates,
            classes: ["book": books, "digit": digits, "teen": teens, "decade": decades, "verb": lookupVerbs]
        )
    }
}
