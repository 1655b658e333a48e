/// The three ALSA capture calls the capture path makes, with ALSA's return conventions,
/// so that ``ALSACapture`` and ``CaptureLoop`` can be tested against a fake that fails
/// the way ALSA fails (-EPIPE, -ENODEV, -EAGAIN) without a sound card.
///
/// Implemented by ``ALSAPCM``. Called from one thread at a time.
public protocol CapturePCM: AnyObject {
    /// The device name, for messages ("plughw:1,0").
    var deviceName: String { get }
    /// As `snd_pcm_readi` on a mono S16 stream: fills the front of `buffer` and returns
    /// the number of frames (samples) read, or a negative `-errno`.
    func readFrames(into buffer: UnsafeMutableBufferPointer<Int16>) -> Int
    /// As `snd_pcm_recover(pcm, code, 1)`: 0 when the stream is usable again, or a
    /// negative `-errno` when it is not.
    func recover(from code: Int) -> Int
    /// As `snd_pcm_close`. Idempotent.
    func close()
}
