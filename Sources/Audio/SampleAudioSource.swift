import Foundation

/// The stand-in for absent hardware on the listening side: an ``AudioSource`` that
/// delivers samples held in memory (a WAV file, audio synthesised for a test or the
/// demo) in order, as a microphone would, and then nothing.
///
/// It never blocks: the pipeline runs as fast as it can, on virtual time. More audio
/// can be appended while it is read (the demo speaks the person's next line). Every
/// member may be called from any thread (one lock).
public final class SampleAudioSource: AudioSource, @unchecked Sendable {
    private let lock = NSLock()
    private var samples: [Int16]
    private var position = 0
    private var closed = false

    /// Delivers `samples` (16 kHz mono).
    public init(samples: [Int16] = []) {
        self.samples = samples
    }

    /// Delivers the audio of a WAV file, converted to 16 kHz mono (see ``WAVFile``).
    public convenience init(contentsOf url: URL) throws(AudioError) {
        self.init(samples: try WAVFile.read(url))
    }

    /// Adds 16 kHz mono samples after what is still to be read.
    public func append(_ more: [Int16]) {
        lock.lock(); defer { lock.unlock() }
        // Forget what has been read, so a long session does not grow without bound.
        if position > 0 {
            samples.removeFirst(position)
            position = 0
        }
        samples += more
    }

    /// Samples not yet read.
    public var remaining: Int {
        lock.lock(); defer { lock.unlock() }
        return samples.count - position
    }

    /// The next `maxFrames` samples or fewer; `[]` when everything has been read or the
    /// source is closed.
    public func read(maxFrames: Int) -> [Int16] {
        lock.lock(); defer { lock.unlock() }
        guard !closed, maxFrames > 0, position < samples.count else { return [] }
        let end = min(samples.count, position + maxFrames)
        defer { position = end }
        return Array(samples[position..<end])
    }

    public func close() {
        lock.lock(); closed = true; lock.unlock()
    }
}
