import Foundation
/// The one format the pipeline runs on: 16 kHz, mono, signed 16-bit samples, as the
/// en-us acoustic model expects.
public enum AudioFormat {
    /// The RMS level of a frame in dBFS (full scale 32768; a frame quieter than one step
    /// reads as one step, about -90 dBFS).
    public static func decibels(_ frame: [Int16]) -> Double {
        var sum = 0.0
        for sample in frame { sum += Double(sample) * Double(sample) }
        let rms = (sum / Double(max(1, frame.count))).squareRoot()
        return 20 * log10(max(rms, 1) / 32_768)
    }

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
