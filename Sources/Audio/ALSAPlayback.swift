import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A loudspeaker over ALSA: plays mono 16-bit samples on a named device ("default",
/// "plughw:0,0") and returns once they have been heard, so the caller knows when the
/// microphone may listen again (half-duplex).
///
/// The device is opened at the first ``play(_:sampleRate:)`` or ``queue(_:sampleRate:)`` (or by ``open(sampleRate:)``)
/// at that call's rate, and reopened when a later call brings another rate. Samples are
/// written in 50 ms pieces; underruns (-EPIPE) are recovered; a lost device throws
/// ``AudioError/deviceLost(name:reason:)`` and is reopened by the next `play`.
///
/// Threads: `play` and `close` from one thread (the speaking thread); ``stop()`` from any
/// thread: it sets a flag that `play` checks between pieces and while waiting for the
/// sound to drain, and `play` then drops what is queued (within ~50 ms). The handle is
/// touched only by the playing thread; the flag is behind a lock, hence
/// `@unchecked Sendable`.
public final class ALSAPlayback: AudioSink, @unchecked Sendable {
    public let deviceName: String
    private let latencyMicroseconds: Int
    private var pcm: ALSAPCM?
    private let flagLock = NSLock()
    private var stopRequested = false

    /// A sink for `device`; nothing is opened yet.
    public init(device: String, latencyMicroseconds: Int = 100_000) {
        self.deviceName = device
        self.latencyMicroseconds = latencyMicroseconds
    }

    /// Opens (or reopens) the device at `sampleRate` now, so a missing loudspeaker is
    /// reported at start-up rather than at the first sentence.
    public func open(sampleRate: Int) throws(AudioError) {
        if let pcm, pcm.sampleRate == sampleRate { return }
        // What was queued at the old rate plays out before the device is reopened.
        if let pcm { try? waitUntilHeard(pcm, sampleRate: pcm.sampleRate) }
        pcm?.close()
        pcm = nil
        pcm = try ALSAPCM(device: deviceName, direction: .playback, sampleRate: sampleRate,
                          latencyMicroseconds: latencyMicroseconds)
    }

    public func play(_ samples: [Int16], sampleRate: Int) throws(AudioError) {
        guard try write(samples, sampleRate: sampleRate), let pcm else { return }
        try waitUntilHeard(pcm, sampleRate: sampleRate)
    }

    public func queue(_ samples: [Int16], sampleRate: Int) throws(AudioError) {
        _ = try write(samples, sampleRate: sampleRate)
    }

    /// Writes `samples` into the device's buffer (opened at `sampleRate`), returning once the
    /// last is written; false when there was nothing to write or ``stop()`` cut it short
    /// (what was queued is dropped).
    private func write(_ samples: [Int16], sampleRate: Int) throws(AudioError) -> Bool {
        setStopRequested(false)
        guard !samples.isEmpty else { return false }
        try open(sampleRate: sampleRate)
        guard let pcm else { return false }
        let piece = max(1, sampleRate / 20)
        var offset = 0
        var recoveries = 0
        while offset < samples.count {
            if isStopRequested { pcm.dropAndPrepare(); return false }
            let end = min(samples.count, offset + piece)
            let written = samples.withUnsafeBufferPointer { all in
                pcm.writeFrames(UnsafeBufferPointer(rebasing: all[offset..<end]))
            }
            if written >= 0 {
                offset += written
                recoveries = 0
                continue
            }
            switch ALSAStatus.kind(of: written) {
            case .recoverable where recoveries < 3:
                recoveries += 1
                let recovered = pcm.recover(from: written)
                if recovered < 0 { throw fail(recovered, "cannot recover from \(ALSAStatus.message(written))") }
            case .wouldBlock:
                usleep(5_000)
            default:
                throw fail(written, "write failed")
            }
        }
        return true
    }

    public func stop() { setStopRequested(true) }

    /// The rate the device is open at; nil while it is closed.
    var openSampleRate: Int? { pcm?.sampleRate }

    public func close() {
        pcm?.close()
        pcm = nil
    }

    /// Waits while queued frames remain, checking for ``stop()`` every 20 ms at most.
    private func waitUntilHeard(_ pcm: ALSAPCM, sampleRate: Int) throws(AudioError) {
        while true {
            if isStopRequested { pcm.dropAndPrepare(); return }
            let queued = pcm.delay()
            if queued <= 0 { break }   // all heard, or the stream stopped (an underrun)
            let microseconds = min(20_000, queued * 1_000_000 / max(1, sampleRate))
            usleep(UInt32(max(1_000, microseconds)))
        }
        let drained = pcm.drainAndPrepare()
        if ALSAStatus.kind(of: drained) == .deviceLost { throw fail(drained, "drain failed") }
    }

    /// The error for `code`; a lost device is closed so the next `play` reopens it.
    private func fail(_ code: Int, _ operation: String) -> AudioError {
        let error = ALSAStatus.error(code, device: deviceName, operation: operation)
        if case .deviceLost = error { close() }
        return error
    }

    private var isStopRequested: Bool {
        flagLock.lock(); defer { flagLock.unlock() }
        return stopRequested
    }

    private func setStopRequested(_ value: Bool) {
        flagLock.lock(); stopRequested = value; flagLock.unlock()
    }
}
