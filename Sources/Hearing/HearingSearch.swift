/// The searches hearing decodes an utterance with (``HearingPolicy`` names them,
/// ``HearingDecoders`` holds them).
public enum HearingSearch: Hashable, Sendable, CaseIterable {
    /// The command search: the command language model (``CommandSearch/languageModel``) or
    /// the grammar with its garbage path (``CommandSearch/grammar``).
    case commands
    /// The plain command grammar, no garbage path: it can only say one of its sentences. On
    /// a decoder of its own, beside ``commands``.
    case plainGrammar
    /// The plain command grammar without look-ups: what can act during a lesson, where a
    /// look-up is conversation. On the plain grammar's decoder, in its place.
    case lessonGrammar
    /// What may be said in a look-up's correction window (``LookupGrammar/correction(_:)``):
    /// a refusal, alone or before a look-up, or a look-up. On the plain grammar's decoder,
    /// in its place.
    case correctionGrammar
    /// The part of a look-up the daemon asked for (``LookupGrammar/missingPart(_:)``): the
    /// part alone, or what the correction window hears. On the plain grammar's decoder, in
    /// its place.
    case partGrammar
    /// The review question's answers, with the garbage path.
    case answer
    /// A free loop of phones, to verify a hypothesis against (``PhoneLoopVerification``).
    case phoneLoop
    /// PocketSphinx's stock en-us language model, without a compiled model.
    case stock
}
