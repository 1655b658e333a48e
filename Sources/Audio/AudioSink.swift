/// Where the daemon's voice goes: a loudspeaker (``ALSAPlayback``) or a stand-in that
/// records (``RecordingAudioSink``).
///
/// ``play(_:sampleRate:)`` is called from one thread (the speaking thread); ``stop()``
/// may be called from any thread to cut the sound short, for example at shutdown.
public protocol AudioSink: AnyObject {
    /// Plays mono signed 16-bit `samples` at `sampleRate` Hz (espeak-ng makes 22,050),
    /// returning when they have been heard (drained), or sooner after ``stop()``.
    func play(_ samples: [Int16], sampleRate: Int) throws(AudioError)
    /// Hands `samples` to the device to follow what it is playing, returning once they are
    /// queued rather than heard: a recording played a block at a time, or Piper's pieces of
    /// one speech, with no gap between them; the last goes through ``play(_:sampleRate:)``,
    /// which waits for it all to be heard. Cut short by ``stop()`` like `play`. By default
    /// the same as `play`.
    func queue(_ samples: [Int16], sampleRate: Int) throws(AudioError)
    /// Cuts the current playback now. Harmless when nothing plays.
    func stop()
    /// Releases the device.
    func close()
}

extension AudioSink {
    public func queue(_ samples: [Int16], sampleRate: Int) throws(AudioError) {
        try play(samples, sampleRate: sampleRate)
    }
}
