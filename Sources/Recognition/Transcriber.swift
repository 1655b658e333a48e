import Audio
import Foundation

/// Free speech to text with a language model (the Bible-domain model of
/// `bible-course listen`, or PocketSphinx's stock one to compare): cuts the audio into
/// utterances with the ``Endpointer`` and decodes each whole (its own feature
/// normalisation), reporting where it lies in the audio.
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
        /// How well the words fit the sound, 0-1 (``Recognizer/confidence(wordScore:)``).
        public let confidence: Double
        /// The samples decoded (with the room's noise suppressed when it was), for
        /// ``Transcriber/fit(_:to:)``.
        public let audio: [Int16]
        /// The words heard.
        public var text: String { hypothesis.words.joined(separator: " ") }
    }

    private let decoder: PocketSphinxDecoder
    private let endpointer: Endpointer.Configuration
    private let suppressNoiseBelowDecibels: Double

    /// - Parameters:
    ///   - maximumSeconds: an utterance longer than this is cut (people reading aloud pause
    ///     less than people giving commands).
    ///   - suppressNoiseBelowDecibels: an utterance whose signal-to-noise ratio is below
    ///     this has the room's steady noise suppressed first, as the recogniser's do but with
    ///     libspeexdsp (``NoiseSuppressor/Method/transcription``, which identified more noisy
    ///     verses than WebRTC's suppressor the recogniser uses). Measured on 40 Piper-read
    ///     verses at 10 dB of real room noise: word error rate 80.9% -> 71.1%, verses
    ///     identified 3 -> 6; clean verses unchanged.
    ///   - everydayModel: a second language model for ``everyday(_:)`` (nil: none).
    public init(languageModel: URL, everydayModel: URL? = nil, dictionary: URL, maximumSeconds: Int = 20,
                suppressNoiseBelowDecibels: Double = RecognitionSettings().suppressNoiseBelowDecibels,
                logFile: String = "/dev/null") throws(RecognizerError) {
        decoder = try PocketSphinxDecoder(dictionary: dictionary.path, options: ["-cmn": "batch"], logFile: logFile)
        try decoder.setLanguageModel("domain", path: languageModel.path)
        self.languageModel = languageModel
        self.everydayModel = everydayModel
        try decoder.activate("domain")
        var endpointer = Endpointer.Configuration()
        endpointer.maximumMilliseconds = maximumSeconds * 1000
        endpointer.trailingSilenceMilliseconds = 600
        self.endpointer = endpointer
        self.suppressNoiseBelowDecibels = suppressNoiseBelowDecibels
        cutter = Endpointer(configuration: endpointer)
    }

    private var cutter: Endpointer
    private let languageModel: URL
    private let everydayModel: URL?
    /// The open utterance's audio, and where it starts (samples from the start of the audio).
    private var audio: [Int16] = []
    private var audioStart = 0
    /// Samples fed since the start (or the last ``reset()``).
    private var position = 0
    /// Samples fed that do not yet fill an endpointer frame.
    private var pending: [Int16] = []

    /// The utterances of `samples` (16 kHz mono), in order: a whole recording.
    public func transcribe(_ samples: [Int16]) throws(RecognizerError) -> [Utterance] {
        reset()
        return try feed(samples) + finish()
    }

    /// Starts again at time 0, dropping an open utterance.
    public func reset() {
        cutter = Endpointer(configuration: endpointer)
        audio = []
        audioStart = 0
        position = 0
        pending = []
    }

    /// Feeds the next `samples` of a stream (a microphone); returns the utterances they
    /// complete.
    public func feed(_ samples: [Int16]) throws(RecognizerError) -> [Utterance] {
        pending += samples
        var utterances: [Utterance] = []
        let frame = Endpointer.frameSamples
        let trailing = endpointer.trailingSilenceMilliseconds * PocketSphinxDecoder.sampleRate / 1000
        var offset = 0
        while pending.count - offset >= frame {
            let end = position + frame
            for event in cutter.process(Array(pending[offset..<(offset + frame)])) {
                switch event {
                case .started(let preroll):
                    audioStart = max(0, end - preroll.count)
                    audio = preroll
                case .continued(let more):
                    audio += more
                case .ended(let cutAtMaximum):
                    if let utterance = try decodeOpenUtterance(trailingSilence: cutAtMaximum ? 0 : trailing) {
                        utterances.append(utterance)
                    }
                }
            }
            position = end
            offset += frame
        }
        pending.removeFirst(offset)
        return utterances
    }

    /// Ends the stream: the open utterance, if any, decoded as it is.
    public func finish() throws(RecognizerError) -> [Utterance] {
        if !pending.isEmpty, !audio.isEmpty { audio += pending }
        pending = []
        return try decodeOpenUtterance(trailingSilence: 0).map { [$0] } ?? []
    }

    private func decodeOpenUtterance(trailingSilence: Int) throws(RecognizerError) -> Utterance? {
        guard !audio.isEmpty else { return nil }
        defer { audio = [] }
        var samples = audio
        // As the recogniser does, with the method that suits free speech.
        if NoiseSuppressor.signalToNoise(samples) < suppressNoiseBelowDecibels,
           let quieter = NoiseSuppressor.suppressed(samples, method: .transcription) {
            samples = quieter
        }
        // A language model that could not be read again (``everyday(_:)``) leaves none.
        guard decoder.activeSearch == "domain" else {
            throw .search(name: "domain", reason: "the language model \(languageModel.path) could not be loaded again")
        }
        let hypothesis = try decoder.decode(samples)
        let rate = Double(PocketSphinxDecoder.sampleRate)
        return Utterance(
            start: Double(audioStart) / rate,
            end: Double(audioStart + max(0, audio.count - trailingSilence)) / rate,
            hypothesis: hypothesis,
            confidence: hypothesis.wordScorePerFrame.map(Recognizer.confidence(wordScore:)) ?? 0,
            audio: samples)
    }

    /// `utterance` decoded again with the everyday model; nil without one.
    public func everyday(_ utterance: Utterance) throws(RecognizerError) -> Utterance? {
        guard let everydayModel else { return nil }
        try swapLanguageModel(to: everydayModel)
        let decoded = Result { () throws(RecognizerError) in try decoder.decode(utterance.audio) }
        try swapLanguageModel(to: languageModel)
        let hypothesis = try decoded.get()
        return Utterance(start: utterance.start, end: utterance.end, hypothesis: hypothesis,
                         confidence: hypothesis.wordScorePerFrame.map(Recognizer.confidence(wordScore:)) ?? 0,
                         audio: utterance.audio)
    }

    /// How well a run of words, read in order, explains an utterance's sound: the
    /// utterance decoded again with a grammar of just those words, each of which may be
    /// left out (a reader may skip or swallow one; the recogniser's silence and noise
    /// models take what no word fits).
    public struct Fit: Hashable, Sendable {
        /// How many of the words the decode kept.
        public let wordsKept: Int
        public let hypothesis: Hypothesis
    }

    /// ``Fit`` of `words` to `utterance`'s audio; words missing from the dictionary (and the
    /// grammar language's keywords) are left out of the grammar. nil when none is left.
    /// Decoding the utterance again moves the front end's running estimate of the room's
    /// noise a little, as hearing more of the room would; on `scripts/bench-listen.sh`'s 200 Piper-read verses at 10 dB of room
    /// noise the words heard were the same, to the word, with the checks and without. (A
    /// second decoder of its own would keep them apart exactly, for ~10 MB more.)
    public func fit(_ words: [String], to utterance: Utterance) throws(RecognizerError) -> Fit? {
        // The grammar's keywords cannot be words of it ("public" is in 17 verses): left out,
        // as words the dictionary lacks are.
        let known = grammarWords(words)
        guard !known.isEmpty else { return nil }
        let body = known.map { "[\($0)]" }.joined(separator: " ")
        try decoder.setGrammar(Self.fitSearch, jsgf: "#JSGF V1.0;\ngrammar fit;\npublic <fit> = \(body);\n")
        try decoder.activate(Self.fitSearch)
        defer { leaveFitSearch() }
        let hypothesis = try decoder.decode(utterance.audio)
        return Fit(wordsKept: hypothesis.words.count, hypothesis: hypothesis)
    }

    /// Which of several runs of words (candidate verses) the utterance's sound follows
    /// best: one decode of a grammar holding them all, each read in order with at most
    /// two words at a time left out, entering at one of its first three places (the first
    /// word read is one of its first five) and leaving after one of its last four words.
    /// The index of the run whose words the decode shares most, in order; a tie goes to
    /// the earlier run (callers give the closest first). nil when no word was heard (a
    /// run of five words or fewer can be passed with none). Bounded skips keep the
    /// grammar's search small: with every word optional its word tree grows with the
    /// square of a run's length.
    public func follows(_ runs: [[String]], in utterance: Utterance) throws(RecognizerError) -> Int? {
        let usable = runs.map(grammarWords)
        let count = usable.filter { !$0.isEmpty }.count
        guard count > 0 else { return nil }
        var lines: [String] = []
        var states = 2  // 0: start, 1: end
        let stepShares = [0.6, 0.25, 0.15], endShare = 0.2
        for run in usable where !run.isEmpty {
            let first = states
            states += run.count + 1
            let entries = min(3, run.count)
            for i in 0..<entries { lines.append("TRANSITION 0 \(first + i) \(1 / Double(count * entries))") }
            for i in 0..<run.count {
                let steps = (1...3).filter { i + $0 <= run.count }
                let ends = i + 3 >= run.count
                let total = steps.map { stepShares[$0 - 1] }.reduce(0, +) + (ends ? endShare : 0)
                for step in steps {
                    lines.append("TRANSITION \(first + i) \(first + i + step) \(stepShares[step - 1] / total) \(run[i + step - 1])")
                }
                if ends { lines.append("TRANSITION \(first + i) 1 \(endShare / total)") }
            }
            lines.append("TRANSITION \(first + run.count) 1 1.0")
        }
        let text = "FSG_BEGIN follows\nNUM_STATES \(states)\nSTART_STATE 0\nFINAL_STATE 1\n"
            + lines.joined(separator: "\n") + "\nFSG_END\n"
        try decoder.setFiniteStateGrammar(Self.fitSearch, text: text)
        try decoder.activate(Self.fitSearch)
        defer { leaveFitSearch() }
        let heard = try decoder.decode(utterance.audio).words
        guard !heard.isEmpty else { return nil }
        var best: (shared: Int, index: Int)?
        for (index, run) in runs.enumerated() {
            let shared = Self.sharedInOrder(heard, run)
            if shared > best?.shared ?? 0 { best = (shared, index) }
        }
        return best?.index
    }

    /// How many words `a` and `b` share in order (their longest common subsequence).
    static func sharedInOrder(_ a: [String], _ b: [String]) -> Int {
        var row = [Int](repeating: 0, count: b.count + 1)
        for word in a {
            var diagonal = 0
            for j in b.indices {
                let above = row[j + 1]
                row[j + 1] = word == b[j] ? diagonal + 1 : max(row[j + 1], row[j])
                diagonal = above
            }
        }
        return row[b.count]
    }

    /// The language model search built anew with the model at `path`. One such search at a
    /// time: kept side by side, or the new one built before the old is freed, the two held
    /// about 15 MB more at the peak. A grammar of one word holds the decoder meanwhile.
    private func swapLanguageModel(to path: URL) throws(RecognizerError) {
        guard let word = grammarWords(["the", "a", "amen"]).first else {
            throw .search(name: "domain", reason: "the dictionary has none of the words a placeholder grammar needs")
        }
        try decoder.setGrammar(Self.fitSearch, jsgf: "#JSGF V1.0;\ngrammar idle;\npublic <idle> = \(word);\n")
        try decoder.activate(Self.fitSearch)
        decoder.removeSearch("domain")
        try decoder.setLanguageModel("domain", path: path.path)
        try decoder.activate("domain")
        decoder.removeSearch(Self.fitSearch)
    }

    /// Back to the language model, the grammar's search freed: it held the 30 verses'
    /// word tree, memory the next utterance's decodes can use.
    private func leaveFitSearch() {
        try? decoder.activate("domain")
        decoder.removeSearch(Self.fitSearch)
    }

    /// `words` less those missing from the dictionary and the grammar language's keywords.
    private func grammarWords(_ words: [String]) -> [String] {
        words.filter { !Self.grammarKeywords.contains($0) && decoder.knows($0) }
    }

    private static let fitSearch = "fit"
    private static let grammarKeywords: Set<String> = ["public", "grammar", "import"]
}
