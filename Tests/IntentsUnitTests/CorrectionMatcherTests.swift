import Intents
import Scripture
import Testing

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
        let meaning: String = switch IntentMatcher().correction(words: words) {
        case .refusal: "refusal"
        case .command(let command): command.id
        case .lookup(let reference): reference.compact
        case .rejected(.invalidReference): "no such passage"
        case .rejected(.nothingHeard): "nothing"
        case .rejected(.unmatched): "unmatched"
        case let other: "\(other)"
        }
        #expect(meaning == row.means, "\"\(row.words)\"")
    }
}
