import Foundation

/// Free speech to text with a language model (the Bible-domain model of
/// `bible-course listen`, or PocketSphinx's stock one to compare): cuts the audio into
/// utterances with the ``Endpointer`` and decodes each whole (its own feature
/// normalisation), reporting where it lies in the audio.
///
/// Not thread-safe: one caller at a time.
public final class Transcriber {
    /// One utterance and what was heard in it.
    public struct Utterance: Sendable, Hashable {
        /// Seconds from the start of the audio: where the utterance's audio opens (its
        /// pre-roll included) and where the speech ends (its trailing silence left out).
        public let start: Double
        public let end: Double
        public let hypothesis: Hypothesis
        /// How well the words fit the sound, 0-1 (``Recognizer/confidence(wordScore:)``).
        public let confidence: Double
        /// The words heard.
        public var text: String { hypothesis.words.joined(separator: " ") }
    }

    private let decoder: PocketSphinxDecoder
    private let endpointer: Endpointer.Configuration

    /// - Parameters:
    ///   - maximumSeconds: an utterance longer than this is cut (people reading aloud pause
    ///     less than people giving commands).
    public init(languageModel: URL, dictionary: URL, maximumSeconds: Int = 20,
                logFile: String = "/dev/null") throws(RecognizerError) {
        decoder = try PocketSphinxDecoder(dictionary: dictionary.path, options: ["-cmn": "batch"], logFile: logFile)
        try decoder.setLanguageModel("domain", path: languageModel.path)
        try decoder.activate("domain")
        var endpointer = Endpointer.Configuration()
        endpointer.maximumMilliseconds = maximumSeconds * 1000
        endpointer.trailingSilenceMilliseconds = 600
        self.endpointer = endpointer
    }

    /// The utterances of `samples` (16 kHz mono), in order.
    public func transcribe(_ samples: [Int16]) throws(RecognizerError) -> [Utterance] {
        var cutter = Endpointer(configuration: endpointer)
        var utterances: [Utterance] = []
        var audio: [Int16] = []
        var start = 0
        var position = 0
        let trailing = endpointer.trailingSilenceMilliseconds * PocketSphinxDecoder.sampleRate / 1000
        func finish(trailingSilence: Int) throws(RecognizerError) {
            guard !audio.isEmpty else { return }
            let hypothesis = try decoder.decode(audio)
            let rate = Double(PocketSphinxDecoder.sampleRate)
            utterances.append(Utterance(
                start: Double(start) / rate, end: Double(start + max(0, audio.count - trailingSilence)) / rate,
                hypothesis: hypothesis,
                confidence: hypothesis.wordScorePerFrame.map(Recognizer.confidence(wordScore:)) ?? 0))
            audio = []
        }
        let frame = Endpointer.frameSamples
        while position < samples.count {
            let end = min(samples.count, position + frame)
            for event in cutter.process(Array(samples[position..<end])) {
                switch event {
                case .started(let preroll):
                    start = max(0, end - preroll.count)
                    audio = preroll
                case .continued(let more):
                    audio += more
                case .ended(let cutAtMaximum):
                    try finish(trailingSilence: cutAtMaximum ? 0 : trailing)
                }
            }
            position = end
        }
        try finish(trailingSilence: 0)
        return utterances
    }
}
