import Audio

/// The endpointer and the recogniser together: cuts a stream of audio into utterances and
/// recognises each one as it closes.
///
/// The daemon's runtime and recorded files (``RecordedSpeech``) hear through this one
/// driver, so a file is heard exactly as live audio would be: the utterance opens with its
/// pre-roll, is fed as it arrives, is decoded early during its trailing silence
/// (``Recognizer/heardQuiet(milliseconds:)``) and is finished when the endpointer closes it.
/// A class, so that what hears an utterance may look at the listener meanwhile. Not
/// thread-safe.
public final class UtteranceListener {
    public private(set) var endpointer: Endpointer
    public let recognizer: Recognizer
    /// True while an utterance is open in the recogniser.
    public private(set) var isOpen = false
    /// RNNoise over everything heard, before the endpointer (``Recognizer/cleansStream``).
    private let cleaner: RNNoiseStream?

    public init(recognizer: Recognizer, endpointer configuration: Endpointer.Configuration = Endpointer.Configuration()) {
        self.recognizer = recognizer
        endpointer = Endpointer(configuration: configuration)
        cleaner = recognizer.cleansStream ? RNNoise.shared.flatMap(RNNoiseStream.init) : nil
    }

    /// Hears one chunk of 16 kHz audio. Each utterance that closes in it goes to `heard`,
    /// with whether it was cut at the maximum length; `heard` returns false to drop the rest
    /// of the chunk (the daemon spoke meanwhile: the rest was heard before its reply). A
    /// recogniser error closes the open utterance and goes to `failed`; listening goes on.
    public func hear(_ samples: [Int16], heard: (Recognition, _ cut: Bool) -> Bool,
                              failed: (any Error) -> Void) {
        let samples = cleaner?.process(samples) ?? samples
        events: for event in endpointer.process(samples) {
            switch event {
            case .started(let audio):
                do {
                    try recognizer.begin()
                    try recognizer.feed(audio)
                    isOpen = true
                } catch {
                    isOpen = false
                    failed(error)
                }
            case .continued(let audio):
                guard isOpen else { continue }
                do { try recognizer.feed(audio) } catch {
                    isOpen = false
                    failed(error)
                }
            case .ended(let cut):
                guard isOpen else { continue }
                isOpen = false
                let recognition: Recognition
                do {
                    recognition = try recognizer.finish(
                        quietMilliseconds: cut ? nil : endpointer.configuration.trailingSilenceMilliseconds)
                } catch {
                    failed(error)
                    continue
                }
                if !heard(recognition, cut) { break events }
            }
        }
        guard isOpen else { return }
        do { try recognizer.heardQuiet(milliseconds: endpointer.quietMilliseconds) } catch {
            isOpen = false
            failed(error)
        }
    }

    /// Closes an utterance still open at the end of a recording; nil when none is.
    public func close() throws -> Recognition? {
        guard isOpen else { return nil }
        isOpen = false
        return try recognizer.finish()
    }
}
