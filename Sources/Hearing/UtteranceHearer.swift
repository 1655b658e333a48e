/// What hears the utterances an ``UtteranceListener`` cuts from a stream, each fed as it
/// arrives and finished when the endpointer closes it: the recogniser of commands
/// (``Recognizer``), or `listen`'s transcriber of free speech. One loop cuts the audio for
/// both, so a file and a microphone are cut alike wherever they are heard.
public protocol UtteranceHearer: AnyObject {
    /// What an utterance is heard as.
    associatedtype Heard
    /// A cleaner of the whole stream for the listener to run before its endpointer
    /// (``QuietRoomCleaner``); nil: the stream is heard as it comes.
    func makeStreamCleaner() -> QuietRoomCleaner?
    /// Opens an utterance; `streamCleaned`: whether its audio came through the cleaner.
    func begin(streamCleaned: Bool) throws
    /// The open utterance's next samples, and the same stretch as heard before the cleaner
    /// (nil: no cleaner, or not lined up).
    func feed(_ samples: [Int16], asHeard: [Int16]?) throws
    /// The open utterance has been quiet for `milliseconds` of its trailing silence.
    func heardQuiet(milliseconds: Int) throws
    /// Closes the open utterance: it ended after `quietMilliseconds` of trailing silence
    /// (nil: it was cut, or the stream ended).
    func finish(quietMilliseconds: Int?) throws -> Heard
    /// How many samples the open utterance has had so far.
    var utteranceSamples: Int { get }
}

extension Recognizer: UtteranceHearer {
    /// The shipped denoiser's stream cleaner when this recogniser hears a cleaned stream
    /// (``cleansStream``).
    public func makeStreamCleaner() -> QuietRoomCleaner? {
        cleansStream ? settings.denoiser.makeStream().map { QuietRoomCleaner($0, tuning: settings.tuning) } : nil
    }
}
