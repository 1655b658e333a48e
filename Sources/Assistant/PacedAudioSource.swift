import Audio
import Foundation

/// A stand-in microphone that blocks like a real one: delivers samples (a WAV file, in a
/// loop, read a block at a time) at real-time pace, 16 kHz. For `run --capture-file` in
/// benchmarks and on machines without a sound card, where ALSA's "null" device would
/// deliver silence as fast as it can be read. Used by the capture thread only.
public final class PacedAudioSource: AudioSource {
    private let file: WAVReader
    /// Whether the file has given samples since it was last started from its beginning: at
    /// its end without any (an empty file, or one cut short while looped), silence instead.
    private var gaveSamples = false
    private var empty = false
    private var delivered = 0
    private var started: ContinuousClock.Instant?
    private var closed = false

    /// Loops `file`; silence when it holds no samples.
    public init(file: WAVReader) {
        self.file = file
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
            if empty {
                chunk += [Int16](repeating: 0, count: maxFrames - chunk.count)
                break
            }
            let more = try file.read(maxFrames: maxFrames - chunk.count)
            if more.isEmpty {
                // The end: from the start again, or silence if nothing came since the last start.
                if gaveSamples {
                    gaveSamples = false
                    file.rewind()
                } else {
                    empty = true
                }
                continue
            }
            gaveSamples = true
            chunk += more
        }
        delivered += chunk.count
        return chunk
    }

    public func close() { closed = true }
}
