/// The one format the pipeline runs on: 16 kHz, mono, signed 16-bit samples, as the
/// en-us acoustic model expects.
public enum AudioFormat {
    public static let sampleRate = 16_000
    /// Samples in `milliseconds` of audio.
    public static func samples(milliseconds: Int) -> Int { sampleRate * milliseconds / 1000 }
    /// The sample at `time` on a timeline of 16 kHz audio that starts at zero (the session
    /// clock's, where the daemon's voice and the microphone are lined up).
    public static func sample(at time: Duration) -> Int {
        Int((time / .seconds(1) * Double(sampleRate)).rounded())
    }
    /// Milliseconds in `samples`.
    public static func milliseconds(samples: Int) -> Double { Double(samples) * 1000 / Double(sampleRate) }
    /// How much audio the capture loop hands on at a time.
    public static let captureChunkMilliseconds = 100
    /// The length of one frame of the front end (the endpointer's and the decoder's).
    public static let frameMilliseconds = 10
    /// Samples in one frame.
    public static var frameSamples: Int { samples(milliseconds: frameMilliseconds) }
    /// Whole frames in `milliseconds`.
    public static func frames(milliseconds: Int) -> Int { milliseconds / frameMilliseconds }
    /// Milliseconds in `frames`.
    public static func milliseconds(frames: Int) -> Int { frames * frameMilliseconds }
}
