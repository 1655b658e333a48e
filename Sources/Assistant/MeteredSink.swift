import Audio

/// Wraps the daemon's ``AudioSink`` to count how much speech was played (the virtual
/// clock moves by it) and to hand each played piece to an optional recorder (the demo's
/// session WAV). With ``whilePlaying`` set, speech is handed to the device a tenth of a
/// second at a time and `whilePlaying` is asked after each piece whether to cut it (the
/// person spoke over it): then the device is stopped and nothing more plays until
/// ``resetMeter()``. Used from the runtime's thread only; ``stop()`` forwards from any
/// thread.
final class MeteredSink: AudioSink {
    let wrapped: any AudioSink
    /// Seconds played since the last ``resetMeter()``.
    private(set) var playedSeconds = 0.0
    var onPlay: ((_ samples: [Int16], _ sampleRate: Int) -> Void)?
    /// Called with each piece handed to the device; true cuts the speech.
    var whilePlaying: ((_ samples: [Int16], _ sampleRate: Int) -> Bool)?
    /// Whether ``whilePlaying`` cut the speech since the last ``resetMeter()``.
    private(set) var isCut = false

    init(_ wrapped: any AudioSink) {
        self.wrapped = wrapped
    }

    func resetMeter() {
        playedSeconds = 0
        isCut = false
    }

    func play(_ samples: [Int16], sampleRate: Int) throws(AudioError) {
        try hand(samples, sampleRate: sampleRate, waiting: true)
    }

    func queue(_ samples: [Int16], sampleRate: Int) throws(AudioError) {
        try hand(samples, sampleRate: sampleRate, waiting: false)
    }

    /// Plays (`waiting` until heard) or queues `samples`, in pieces when something hears
    /// while they play.
    private func hand(_ samples: [Int16], sampleRate: Int, waiting: Bool) throws(AudioError) {
        guard !isCut else { return }
        guard let whilePlaying else {
            if waiting { try wrapped.play(samples, sampleRate: sampleRate) } else { try wrapped.queue(samples, sampleRate: sampleRate) }
            count(samples, sampleRate: sampleRate)
            return
        }
        let piece = max(1, sampleRate / 10)
        var offset = 0
        while offset < samples.count {
            let end = min(samples.count, offset + piece)
            let part = Array(samples[offset..<end])
            if waiting && end == samples.count {
                try wrapped.play(part, sampleRate: sampleRate)
            } else {
                try wrapped.queue(part, sampleRate: sampleRate)
            }
            count(part, sampleRate: sampleRate)
            if whilePlaying(part, sampleRate) {
                isCut = true
                wrapped.stop()
                return
            }
            offset = end
        }
    }

    /// Moves the meter by `samples` and hands them to the recorder.
    private func count(_ samples: [Int16], sampleRate: Int) {
        playedSeconds += Double(samples.count) / Double(max(1, sampleRate))
        onPlay?(samples, sampleRate)
    }

    func stop() { wrapped.stop() }

    func close() { wrapped.close() }
}
