import Intents

/// What a person said over the daemon's voice that cut it short: heard while it spoke,
/// and one of what ``SessionMachine/interrupts(_:)`` lets cut it ("stop", "pause", in IDLE
/// a look-up). The speaker stops at once and hands it back in its ``SpeakerOutcome``; the
/// ``SessionDriver`` routes it once the speech has ended.
public struct SpokenOver: Sendable, Hashable {
    /// What it asks of the session.
    public var input: HeardInput
    /// What it means, as logged.
    public var intent: Intent
    /// The words heard.
    public var text: String
    /// How it was decoded.
    public var decoding: DecodeReport?

    public init(input: HeardInput, intent: Intent, text: String, decoding: DecodeReport? = nil) {
        self.input = input
        self.intent = intent
        self.text = text
        self.decoding = decoding
    }
}
