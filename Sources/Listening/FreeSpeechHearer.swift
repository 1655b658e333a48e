import Audio
import Decoding
import Foundation
import Hearing

/// What hears each utterance of free speech the ``Transcriber``'s listener cuts: its audio
/// gathered as it comes, then, once it closes, its steady noise taken down where the room is
/// loud, the decoder's noise floor learnt from it, and the whole decoded with the language
/// model (`domain`), its own feature normalisation.
final class FreeSpeechHearer: UtteranceHearer {
    /// An utterance decoded, with the length of its audio as heard.
    struct Decoded {
        let hypothesis: Hypothesis
        let confidence: Double
        /// The samples decoded (the room's noise suppressed when it was).
        let audio: [Int16]
        /// How many samples the utterance was heard for, its trailing silence included.
        let heardSamples: Int
    }

    private let decoder: any SpeechDecoder
    private let languageModel: URL
    private let suppressNoiseBelowDecibels: Double
    /// ``ListenTuning/noiseAttenuationDecibels``.
    private let noiseAttenuation: Int
    /// How sure the words are, from how well they fit the sound.
    private let wordScoreConfidence: WordScoreConfidence
    /// The open utterance's audio.
    private var audio: [Int16] = []

    init(decoder: any SpeechDecoder, languageModel: URL, suppressNoiseBelowDecibels: Double, noiseAttenuation: Int,
         wordScoreConfidence: WordScoreConfidence) {
        self.decoder = decoder
        self.languageModel = languageModel
        self.suppressNoiseBelowDecibels = suppressNoiseBelowDecibels
        self.noiseAttenuation = noiseAttenuation
        self.wordScoreConfidence = wordScoreConfidence
    }

    /// Free speech is heard as it comes: no stream cleaner.
    func makeStreamCleaner() -> QuietRoomCleaner? { nil }

    func begin(streamCleaned: Bool) throws { audio = [] }

    func feed(_ samples: [Int16], asHeard: [Int16]?) throws { audio += samples }

    /// No early decode: free speech is decoded once it has ended.
    func heardQuiet(milliseconds: Int) throws {}

    var utteranceSamples: Int { audio.count }

    func finish(quietMilliseconds: Int?) throws -> Decoded {
        defer { audio = [] }
        var samples = audio
        // As the recogniser does, with the method that suits free speech.
        if NoiseSuppressor.signalToNoise(samples) < suppressNoiseBelowDecibels,
           let quieter = NoiseSuppressor.suppressed(samples, method: .speex(maximumAttenuation: Int32(noiseAttenuation))) {
            samples = quieter
        }
        // A language model that could not be read again (``Transcriber/everyday(_:)``) leaves none.
        guard decoder.activeSearch == "domain" else {
            throw DecoderError.search(name: "domain", reason: "the language model \(languageModel.path) could not be loaded again")
        }
        try learnTheRoom(from: samples)
        let hypothesis = try decoder.decode(samples)
        return Decoded(hypothesis: hypothesis, confidence: confidence(hypothesis), audio: samples, heardSamples: audio.count)
    }

    /// How sure `hypothesis`'s words are, from how well they fit the sound.
    func confidence(_ hypothesis: Hypothesis) -> Double {
        hypothesis.wordScorePerFrame.map(wordScoreConfidence.confidence(wordScore:)) ?? 0
    }

    /// Starts the decoder's stream afresh and lets its noise removal (`-remove_noise`,
    /// spectral subtraction with a noise floor it tracks over time) hear `samples` once
    /// through a grammar of one word, which costs little wall time. Each utterance is then
    /// heard with a noise floor learnt from its own room, whatever was decoded before it:
    /// carried over from the utterances before, the floor made a recording heard
    /// differently after other recordings (`listen a.wav b.wav` against `listen b.wav`).
    /// Warmed on the utterance itself, noisy verses are identified about as often as with
    /// the floor carried over, and more often than started afresh and not warmed; a warming
    /// search of the domain model does no better and costs more (figures:
    /// docs/measurements/2026-11-26-listen.md, "Each utterance's own noise floor").
    private func learnTheRoom(from samples: [Int16]) throws(DecoderError) {
        try decoder.resetAdaptation()
        try decoder.activate(Transcriber.placeholderSearch)
        let heard = Result { () throws(DecoderError) in try decoder.decode(samples) }
        try decoder.activate("domain")
        _ = try heard.get()
    }
}
