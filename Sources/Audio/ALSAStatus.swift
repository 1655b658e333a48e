import CAlsa
#if canImport(Glibc)
import Glibc
#endif

/// The one place where ALSA's return codes become Swift: a negative code is an `-errno`,
/// sorted into what the caller should do about it and turned into an ``AudioError`` with
/// `snd_strerror`'s message and the device's name.
enum ALSAStatus {
    enum Kind: Equatable {
        /// Overrun or underrun (-EPIPE), suspend (-ESTRPIPE), interrupted call (-EINTR):
        /// `snd_pcm_recover` fixes these and the stream goes on.
        case recoverable
        /// Nothing available now (-EAGAIN); try again.
        case wouldBlock
        /// The device is gone (-ENODEV, -EBADFD): close it and reopen later.
        case deviceLost
        /// Anything else.
        case failure
    }

    /// What a negative ALSA return code means for the caller.
    static func kind(of code: Int) -> Kind {
        switch -code {
        case Int(EPIPE), Int(ESTRPIPE), Int(EINTR): return .recoverable
        case Int(EAGAIN): return .wouldBlock
        case Int(ENODEV), Int(EBADFD): return .deviceLost
        default: return .failure
        }
    }

    /// ALSA's message for `code` ("Broken pipe", "No such device").
    static func message(_ code: Int) -> String {
        guard let text = snd_strerror(Int32(truncatingIfNeeded: code)) else { return "error \(code)" }
        return String(cString: text)
    }

    /// The error for a failed `operation` on `device`.
    static func error(_ code: Int, device: String, operation: String) -> AudioError {
        let reason = "\(operation): \(message(code)) (\(code))"
        return kind(of: code) == .deviceLost ? .deviceLost(name: device, reason: reason) : .device(name: device, reason: reason)
    }

    /// `code` when it is not negative; otherwise the error for it.
    @discardableResult
    static func check(_ code: Int, device: String, operation: String) throws(AudioError) -> Int {
        guard code >= 0 else { throw error(code, device: device, operation: operation) }
        return code
    }
}
