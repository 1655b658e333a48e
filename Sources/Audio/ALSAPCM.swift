import CAlsa
#if canImport(Glibc)
import Glibc
#endif

/// An open ALSA PCM stream (`snd_pcm_t*`) of mono signed 16-bit little-endian samples.
///
/// Ownership: this object owns the handle; ``close()`` or `deinit` closes it, once.
/// Threads: not thread-safe; use it from one thread at a time (``ALSAPlayback`` guards
/// its own). Units: counts are frames, which for one channel are samples; rates are Hz;
/// latency is microseconds.
public final class ALSAPCM: CapturePCM {
    /// Which way the samples go.
    public enum Direction: Sendable {
        case capture, playback
    }

    public let deviceName: String
    public let direction: Direction
    /// The rate the stream runs at, in Hz (ALSA's plug layer resamples if the hardware
    /// cannot do it).
    public let sampleRate: Int
    private var handle: OpaquePointer?

    /// Opens `device` ("default", "plughw:1,0", "null") in blocking mode and sets S16_LE,
    /// one channel, `sampleRate`, interleaved access with soft resampling allowed, and
    /// `latencyMicroseconds` of buffer (100 ms by default).
    public init(
        device: String, direction: Direction, sampleRate: Int = AudioFormat.sampleRate,
        latencyMicroseconds: Int = 100_000
    ) throws(AudioError) {
        self.deviceName = device
        self.direction = direction
        self.sampleRate = sampleRate
        ALSAPCM.silenceLibraryMessages
        var pcm: OpaquePointer?
        let stream = direction == .capture ? SND_PCM_STREAM_CAPTURE : SND_PCM_STREAM_PLAYBACK
        let opened = Int(snd_pcm_open(&pcm, device, stream, 0))
        guard opened >= 0, let pcm else {
            throw ALSAStatus.error(opened < 0 ? opened : -Int(ENODEV), device: device, operation: "cannot open for \(direction)")
        }
        let configured = Int(snd_pcm_set_params(
            pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED,
            1, UInt32(clamping: sampleRate), 1, UInt32(clamping: latencyMicroseconds)))
        guard configured >= 0 else {
            snd_pcm_close(pcm)
            throw ALSAStatus.error(configured, device: device, operation: "cannot set 16-bit mono at \(sampleRate) Hz")
        }
        handle = pcm
    }

    /// alsa-lib's own stderr diagnostics, turned off once per process: failures are
    /// reported through ``AudioError`` (see `Sources/CAlsa/shim.h`).
    private static let silenceLibraryMessages: Void = bible_course_alsa_silence_library_errors()

    deinit {
        if let handle { snd_pcm_close(handle) }
    }

    public func readFrames(into buffer: UnsafeMutableBufferPointer<Int16>) -> Int {
        guard let handle else { return -Int(EBADFD) }
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        return Int(snd_pcm_readi(handle, base, snd_pcm_uframes_t(buffer.count)))
    }

    /// As `snd_pcm_writei`: frames written from the front of `buffer`, or `-errno`.
    public func writeFrames(_ buffer: UnsafeBufferPointer<Int16>) -> Int {
        guard let handle else { return -Int(EBADFD) }
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        return Int(snd_pcm_writei(handle, base, snd_pcm_uframes_t(buffer.count)))
    }

    public func recover(from code: Int) -> Int {
        guard let handle else { return -Int(EBADFD) }
        return Int(snd_pcm_recover(handle, Int32(truncatingIfNeeded: code), 1))
    }

    /// Frames queued but not yet heard (`snd_pcm_delay`), or `-errno`.
    public func delay() -> Int {
        guard let handle else { return -Int(EBADFD) }
        var frames: snd_pcm_sframes_t = 0
        let status = Int(snd_pcm_delay(handle, &frames))
        return status < 0 ? status : Int(frames)
    }

    /// Throws away what is queued and stops (`snd_pcm_drop`), then makes the stream ready
    /// for more (`snd_pcm_prepare`).
    public func dropAndPrepare() {
        guard let handle else { return }
        snd_pcm_drop(handle)
        snd_pcm_prepare(handle)
    }

    /// Waits for what is queued to be played (`snd_pcm_drain`), then makes the stream
    /// ready for more. Returns 0 or `-errno`.
    @discardableResult
    public func drainAndPrepare() -> Int {
        guard let handle else { return -Int(EBADFD) }
        let drained = Int(snd_pcm_drain(handle))
        let prepared = Int(snd_pcm_prepare(handle))
        return drained < 0 ? drained : prepared
    }

    public func close() {
        if let handle { snd_pcm_close(handle) }
        handle = nil
    }
}
