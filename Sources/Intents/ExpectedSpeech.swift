import Scripture

/// What the daemon listens for next, chosen by the session state (the session machine's
/// `expectedSpeech`): the recogniser sets its searches by it, the typed session its matcher.
public enum ExpectedSpeech: Hashable, Sendable {
    /// Commands and Scripture look-ups: no lesson is active.
    case commands
    /// Commands during a lesson, where a look-up is conversation: hearing need not search
    /// for one (the lesson grammar).
    case lessonCommands
    /// The review question's answers (correct answer and variants).
    case answer([String])
    /// A look-up's correction window: a refusal ("no"), or another look-up with or without
    /// a refusal or its verb before it (the correction grammar).
    case correction
    /// The part of a look-up the daemon asked for ("Ezra. Which chapter?"): that part alone
    /// ("chapter one verse eleven", "eleven"), or anything the correction window hears
    /// (the part grammar).
    case missingPart(PartialReference)
}

extension ExpectedSpeech {
    /// Whether a look-up heard here may be heard in part (``PartialReference``) and its
    /// missing part asked for: not while the part asked for is awaited, nor where a look-up
    /// is conversation.
    public var asksForPassage: Bool {
        switch self {
        case .commands, .correction: true
        case .lessonCommands, .answer, .missingPart: false
        }
    }
}
