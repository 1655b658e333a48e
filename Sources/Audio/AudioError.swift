/// Why audio could not be read, written, captured or played. Messages name the file or
/// device.
public enum AudioError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case unsupported(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    /// A device could not be opened, configured, read or written; `reason` is ALSA's
    /// message and the operation that failed.
    case device(name: String, reason: String)
    /// The device went away while in use (a USB microphone or speaker unplugged:
    /// ALSA's -ENODEV or -EBADFD). It may come back; ``CaptureLoop`` waits for it.
    case deviceLost(name: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): cannot read audio: \(reason)"
        case .unsupported(let path, let reason): return "\(path): unsupported audio: \(reason)"
        case .cannotWrite(let path, let reason): return "\(path): cannot write audio: \(reason)"
        case .device(let name, let reason): return "audio device \(name): \(reason)"
        case .deviceLost(let name, let reason): return "audio device \(name) was lost (unplugged?): \(reason)"
        }
    }
}
