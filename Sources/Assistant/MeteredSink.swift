import Audio

/// Wraps the daemon's ``AudioSink`` to count how much speech was played (the virtual
/// clock moves by it) and to hand each played piece to an optional recorder (the demo's
/// session WAV). Used from the runtime's thread only; ``stop()`` forwards from any thread.
final class MeteredSink: AudioSink {
    let wrapped: any AudioSink
    /// Seconds played since the last ``resetMeter()``.
    private(set) var playedSeconds = 0.0
    var onPlay: ((_ samples: [Int16], _ sampleRate: Int) -> Void)?

    init(_ wrapped: any AudioSink) {
        self.wrapped = wrapped
    }

    func resetMeter() { playedSeconds = 0 }

    func play(_ samples: [Int16], sampleRate: Int) throws(AudioError) {
        try wrapped.play(samples, sampleRate: sampleRate)
        count(samples, sampleRate: sampleRate)
    }

    func queue(_ samples: [Int16], sampleRate: Int) throws(AudioError) {
        try wrapped.queue(samples, sampleRate: sampleRate)
        count(samples, sampleRate: sampleRate)
    }

    /// Moves the meter by `samples` and hands them to the recorder.
    private func count(_ samples: [Int16], sampleRate: Int) {
        playedSeconds += Double(samples.count) / Double(max(1, sampleRate))
        onPlay?(samples, sampleRate)
    }

    func stop() { wrapped.stop() }

    func close() { wrapped.close() }
}
