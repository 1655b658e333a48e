import Support
import ArgumentParser
import Assistant
import Audio
import Course
import Decoding
import Foundation
import Hearing
import Intents
import Scripture
import Vocabulary

/// One command utterance's two decodes as `recognize --features` prints them, for
/// `scripts/lib/bench/fit_decision.py`.
struct DecodesJSON: Encodable {
    struct Decode: Encodable {
        /// Each segment (fillers too) as word, first frame, last frame, acoustic score.
        let words: [[String]]
        let text: String
        let acoustic: Int
        let frames: Int
        init(_ hypothesis: Hypothesis) {
            text = hypothesis.text
            acoustic = hypothesis.acousticScore
            frames = hypothesis.frames
            words = hypothesis.segments.map { [$0.word, "\($0.startFrame)", "\($0.endFrame)", "\($0.acousticScore)"] }
        }
    }
    let grammar: Decode
    let lm: Decode
    let snr: Double?
    /// The decision's features by name (``CommandFeatures/named``); nil when the grammar
    /// heard no words.
    let features: [String: Double]?
    /// What the grammar's sentence means: a command id, a reference, "refusal", or nil.
    let intent: String?

    init(_ decodes: CommandDecodes, intent: Intent) {
        grammar = Decode(decodes.grammar)
        lm = Decode(decodes.languageModel)
        snr = decodes.signalToNoise.flatMap { $0.isFinite ? $0 : nil }
        features = decodes.features?.named
        switch intent {
        case .command(let command): self.intent = command.id
        case .lookup(let reference): self.intent = reference.compact
        case .refusal: self.intent = "refusal"
        case .control(let control): self.intent = control.word
        case .answer(let text): self.intent = text
        case .rejected: self.intent = nil
        }
    }

}
