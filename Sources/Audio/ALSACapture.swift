#if canImport(Glibc)
import Glibc
#endif

/// A microphone over ALSA delivering 16 kHz mono samples; one device, no retrying.
///
/// Overruns (-EPIPE), suspends and interrupted calls are recovered with
/// `snd_pcm_recover` and counted; a lost device (-ENODEV, -EBADFD: a USB microphone
/// unplugged) throws ``AudioError/deviceLost(name:reason:)``. ``CaptureLoop`` builds
/// the never-give-up microphone on top of this.
///
/// Owns its ``CapturePCM`` and closes it in ``close()`` or `deinit`. Use from one thread.
public final class ALSACapture: AudioSource {
    public let deviceName: String
    /// Overruns recovered so far (the reader fell behind and samples were lost).
    public private(set) var overruns = 0
    private var pcm: (any CapturePCM)?
    private var buffer: [Int16] = []
    /// Recoveries in a row before giving the caller an empty read.
    private let recoveriesPerRead = 3

    /// Opens `device` for capture at 16 kHz mono, ~`latencyMicroseconds` of buffer.
    public convenience init(device: String, latencyMicroseconds: Int = 100_000) throws(AudioError) {
        self.init(pcm: try ALSAPCM(device: device, direction: .capture, latencyMicroseconds: latencyMicroseconds))
    }

    /// Reads from an already open stream (a fake one in tests).
    public init(pcm: any CapturePCM) {
        self.deviceName = pcm.deviceName
        self.pcm = pcm
    }

    deinit { pcm?.close() }

    public func read(maxFrames: Int) throws(AudioError) -> [Int16] {
        guard let pcm else { throw .device(name: deviceName, reason: "read after close") }
        guard maxFrames > 0 else { return [] }
        if buffer.count < maxFrames { buffer = [Int16](repeating: 0, count: maxFrames) }
        var recoveries = 0
        while true {
            let code = buffer.withUnsafeMutableBufferPointer { whole in
                pcm.readFrames(into: UnsafeMutableBufferPointer(rebasing: whole[0..<maxFrames]))
            }
            if code >= 0 { return Array(buffer[0..<min(code, maxFrames)]) }
            switch ALSAStatus.kind(of: code) {
            case .recoverable:
                if code == -Int(EPIPE) { overruns += 1 }
                let recovered = pcm.recover(from: code)
                if recovered < 0 { throw ALSAStatus.error(recovered, device: deviceName, operation: "cannot recover from \(ALSAStatus.message(code))") }
                recoveries += 1
                if recoveries >= recoveriesPerRead { return [] }
            case .wouldBlock:
                return []
            case .deviceLost, .failure:
                throw ALSAStatus.error(code, device: deviceName, operation: "read failed")
            }
        }
    }

    public func close() {
        pcm?.close()
        pcm = nil
    }
}
