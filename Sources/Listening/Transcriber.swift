import Audio
import Decoding
import Foundation
import Hearing
import Vocabulary
import Phonetics

/// Free speech to text with a language model (the Bible-domain model of
/// `bible-course listen`, or PocketSphinx's stock one to compare): cuts the audio into
/// utterances with hearing's ``UtteranceListener`` (talk running on after a cut heard too)
/// and decodes each whole (its own feature normalisation), reporting where it lies in the
/// audio. It decodes through the port (``SpeechDecoder``, made by ``SpeechDecoders``).
///
/// A whole recording (``transcribe(_:)``) or a stream fed as it comes (``feed(_:)``,
/// ``finish()``). An utterance can be decoded again with a second model
/// (``everyday(_:)``), the Bible's mixed with everyday English, for speech that is not
/// Scripture. Not thread-safe: one caller at a time.
public final class Transcriber {
    /// One utterance and what was heard in it.
    public struct Utterance: Sendable, Hashable {
        /// Seconds from the start of the audio: where the utterance's audio opens (its
        /// pre-roll included) and where the speech ends (its trailing silence left out).
        public let start: Double
        public let end: Double
        public let hypothesis: Hypothesis
        /// How well the words fit the sound, 0-1 (``WordScoreConfidence``).
        public let confidence: Double
        /// The samples decoded (with the room's noise suppressed when it was), for
        /// ``Transcriber/bestReading(of:alone:in:)``.
        public let audio: [Int16]
        /// The words heard.
        public var text: String { hypothesis.words.joined(separator: " ") }
    }

    private let decoder: any SpeechDecoder
    private let endpointer: Endpointer.Configuration
    /// What decodes each utterance the listener cuts.
    private let hearer: FreeSpeechHearer
    private var listener: UtteranceListener<FreeSpeechHearer>

    /// - Parameters:
    ///   - everydayModel: a second language model for ``everyday(_:)`` (nil: none).
    ///   - tuning: the numbers of hearing: the endpointer's, and below which signal-to-noise
    ///     ratio the room's steady noise is suppressed first (``HearingTuning/noise``), as
    ///     the recogniser's are but with libspeexdsp.
    ///   - listening: `listen`'s: free speech's endpointing, how far libspeexdsp pushes the
    ///     noise down (``ListenTuning/noiseAttenuationDecibels``) and the sound check's beams
    ///     (``ListenTuning``).
    public init(languageModel: URL, everydayModel: URL? = nil, dictionary: URL, tuning: HearingTuning = .shipped,
                listening: ListenTuning = .shipped, logFile: String = "/dev/null") throws(DecoderError) {
        decoder = try SpeechDecoders.make(dictionary: dictionary.path, configuration: Self.decoderConfiguration, logFile: logFile)
        self.dictionary = dictionary
        self.logFile = logFile
        try decoder.setLanguageModel("domain", path: languageModel.path)
        self.languageModel = languageModel
        self.everydayModel = everydayModel
        try decoder.activate("domain")
        guard let word = ["the", "a", "amen"].first(where: decoder.knows) else {
            throw .search(name: Self.placeholderSearch, reason: "the dictionary has none of the words a placeholder grammar needs")
        }
        try decoder.setGrammar(Self.placeholderSearch,
                               jsgf: Grammar(name: "idle", root: "idle", rules: [.init("idle", .word(word))]).jsgf)
        var endpointer = tuning.endpointing
        endpointer.maximumMilliseconds = listening.maximumMilliseconds
        endpointer.trailingSilenceMilliseconds = listening.trailingSilenceMilliseconds
        self.endpointer = endpointer
        hearer = FreeSpeechHearer(decoder: decoder, languageModel: languageModel,
                                  suppressNoiseBelowDecibels: tuning.noise.suppressBelowDecibels,
                                  noiseAttenuation: listening.noiseAttenuationDecibels, wordScoreConfidence: tuning.wordScoreConfidence)
        listener = UtteranceListener(hearer: hearer, endpointer: endpointer, hearsRunOn: true)
        let sound = listening.soundCheck
        var reading = Self.decoderConfiguration
        PhoneLoopVerification.configure(&reading)
        reading.beams = .init(beam: sound.readingBeam, phoneBeam: sound.readingBeam, wordBeam: sound.readingWordBeam)
        readingConfiguration = reading
    }

    private let dictionary: URL
    private let logFile: String
    private let languageModel: URL
    private let everydayModel: URL?

    /// The utterances of `samples` (16 kHz mono), in order: a whole recording.
    public func transcribe(_ samples: [Int16]) throws(DecoderError) -> [Utterance] {
        reset()
        return try feed(samples) + finish()
    }

    /// Starts again at time 0, dropping an open utterance.
    public func reset() {
        listener = UtteranceListener(hearer: hearer, endpointer: endpointer, hearsRunOn: true)
    }

    /// Feeds the next `samples` of a stream (a microphone); returns the utterances they
    /// complete. Heard a capture chunk at a time, as the daemon hears: no utterance can both
    /// end and another begin within one, so where the endpointer says the last utterance
    /// began is the start of the one that ends.
    public func feed(_ samples: [Int16]) throws(DecoderError) -> [Utterance] {
        var utterances: [Utterance] = []
        var failure: (any Error)?
        let chunk = AudioFormat.samples(milliseconds: AudioFormat.captureChunkMilliseconds)
        var offset = 0
        while offset < samples.count, failure == nil {
            let piece = Array(samples[offset..<min(samples.count, offset + chunk)])
            offset += chunk
            listener.hear(piece, heard: { decoded, cut in
                utterances.append(utterance(decoded, trailingSilence: cut ? 0 : AudioFormat.samples(milliseconds: endpointer.trailingSilenceMilliseconds)))
                return true
            }, failed: { failure = failure ?? $0 })
        }
        if let failure { throw Self.decoderError(failure) }
        return utterances
    }

    /// Ends the stream: the open utterance, if any, decoded as it is.
    public func finish() throws(DecoderError) -> [Utterance] {
        do {
            return try listener.close(withRest: true).map { [utterance($0, trailingSilence: 0)] } ?? []
        } catch {
            throw Self.decoderError(error)
        }
    }

    /// The utterance the listener closed, placed in the stream: from its start to the end of
    /// its speech (`trailingSilence` samples of quiet left out).
    private func utterance(_ decoded: FreeSpeechHearer.Decoded, trailingSilence: Int) -> Utterance {
        let rate = Double(AudioFormat.sampleRate)
        let start = listener.endpointer.utteranceStartSample
        return Utterance(start: Double(start) / rate, end: Double(start + max(0, decoded.heardSamples - trailingSilence)) / rate,
                         hypothesis: decoded.hypothesis, confidence: decoded.confidence, audio: decoded.audio)
    }

    private static func decoderError(_ error: any Error) -> DecoderError {
        error as? DecoderError ?? .decoding("\(error)")
    }

    /// `utterance` decoded again with the everyday model; nil without one.
    public func everyday(_ utterance: Utterance) throws(DecoderError) -> Utterance? {
        guard let everydayModel else { return nil }
        try swapLanguageModel(to: everydayModel)
        let decoded = Result { () throws(DecoderError) in try decoder.decode(utterance.audio) }
        try swapLanguageModel(to: languageModel)
        let hypothesis = try decoded.get()
        return Utterance(start: utterance.start, end: utterance.end, hypothesis: hypothesis,
                         confidence: hearer.confidence(hypothesis), audio: utterance.audio)
    }

    /// How well an utterance's sound carries a run of words read whole
    /// (``bestReading(of:alone:in:)``): the grammar's path against a free loop of phones.
    public typealias Reading = PhoneLoopVerification

    /// Which of `runs` (candidate verses) the utterance's sound carries best when read
    /// whole, and how well: the utterance decoded against a grammar holding every run's
    /// words in order, none left out (silence and noise may come between them), and the
    /// first `alone` runs (callers give the likeliest first) each decoded again with a
    /// grammar of its own; every path that reaches its run's last word is scored against a
    /// free loop of phones over the same audio (``PhoneLoopVerification``), and the best
    /// wins (a tie: the earlier run). Nil when no path reaches its run's end (the sound is
    /// too short for the words, or nothing like them) or no run has a word the dictionary
    /// knows (the others are left out of a run).
    ///
    /// Where a run is what was said, its path scores close to the loop's even in a noisy
    /// room; where none is, the words are forced onto sounds they do not match and the path
    /// scores far below (``ScriptureListener``'s check by sound). In one grammar a run's
    /// path can drop out of the beam in a noisy room before its words come right, where
    /// alone it is carried to the end, hence the likeliest read alone too.
    ///
    /// The readings have a decoder of their own (``readingConfiguration``), set up for each call
    /// and freed after it: scoring every senone each frame, which the comparison with the
    /// loop needs, slows the language model's decodes when they share a decoder, and one
    /// kept alive raises `listen`'s peak memory, while setting one up is cheap (figures:
    /// docs/measurements/2026-11-26-listen.md, "The reading against a loop of phones" and
    /// "Figures from the code's comments").
    public func bestReading(of runs: [[String]], alone: Int = 0, in utterance: Utterance) throws(DecoderError) -> (index: Int, reading: Reading)? {
        let grammars = runs.map { $0.filter(decoder.knows) }
        let readable = grammars.filter { !$0.isEmpty }
        guard !readable.isEmpty else { return nil }
        let reader = try readingDecoder(for: readable)
        try reader.setPhoneLoop(Self.loopSearch, path: SpeechDecoders.phoneLanguageModel)
        try reader.activate(Self.loopSearch)
        let loop = try reader.decode(utterance.audio)
        var best: (index: Int, reading: Reading)?
        func read(_ alternatives: [[String]]) throws(DecoderError) {
            try reader.setFiniteStateGrammar(Self.readingSearch, text: Self.readingGrammar(alternatives))
            try reader.activate(Self.readingSearch)
            let path = try reader.decode(utterance.audio)
            // No words: no path reached a run's end (an empty run was never read).
            guard !path.words.isEmpty, let index = grammars.firstIndex(of: path.words) else { return }
            let reading = Reading(grammar: path, loop: loop)
            if let best, best.reading.scorePerFrame > reading.scorePerFrame
                || (best.reading.scorePerFrame == reading.scorePerFrame && best.index < index) { return }
            best = (index, reading)
        }
        try read(readable)
        for words in grammars.prefix(max(0, alone)) where !words.isEmpty {
            // A reading alone that fails leaves what the others found.
            do { try read([words]) } catch { continue }
        }
        return best
    }

    /// A decoder for the readings of `runs`, its dictionary only their words (each
    /// pronunciation the transcriber's dictionary gives them, written to a file of its own
    /// and removed once read): the whole dictionary, read for every reading, raised
    /// `listen`'s peak memory for words no reading says.
    private func readingDecoder(for runs: [[String]]) throws(DecoderError) -> any SpeechDecoder {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("bible-course-reading-\(UUID().uuidString).dict")
        do {
            guard let bytes = FileManager.default.contents(atPath: dictionary.path) else {
                throw DecoderError.missingFile(what: "pronunciation dictionary", path: dictionary.path)
            }
            try Self.dictionaryLines(spelling: Set(runs.joined()), in: [UInt8](bytes)).write(to: file, atomically: false, encoding: .utf8)
        } catch {
            throw .initialisation("cannot write the readings' dictionary \(file.path) from \(dictionary.path): \(error)")
        }
        defer { try? FileManager.default.removeItem(at: file) }
        return try SpeechDecoders.make(dictionary: file.path, configuration: readingConfiguration, logFile: logFile)
    }

    /// The entries of a dictionary (`bytes`, ``PronunciationDictionary``'s format) that
    /// spell one of `words`, as dictionary lines, alternative pronunciations included
    /// (`word(2)`), in the order they come.
    static func dictionaryLines(spelling words: Set<String>, in bytes: [UInt8]) -> String {
        var kept = ""
        var pronunciations: [String: Int] = [:]
        PronunciationDictionary.forEachPronunciation(bytes) { word, _, phones in
            guard words.contains(word) else { return }
            let count = pronunciations[word, default: 0] + 1
            pronunciations[word] = count
            kept += (count == 1 ? word : "\(word)(\(count))") + " " + String(decoding: phones, as: UTF8.self) + "\n"
        }
        return kept
    }

    /// A finite-state grammar (PocketSphinx's text format) that says any one of `runs`,
    /// each whole and in order.
    static func readingGrammar(_ runs: [[String]]) -> String {
        var lines: [String] = []
        var states = 2  // 0: start, 1: end
        let entry = 1 / Double(max(1, runs.filter { !$0.isEmpty }.count))
        for run in runs where !run.isEmpty {
            lines.append("TRANSITION 0 \(states) \(entry)")
            for word in run {
                lines.append("TRANSITION \(states) \(states + 1) 1.0 \(word)")
                states += 1
            }
            lines.append("TRANSITION \(states) 1 1.0")
            states += 1
        }
        return "FSG_BEGIN reading\nNUM_STATES \(states)\nSTART_STATE 0\nFINAL_STATE 1\n" + lines.joined(separator: "\n") + "\nFSG_END\n"
    }

    /// The transcriber's decoder: each utterance's features normalised over the whole of it.
    static var decoderConfiguration: DecoderConfiguration {
        var configuration = DecoderConfiguration()
        configuration.normalisation = .batch
        return configuration
    }
    /// ... and the readings' decoder: the same, what the comparison with the loop needs
    /// (``PhoneLoopVerification/configure(_:)``), and the sound check's wide beams
    /// (``ListenTuning/SoundCheck/readingBeam``).
    private let readingConfiguration: DecoderConfiguration

    /// The language model search built anew with the model at `path`. One such search at a
    /// time: kept side by side, or the new one built before the old is freed, the two raise
    /// the peak memory (docs/measurements/2026-11-26-listen.md). A grammar of one word holds
    /// the decoder meanwhile.
    private func swapLanguageModel(to path: URL) throws(DecoderError) {
        try decoder.activate(Self.placeholderSearch)
        decoder.removeSearch("domain")
        try decoder.setLanguageModel("domain", path: path.path)
        try decoder.activate("domain")
    }

    /// A grammar of one word, set once: it holds the decoder while the language model
    /// search is rebuilt (``swapLanguageModel(to:)``) and hears the room cheaply
    /// (``FreeSpeechHearer/learnTheRoom(from:)``).
    static let placeholderSearch = "idle"
    private static let loopSearch = "loop"
    private static let readingSearch = "reading"
}
