import Audio
import Foundation

/// The whole session as one 16 kHz recording, both voices in time order: what was heard
/// and what was spoken (resampled from espeak-ng's rate). For `demo --output` and
/// `simulate --output`. On virtual time nothing overlaps: the daemon does not listen while
/// it speaks.
public final class SessionTape {
    public private(set) var samples: [Int16] = []

    public init() {}

    /// Appends `more` recorded at `sampleRate`.
    public func append(_ more: [Int16], sampleRate: Int) {
        samples += Resampler.resample(more, from: sampleRate, to: AudioFormat.sampleRate)
    }

    /// Seconds recorded.
    public var seconds: Double { Double(samples.count) / Double(AudioFormat.sampleRate) }

    /// Writes the recording as a 16-bit mono WAV file.
    public func write(to url: URL) throws(AudioError) {
        try WAVFile.write(samples, sampleRate: AudioFormat.sampleRate, to: url)
    }
}
