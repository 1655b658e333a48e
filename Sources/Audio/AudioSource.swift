/// Where the pipeline's sound comes from: 16 kHz mono signed 16-bit samples
/// (``AudioFormat``), a microphone (``ALSACapture``, ``CaptureLoop``) or a stand-in.
///
/// A source is used by one thread at a time (the capture thread); it is a class because
/// it owns a device or a position in a stream.
public protocol AudioSource: AnyObject {
    /// Up to `maxFrames` samples (one channel, so frames are samples), blocking until
    /// some are available. Returns fewer, or none, when the device had nothing (a
    /// timeout, a recovered overrun) or the source is stopped; callers loop.
    func read(maxFrames: Int) throws(AudioError) -> [Int16]
    /// Releases the device. Reading afterwards fails or returns nothing.
    func close()
    /// Times audio was lost because it was not read before the device's buffer filled (an
    /// overrun: the reading thread was kept waiting); 0 for a source that cannot overrun.
    /// Safe to read from any thread.
    var overruns: Int { get }
}

extension AudioSource {
    public var overruns: Int { 0 }
}
