import Audio
import Foundation

/// A stand-in microphone that blocks like a real one: delivers samples (a WAV file, in a
/// loop, read a block at a time) at real-time pace, 16 kHz. For `run --capture-file` in
/// benchmarks and on machines without a sound card, where ALSA's "null" device would
/// deliver silence as fast as it can be read.
///
/// It overruns as a microphone does: audio not read within ``bufferSeconds`` of being
/// captured (ALSA's buffer, ``ALSACapture``'s latency) is lost, counted in ``overruns``,
/// and reading goes on with what is captured now. Used by the capture thread only
/// (``overruns`` from any).
public final class PacedAudioSource: AudioSource, @unchecked Sendable {
    /// How long captured audio waits for its reader before it is lost: a microphone's buffer.
    public static let bufferSeconds = 0.1
    private let file: WAVReader
    /// Whether the file has given samples since it was last started from its beginning: at
    /// its end without any (an empty file, or one cut short while looped), silence instead.
    private var gaveSamples = false
    private var empty = false
    private var delivered = 0
    private var started: ContinuousClock.Instant?
    private var closed = false
    private let lock = NSLock()
    private var lost = 0

    /// Loops `file`; silence when it holds no samples.
    public init(file: WAVReader) {
        self.file = file
    }

    public var overruns: Int {
        lock.lock(); defer { lock.unlock() }
        return lost
    }

    public func read(maxFrames: Int) throws(AudioError) -> [Int16] {
        guard !closed, maxFrames > 0 else { return [] }
        let start = started ?? ContinuousClock.now
        started = start
        // Wait until the audio would have been captured.
        let due = start + .seconds(double: Double(delivered + maxFrames) / Double(AudioFormat.sampleRate))
        let wait = due - ContinuousClock.now
        if wait > .zero { Thread.sleep(forTimeInterval: wait.seconds) }
        // Captured but not read: past the buffer, the oldest is lost, as it is from a device.
        let behind = (ContinuousClock.now - start).seconds - Double(delivered) / Double(AudioFormat.sampleRate)
        if behind > Self.bufferSeconds + Double(maxFrames) / Double(AudioFormat.sampleRate) {
            lock.lock(); lost += 1; lock.unlock()
            var skipped = Int(behind * Double(AudioFormat.sampleRate)) - maxFrames
            while skipped > 0 {
                let gone = try take(min(skipped, AudioFormat.sampleRate))
                skipped -= gone.count
                delivered += gone.count
            }
        }
        let chunk = try take(maxFrames)
        delivered += chunk.count
        return chunk
    }

    /// The next `count` samples of the file, from its start again at its end.
    private func take(_ count: Int) throws(AudioError) -> [Int16] {
        var chunk: [Int16] = []
        chunk.reserveCapacity(count)
        while chunk.count < count {
            if empty {
                chunk += [Int16](repeating: 0, count: count - chunk.count)
                break
            }
            let more = try file.read(maxFrames: count - chunk.count)
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
        return chunk
    }

    public func close() { closed = true }
}
