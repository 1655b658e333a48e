/// One of the seven spoken commands of the course (architecture seed, section 4.2).
///
/// The set is exhaustive: anything a person says that is not one of these is either an
/// answer to the review question (only while the question is asked) or rejected input.
/// The raw value is the seed's command id, which is also what logs and the text-mode
/// session print.
public enum Command: String, CaseIterable, Sendable, Hashable, Codable {
    case beginLesson = "BEGIN_LESSON"
    case readPassage = "READ_PASSAGE"
    case explainContext = "EXPLAIN_CONTEXT"
    case analyzeStructure = "ANALYZE_STRUCTURE"
    case summarizeThemes = "SUMMARIZE_THEMES"
    case askQuestion = "ASK_QUESTION"
    case endLesson = "END_LESSON"

    /// The canonical phrase a person says, capitalised as the seed writes it.
    public var phrase: String {
        switch self {
        case .beginLesson: "Begin the lesson"
        case .readPassage: "Read the passage"
        case .explainContext: "Explain the context"
        case .analyzeStructure: "Analyze the structure"
        case .summarizeThemes: "Summarize the key themes"
        case .askQuestion: "Ask the review question"
        case .endLesson: "End the lesson"
        }
    }

    /// The command's id as the seed spells it (`BEGIN_LESSON`, ...).
    public var id: String { rawValue }
}
