import Audio

/// Recorded audio through the daemon's capture-side pipeline: the endpointer cuts it into
/// utterances and the recogniser hears each one, exactly as live audio would be heard.
///
/// Used by `recognize`, the benchmarks and the tests; the audio arrives in 100 ms pieces,
/// as the capture loop delivers it, followed by a second of silence so an utterance that
/// runs to the end of the recording is closed the same way.
public enum RecordedSpeech {
    /// Every utterance found in `samples` (16 kHz mono), recognised in order.
    public static func recognize(
        _ samples: [Int16], with recognizer: Recognizer,
        endpointer configuration: Endpointer.Configuration = Endpointer.Configuration()
    ) throws -> [Recognition] {
        let listener = UtteranceListener(recognizer: recognizer, endpointer: configuration)
        var results: [Recognition] = []
        var failure: (any Error)?
        let chunk = AudioFormat.samples(milliseconds: 100)
        let padded = samples + [Int16](repeating: 0, count: AudioFormat.samples(milliseconds: 1000))
        var offset = 0
        while offset < padded.count {
            let piece = Array(padded[offset..<min(padded.count, offset + chunk)])
            offset += chunk
            listener.hear(piece, heard: { recognition, _ in
                results.append(recognition)
                return true
            }, failed: { failure = failure ?? $0 })
            if let failure { throw failure }
        }
        if let last = try listener.close() { results.append(last) }
        return results
    }

    /// What the daemon would act on in `recognitions`: the first accepted intent, else the
    /// first rejection that heard something, else nothing heard.
    public static func decision(_ recognitions: [Recognition]) -> Recognition? {
        recognitions.first { $0.intent.isAccepted }
            ?? recognitions.first { $0.intent != .rejected(.nothingHeard) }
            ?? recognitions.first
    }
}
