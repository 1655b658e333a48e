import Foundation

/// What a person says to turn down what the daemon has just said it will do: after it
/// says the reference of a look-up, "no" (or "stop", "wrong", "cancel"), alone or before
/// the reference they meant ("no, Ezra chapter one verse eleven").
///
/// Voice-UI practice confirms a costly action implicitly (say what was understood, then
/// act) and lets the person correct it in a word; these are the words.
public enum Refusal {
    /// The words that refuse, as the recogniser prints them.
    public static let words = ["no", "stop", "wrong", "cancel"]

    /// `words` without one refusing word at their start, and whether there was one.
    public static func strip(_ words: [String]) -> (refused: Bool, rest: [String]) {
        // A typed "no," refuses as a heard "no" does.
        guard let first = words.first?.trimmingCharacters(in: .punctuationCharacters), Self.words.contains(first) else {
            return (false, words)
        }
        return (true, Array(words.dropFirst()))
    }
}
