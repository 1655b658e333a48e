import Intents

extension IntentMatcher {
    /// What `words` mean where `expected` is listened for: a command or look-up, what the
    /// correction window hears, the part of a look-up asked for, or an answer.
    public func meaning(of words: [String], expected: ExpectedSpeech) -> Intent {
        switch expected {
        case .commands, .lessonCommands: command(words: words)
        case .correction: correction(words: words)
        case .missingPart(let part): missingPart(words: words, of: part)
        case .answer: answer(words: words)
        }
    }
}
