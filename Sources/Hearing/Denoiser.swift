import Audio

/// What takes a room's noise out of what the daemon hears (config `denoiser`;
/// docs/hearing.md, "Noise").
public enum Denoiser: String, CaseIterable, Sendable, Hashable {
    /// WebRTC's suppressor (``NoiseSuppressor``), per utterance after endpointing.
    case webrtc
    /// RNNoise (``RNNoiseStream``) over everything heard, before the endpointer.
    case rnnoise
    /// DeepFilterNet3 (``DeepFilterStream``) over everything heard, before the endpointer.
    case deepfilter

    /// The shipped front end: of those measured on held-out real recordings and Piper, the
    /// one after which the command decision hears most in noise (docs/hearing.md, "Noise").
    public static let shipped = Denoiser.deepfilter

    /// Whether it cleans the whole stream and its library loads; false for WebRTC's
    /// suppressor, and for a stream cleaner whose library is missing (WebRTC's is used then).
    public var cleansStream: Bool {
        switch self {
        case .webrtc: false
        case .rnnoise: RNNoise.shared != nil
        case .deepfilter: DeepFilter.shared != nil
        }
    }

    /// Why this stream cleaner cannot clean (its library is missing or does not load, and
    /// WebRTC's suppressor is used instead), for the daemon's log; nil when it can, and for
    /// WebRTC's suppressor.
    public var unavailable: String? {
        switch self {
        case .webrtc: nil
        case .rnnoise: RNNoise.shared == nil ? RNNoise.loadProblem ?? "RNNoise cannot be loaded" : nil
        case .deepfilter: DeepFilter.shared == nil ? DeepFilter.loadProblem ?? "DeepFilterNet3 cannot be loaded" : nil
        }
    }

    /// A new cleaner of the stream; nil for WebRTC's suppressor or when its library cannot
    /// be loaded or set up.
    public func makeStream() -> (any StreamCleaner)? {
        switch self {
        case .webrtc: nil
        case .rnnoise: RNNoise.shared.flatMap(RNNoiseStream.init)
        case .deepfilter: DeepFilter.shared.flatMap(DeepFilterStream.init)
        }
    }
}
