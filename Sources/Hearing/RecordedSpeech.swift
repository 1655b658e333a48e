import Audio
import Intents

/// Recorded audio through the daemon's capture-side pipeline: the endpointer cuts it into
/// utterances and the recogniser hears each one, exactly as live audio would be heard.
///
/// Used by `recognize`, the benchmarks and the tests; the audio arrives in pieces as the
/// capture loop delivers it (``AudioFormat/captureChunkMilliseconds``), followed by
/// ``closingSilenceMilliseconds`` of silence so an utterance that runs to the end of the
/// recording is closed the same way.
public enum RecordedSpeech {
    /// Digital silence after a recording: longer than the shipped trailing silence.
    public static let closingSilenceMilliseconds = 1000
    /// One utterance of a recording and where it lies in it.
    public struct Utterance: Sendable {
        public let recognition: RecognizedUtterance
        /// Seconds from the start of the recording to the utterance's start (its pre-roll
        /// included) and to the end of its speech (its trailing silence left out), to the
        /// 0.1 s in which the endpointer closed it.
        public let start: Double
        public let end: Double
        /// Whether the endpointer cut it (the longest utterance, or the room grew loud)
        /// rather than silence ending it.
        public let cut: Bool

        /// What the session is asked to do with it (``RecognizedUtterance/input(cutAtMaximum:)``).
        public var input: HeardInput { recognition.input(cutAtMaximum: cut) }
    }

    /// Every utterance found in `samples` (16 kHz mono), recognised in order.
    public static func recognize(
        _ samples: [Int16], with recognizer: Recognizer,
        endpointer configuration: Endpointer.Configuration = Endpointer.Configuration()
    ) throws -> [RecognizedUtterance] {
        try utterances(samples, with: recognizer, endpointer: configuration).map(\.recognition)
    }

    /// Every utterance found in `samples`, recognised in order, with its place.
    public static func utterances(
        _ samples: [Int16], with recognizer: Recognizer,
        endpointer configuration: Endpointer.Configuration = Endpointer.Configuration()
    ) throws -> [Utterance] {
        let listener = UtteranceListener(hearer: recognizer, endpointer: configuration)
        var results: [Utterance] = []
        func place(_ recognition: RecognizedUtterance, closedAt offset: Int, trailing: Int, cut: Bool) -> Utterance {
            let closed = Double(min(offset, samples.count + AudioFormat.samples(milliseconds: trailing)))
                / Double(AudioFormat.sampleRate)
            let start = max(0, closed - recognition.audioMilliseconds / 1000)
            let end = min(Double(samples.count) / Double(AudioFormat.sampleRate),
                          max(start, closed - Double(trailing) / 1000))
            return Utterance(recognition: recognition, start: (start * 10).rounded() / 10, end: (end * 10).rounded() / 10,
                             cut: cut)
        }
        var failure: (any Error)?
        let chunk = AudioFormat.samples(milliseconds: AudioFormat.captureChunkMilliseconds)
        let padded = samples + [Int16](repeating: 0, count: AudioFormat.samples(milliseconds: closingSilenceMilliseconds))
        var offset = 0
        while offset < padded.count {
            let piece = Array(padded[offset..<min(padded.count, offset + chunk)])
            offset += chunk
            listener.hear(piece, heard: { recognition, cut in
                results.append(place(recognition, closedAt: offset,
                                     trailing: cut ? 0 : configuration.trailingSilenceMilliseconds, cut: cut))
                return true
            }, failed: { failure = failure ?? $0 })
            if let failure { throw failure }
        }
        if let last = try listener.close() { results.append(place(last, closedAt: padded.count, trailing: 0, cut: false)) }
        return results
    }

    /// What the daemon would act on in `recognitions`: the first accepted intent, else the
    /// first rejection that heard something, else nothing heard.
    public static func decision(_ recognitions: [RecognizedUtterance]) -> RecognizedUtterance? {
        decisionIndex(recognitions).map { recognitions[$0] }
    }

    /// The utterance the daemon would act on in `utterances` (as ``decision(_:)-([RecognizedUtterance])``).
    public static func decision(_ utterances: [Utterance]) -> Utterance? {
        decisionIndex(utterances.map(\.recognition)).map { utterances[$0] }
    }

    private static func decisionIndex(_ recognitions: [RecognizedUtterance]) -> Int? {
        recognitions.firstIndex { $0.intent.isAccepted }
            ?? recognitions.firstIndex { $0.intent != .rejected(.nothingHeard) }
            ?? recognitions.indices.first
    }
}
