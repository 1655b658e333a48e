import Audio
import Foundation

/// A stand-in microphone that blocks like a real one: delivers samples (a WAV file, in a
/// loop) at real-time pace, 16 kHz. For `run --capture-file` in benchmarks and on machines
/// without a sound card, where ALSA's "null" device would deliver silence as fast as it
/// can be read. Used by the capture thread only.
public final class PacedAudioSource: AudioSource {
    private let samples: [Int16]
    private var position = 0
    private var delivered = 0
    private var started: ContinuousClock.Instant?
    private var closed = false

    /// Loops `samples` (16 kHz mono); silence when empty.
    public init(samples: [Int16]) {
        self.samples = samples.isEmpty ? [Int16](repeating: 0, count: AudioFormat.sampleRate) : samples
    }

    public func read(maxFrames: Int) throws(AudioError) -> [Int16] {
        guard !closed, maxFrames > 0 else { return [] }
        let start = started ?? ContinuousClock.now
        started = start
        // Wait until the audio would have been captured.
        let due = start + .seconds(double: Double(delivered + maxFrames) / Double(AudioFormat.sampleRate))
        let wait = due - ContinuousClock.now
        if wait > .zero { Thread.sleep(forTimeInterval: wait.seconds) }
        var chunk: [Int16] = []
        chunk.reserveCapacity(maxFrames)
        while chunk.count < maxFrames {
            let end = min(samples.count, position + maxFrames - chunk.count)
            chunk += samples[position..<end]
            position = end == samples.count ? 0 : end
        }
        delivered += chunk.count
        return chunk
    }

    public func close() { closed = true }
}
