/// Takes a room's noise out of a stream of 16 kHz audio, piece by piece as it arrives,
/// before anything else hears it (``RNNoiseStream``, ``DeepFilterStream``): each piece
/// comes back as long as it went in, a fixed ``delaySamples`` late, whatever pieces the
/// audio arrives in.
public protocol StreamCleaner: AnyObject {
    /// How far the cleaned stream runs behind the input, in samples.
    var delaySamples: Int { get }
    /// `samples` cleaned, as many as went in.
    func process(_ samples: [Int16]) -> [Int16]
}
