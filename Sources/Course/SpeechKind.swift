/// What the daemon's voice was saying: a segment's script, a passage from `Bible.db`, a
/// fixed reply of the course, the reference of a passage asked for by name in IDLE, or
/// that passage.
public enum SpeechKind: String, Sendable, Hashable {
    case segment, passage, reply, reference, lookup
}
