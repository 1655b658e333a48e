import Dispatch

/// A decoder that decodes a whole utterance on a thread of its own, so that two decodes of
/// one utterance run on two cores at once rather than one after the other.
///
/// ``start(_:independent:)`` returns at once; ``outcome()`` waits for that decode and
/// returns it (or its error). One decode at a time: each start is followed by one outcome.
/// The decoder is touched only on the queue.
public final class BackgroundDecoder: @unchecked Sendable {
    /// A decode's hypothesis and its thread's processor time.
    public struct Outcome {
        public let hypothesis: Hypothesis
        public let milliseconds: Double
    }

    private let decoder: any SpeechDecoder
    private let queue: DispatchQueue
    // Touched only on `queue`.
    private var result: Result<Outcome, DecoderError>?

    public init(decoder: any SpeechDecoder, label: String) {
        self.decoder = decoder
        queue = DispatchQueue(label: "bible-course.decode.\(label)")
    }

    /// Starts decoding `audio` (one whole utterance) with the search named `search` (nil:
    /// the active one), after a reset of the decoder's feature normalisation when
    /// `independent`.
    public func start(_ audio: [Int16], search: String? = nil, independent: Bool) {
        queue.async { [self] in
            let start = ThreadClock.milliseconds()
            do throws(DecoderError) {
                if let search { try decoder.activate(search) }
                if independent { try decoder.resetAdaptation() }
                let hypothesis = try decoder.decode(audio)
                result = .success(Outcome(hypothesis: hypothesis, milliseconds: ThreadClock.milliseconds() - start))
            } catch {
                result = .failure(error)
            }
        }
    }

    /// Waits for the decode started last and returns it.
    public func outcome() throws(DecoderError) -> Outcome {
        let taken: Result<Outcome, DecoderError> = queue.sync { [self] in
            defer { result = nil }
            return result ?? .failure(.decoding("no decode was started"))
        }
        return try taken.get()
    }
}
