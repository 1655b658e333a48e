import Scripture

/// What the session is doing in IDLE besides waiting for a command or a look-up.
///
/// A look-up is confirmed implicitly, as a person reading to someone would: the reference
/// is said, and for a short window (``SessionTiming/correctionWindow``) the person can
/// still turn it down ("no") or name another passage before it is read.
public enum IdleTurn: Sendable, Hashable {
    /// Waiting for a command or a look-up.
    case waiting
    /// The reference of this passage has been said; the correction window is open.
    case correctionWindow(ScriptureReference)
    /// This passage is being read, a verse at a time; between verses "stop" (or "no")
    /// ends it and another reference replaces it.
    case reading(ScriptureReference)
    /// A look-up was heard only in part: the daemon said that part and asked for the rest
    /// ("Ezra. Which chapter?"); for ``SessionTiming/missingPartWait`` the answer is
    /// awaited.
    case askingFor(PartialReference)
}
