import Assistant
import Foundation
import Hearing
import Support

/// `listen`'s numbers, in one place, each with why: how free speech is cut into utterances,
/// when the words heard quote a verse, and when a verse whose words were misheard is found
/// by its sound.
///
/// The shipped values (``shipped``) were chosen on Piper-read verses and real people's
/// speech with `scripts/bench-listen.sh` (docs/measurements/2026-11-26-listen.md has the
/// figures). The `freeSpeech` object of a `hearing_tuning` file
/// (``DaemonConfiguration/listenTuningKey``), whole or in part, overrides them for
/// experiments (``load(_:)``); the rest of that file is hearing's (`HearingTuning`), whose
/// endpointing and noise gate `listen` starts from.
public struct ListenTuning: Hashable, Sendable, Codable {
    /// Silence that ends an utterance of free speech (ms): a preacher's pauses between
    /// phrases are longer than a command's.
    public var trailingSilenceMilliseconds: Int
    /// Free speech is cut at this length (ms): a decode's memory and delay grow with it.
    public var maximumMilliseconds: Int
    /// How far (dB, negative) libspeexdsp may push a noisy utterance's steady noise down:
    /// further takes words of a verse read in a noisy room with it.
    public var noiseAttenuationDecibels: Int
    /// When the words heard quote a verse (``QuotationIndex``).
    public var quotation: QuotationIndex.Thresholds
    /// When a verse whose words were mostly misheard is found by its sound.
    public var soundCheck: SoundCheck

    /// When a verse whose words were mostly misheard (a noisy room) is found by its sound:
    /// the verses that sound most like the words heard are read against the audio, and the
    /// best reading is quoted if it fits nearly as well as a free loop of phones.
    public struct SoundCheck: Hashable, Sendable, Codable {
        /// How many verses that sound like the words heard are read against the audio: the
        /// readings are `listen`'s dearest decodes, in time and in memory.
        public var candidates: Int
        /// How close by sound (``VerseSoundIndex``'s score) the closest must be for any to
        /// be read: most real speech that is no verse stops here.
        public var minimumSoundScore: Double
        /// How many of them, closest first, are also read each alone (a reading of many
        /// verses at once can lose the right one to the beam).
        public var readAlone: Int
        /// How well the best reading must score per 10 ms frame against the free loop of
        /// phones: ordinary speech forced onto a verse's words scores far below the loop.
        public var minimumReadingScore: Double
        /// The confidence reported for a verse read at exactly ``minimumReadingScore`` (one
        /// read as well as the loop is 1; linear between): the least quoted is half sure.
        public var confidenceAtMinimumReadingScore: Double
        /// How many words a verse needs to be quoted by its sound: a short verse fits a
        /// short sentence by chance.
        public var minimumWords: Int
        /// The readings' beam and phone beam (PocketSphinx's `-beam`, `-pbeam`): a reading
        /// needs every word, so a path the noise makes look bad for a moment must survive.
        public var readingBeam: Double
        /// The readings' word beam (`-wbeam`), for the same reason.
        public var readingWordBeam: Double
    }

    /// The shipped numbers.
    public static let shipped = ListenTuning(
        trailingSilenceMilliseconds: 600, maximumMilliseconds: 20_000, noiseAttenuationDecibels: -15,
        quotation: QuotationIndex.Thresholds(
            minimumCoverage: 0.25, minimumDistinctCoverage: 0.12, distinctScoreShare: 0.5,
            minimumTrigrams: 3, minimumCandidateScore: 7.5, mostQuotedPerUtterance: 3, candidatesByWords: 5),
        soundCheck: SoundCheck(candidates: 30, minimumSoundScore: 5, readAlone: 2, minimumReadingScore: -32,
                               confidenceAtMinimumReadingScore: 0.5,
                               minimumWords: 10, readingBeam: 1e-80, readingWordBeam: 1e-60))
}

extension ListenTuning {
    /// The shipped numbers with `part` (a `hearing_tuning` file's `freeSpeech` object) laid
    /// over them: any part of this shape (`{"soundCheck": {"candidates": 20}}`), checked: no
    /// key it does not have, every number in its range (``problem``). A problem names the
    /// setting by its path in the file (`freeSpeech.soundCheck.candidates`).
    public static func load(_ part: TuningFile) throws(TuningFile.Problem) -> ListenTuning {
        let tuning = try part.laid(over: shipped)
        if let problem = tuning.problem { throw part.problem(part.keyPath.map { $0 + "." }.joined() + problem) }
        return tuning
    }

    /// What is out of range in these numbers (the setting's path, its value and the range),
    /// or nil: a tuning file must not be able to stop the daemon.
    public var problem: String? {
        if let problem = Self.numbers.lazy.compactMap({ $0.problem(in: self) }).first { return problem }
        guard soundCheck.readAlone <= soundCheck.candidates else {
            return "soundCheck.readAlone is \(soundCheck.readAlone); it must be from 0 to soundCheck.candidates (\(soundCheck.candidates))"
        }
        return nil
    }

    /// Every number, declared once with its range (``TuningNumber``).
    public static let numbers: [TuningNumber<ListenTuning>] = [
        .whole("trailingSilenceMilliseconds", \.trailingSilenceMilliseconds, HearingTuning.trailingSilence.wholeRange, unit: "ms"),
        .whole("maximumMilliseconds", \.maximumMilliseconds, 1_000...120_000, unit: "ms"),
        .whole("noiseAttenuationDecibels", \.noiseAttenuationDecibels, -60...0, unit: "dB"),
        .real("quotation.minimumCoverage", \.quotation.minimumCoverage, 0...1),
        .real("quotation.minimumDistinctCoverage", \.quotation.minimumDistinctCoverage, 0...1),
        .real("quotation.distinctScoreShare", \.quotation.distinctScoreShare, 0...1),
        .whole("quotation.minimumTrigrams", \.quotation.minimumTrigrams, 1...100),
        .real("quotation.minimumCandidateScore", \.quotation.minimumCandidateScore, 0...1_000),
        .whole("quotation.mostQuotedPerUtterance", \.quotation.mostQuotedPerUtterance, 1...20),
        .whole("quotation.candidatesByWords", \.quotation.candidatesByWords, 1...200),
        .whole("soundCheck.candidates", \.soundCheck.candidates, 1...200),
        .real("soundCheck.minimumSoundScore", \.soundCheck.minimumSoundScore, 0...1_000),
        .whole("soundCheck.readAlone", \.soundCheck.readAlone, 0...200),
        .real("soundCheck.minimumReadingScore", \.soundCheck.minimumReadingScore, -1_000...0),
        .real("soundCheck.confidenceAtMinimumReadingScore", \.soundCheck.confidenceAtMinimumReadingScore, 0...1),
        .whole("soundCheck.minimumWords", \.soundCheck.minimumWords, 1...200),
        .real("soundCheck.readingBeam", \.soundCheck.readingBeam, Double.leastNormalMagnitude...1),
        .real("soundCheck.readingWordBeam", \.soundCheck.readingWordBeam, Double.leastNormalMagnitude...1),
    ]
}

extension DaemonConfiguration {
    /// `listen`'s numbers: the shipped ones with the `hearing_tuning` file's part
    /// (``listenTuningFile``) laid over them. A part that cannot be used is an error of the
    /// `hearing_tuning` key, as the rest of the file's are.
    public func listenTuning() throws(ConfigurationError) -> ListenTuning {
        guard let file = listenTuningFile else { return .shipped }
        do { return try ListenTuning.load(file) } catch {
            throw .badValue(key: Key.hearingTuning.rawValue, source: hearingTuningSource ?? Key.hearingTuning.flag,
                            value: ConfigurationValue.string(file.path).description, expected: "a hearing tuning file: \(error)")
        }
    }
}
