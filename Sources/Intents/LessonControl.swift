import Foundation

/// What a person says to hold the course while it speaks and to let it go on: "pause"
/// holds a lesson's segment (so does "stop", a ``Refusal`` word), "continue" resumes it
/// from the start of the sentence it was held in.
///
/// Long-form audio practice (Alexa's rules for it, a person reading aloud) lets the listener
/// pause and resume; these are the words, heard while the daemon speaks and while a
/// segment is held.
public enum LessonControl: String, CaseIterable, Sendable, Hashable {
    case pause
    case resume

    /// The word as the recogniser prints it.
    public var word: String {
        switch self {
        case .pause: "pause"
        case .resume: "continue"
        }
    }

    /// Every control word, for the vocabulary.
    public static var words: [String] { allCases.map(\.word) }

    /// The control `words` are, when they are one word of it alone (a typed "continue." too).
    public static func control(_ words: [String]) -> LessonControl? {
        guard words.count == 1, let word = words.first?.trimmingCharacters(in: .punctuationCharacters) else { return nil }
        return allCases.first { $0.word == word }
    }
}
