import Foundation
import Scripture
import Vocabulary

/// Every number that decides what is heard, in one place, each with why: where an
/// utterance begins and ends, when noise is taken out, how commands are decoded and judged,
/// and how `listen` finds the passages quoted in free speech.
///
/// The shipped values (``shipped``) were chosen on labelled real recordings and a natural
/// voice (docs/hearing.md says how; docs/measurements/ has the figures). A JSON file of the
/// same shape, whole or in part, overrides them for experiments (config `hearing_tuning`,
/// ``load(from:)``); the config keys of hearing (`trailing_silence_ms`, `max_pause_ms`,
/// `garbage_weight`, `suppress_noise_below_db`, `echo_tail_ms`) override both.
public struct HearingTuning: Hashable, Sendable, Codable {
    /// Where a command's utterance begins and ends (``Endpointer``).
    public var endpointing: Endpointer.Configuration
    /// When the room's noise is taken out, and how long the daemon's own voice echoes.
    public var noise: Noise
    /// How a command's utterance is decoded.
    public var decoding: Decoding
    /// Whether the command grammar's sentence is what was said (``CommandConfidence``): the
    /// command language model's and the plain grammar's decodes compared, one logistic model
    /// fitted by `scripts/fit-decision.sh`.
    public var commandConfidence: CommandConfidence
    /// The confidence of one decode from how well its words fit the sound, where there is
    /// no second decode to compare with (the grammar search, the stock model, `listen`).
    public var wordScoreConfidence: WordScoreConfidence
    /// The least confidence acted on with a speaker adaptation (config `adaptation`) when
    /// `minimum_confidence` is not set: an adapted model fits its voice closely enough for
    /// the score to separate commands from conversation; the shipped model does not.
    public var adaptedMinimumConfidence: Double
    /// How `listen` cuts free speech and finds the verses quoted in it.
    public var freeSpeech: FreeSpeech

    /// When the room's noise is taken out.
    public struct Noise: Hashable, Sendable, Codable {
        /// Utterances whose signal-to-noise ratio as heard is below this (dB) are decoded
        /// with the noise taken out; above it suppression costs words. 0: never.
        public var suppressBelowDecibels: Double
        /// How long after the daemon's own speech the microphone stays shut (ms): the
        /// room's echo of its voice must not be heard as a command.
        public var echoTailMilliseconds: Int
    }

    /// How a command's utterance is decoded.
    public struct Decoding: Hashable, Sendable, Codable {
        /// Decode once the utterance has been quiet this long (ms), while the endpointer
        /// still waits for the rest of its trailing silence, so the intent is ready as the
        /// silence ends. Nil: decode only when the utterance ends.
        public var decodeAfterQuietMilliseconds: Int?
        /// A pause longer than this between words (ms) means speech was swallowed as
        /// silence: the utterance is rejected rather than acted on in part.
        public var maximumPauseMilliseconds: Int
        /// Per-phone weight of the grammar's garbage path (answers; commands with the
        /// grammar search): higher rejects more, commands included.
        public var garbageWeight: Double
        /// A list answer of at most this many items may be said in any order: the orders
        /// grow as the factorial, and each is a path of the answer grammar.
        public var maximumAnswerItemsInAnyOrder: Int
    }

    /// How `listen` cuts free speech and finds the verses quoted in it.
    public struct FreeSpeech: Hashable, Sendable, Codable {
        /// Silence that ends an utterance of free speech (ms): a preacher's pauses between
        /// phrases are longer than a command's.
        public var trailingSilenceMilliseconds: Int
        /// Free speech is cut at this length (ms): a decode's memory and delay grow with it.
        public var maximumMilliseconds: Int
        /// When the words heard quote a verse (``QuotationIndex``).
        public var quotation: QuotationIndex.Thresholds
        /// When a verse whose words were mostly misheard is found by its sound.
        public var soundCheck: SoundCheck
    }

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
        /// How many words a verse needs to be quoted by its sound: a short verse fits a
        /// short sentence by chance.
        public var minimumWords: Int
        /// The readings' beam and phone beam (PocketSphinx's `-beam`, `-pbeam`): a reading
        /// needs every word, so a path the noise makes look bad for a moment must survive.
        public var readingBeam: Double
        /// The readings' word beam (`-wbeam`), for the same reason.
        public var readingWordBeam: Double
    }

    /// The shipped tuning. The command confidence is `scripts/fit-decision.sh`'s fit of
    /// 2026-11-26 (docs/measurements/2026-11-26-command-decision.md).
    public static let shipped = HearingTuning(
        endpointing: Endpointer.Configuration(
            thresholdDecibels: 9, absoluteFloorDecibels: -60, startMilliseconds: 120, prerollMilliseconds: 300,
            trailingSilenceMilliseconds: 500, maximumMilliseconds: 10_000, floorWindowMilliseconds: 3_000,
            startLoudShare: 0.75, initialFloorDecibels: -50),
        noise: Noise(suppressBelowDecibels: 20, echoTailMilliseconds: 300),
        decoding: Decoding(decodeAfterQuietMilliseconds: 200, maximumPauseMilliseconds: 800,
                           garbageWeight: 0.01, maximumAnswerItemsInAnyOrder: 4),
        commandConfidence: CommandConfidence(
            bias: 0.0683, weights: [0.0536, -0.0554, 2.5597, -8.3687, 0.0192, 1.301], threshold: 0.3177),
        wordScoreConfidence: WordScoreConfidence(midpoint: -35, scale: 5),
        adaptedMinimumConfidence: 0.7,
        freeSpeech: FreeSpeech(
            trailingSilenceMilliseconds: 600, maximumMilliseconds: 20_000,
            quotation: QuotationIndex.Thresholds(
                minimumCoverage: 0.25, minimumDistinctCoverage: 0.12, distinctScoreShare: 0.5,
                minimumTrigrams: 3, minimumCandidateScore: 7.5),
            soundCheck: SoundCheck(candidates: 30, minimumSoundScore: 5, readAlone: 2, minimumReadingScore: -32,
                                   minimumWords: 10, readingBeam: 1e-80, readingWordBeam: 1e-60)))
}

extension HearingTuning {
    /// Why a tuning file cannot be used; names the file and what is wrong in it.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// The shipped tuning with the JSON file at `path` laid over it: any part of the
    /// tuning's shape (`{"commandConfidence": {"threshold": 0.4}}`; the weights as an array
    /// in ``CommandFeatures/values``' order), checked: no key the tuning does not have, one
    /// finite weight per feature, every number in its range (``problem``).
    public static func load(from path: String) throws(Problem) -> HearingTuning {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw Problem(description: "\(path): cannot be read (\(error.localizedDescription))")
        }
        let tuning: HearingTuning
        do {
            guard let given = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw Problem(description: "\(path): not a hearing tuning (a JSON object is needed)")
            }
            let base = try JSONSerialization.jsonObject(with: JSONEncoder().encode(shipped)) as? [String: Any] ?? [:]
            let merged = try overlay(given, on: base, at: [])
            tuning = try JSONDecoder().decode(HearingTuning.self, from: JSONSerialization.data(withJSONObject: merged))
        } catch let problem as Problem {
            throw Problem(description: "\(path): \(problem.description)")
        } catch {
            throw Problem(description: "\(path): not a hearing tuning (\(Self.reason(error)))")
        }
        if let problem = tuning.problem { throw Problem(description: "\(path): \(problem)") }
        return tuning
    }

    /// The ranges of the numbers that are also config keys (`trailing_silence_ms`,
    /// `max_pause_ms`, `echo_tail_ms`, `suppress_noise_below_db`): a key and a tuning file
    /// are checked against the same bounds.
    public enum Ranges {
        public static let trailingSilenceMilliseconds = 100...5_000
        public static let maximumPauseMilliseconds = 1...60_000
        public static let echoTailMilliseconds = 0...5_000
        public static let suppressBelowDecibels = 0.0...100.0
    }

    /// What is out of range in this tuning (the setting's path, its value and the range),
    /// or nil: a tuning file must not be able to stop the daemon.
    public var problem: String? {
        let model = commandConfidence
        let features = Self.shipped.commandConfidence.weights.count
        guard model.weights.count == features else {
            return "commandConfidence.weights has \(model.weights.count) numbers; it needs \(features), one per feature"
        }
        guard ([model.bias] + model.weights).allSatisfy(\.isFinite) else {
            return "commandConfidence.bias and weights must be finite numbers"
        }
        func check<T: Comparable>(_ name: String, _ value: T, _ range: ClosedRange<T>) -> String? {
            func shown(_ number: T) -> String {
                guard let double = number as? Double else { return "\(number)" }
                return String(format: "%g", double)
            }
            return range.contains(value) ? nil
                : "\(name) is \(shown(value)); it must be from \(shown(range.lowerBound)) to \(shown(range.upperBound))"
        }
        let sound = freeSpeech.soundCheck, quotation = freeSpeech.quotation
        let checks: [String?] = [
            check("commandConfidence.threshold", model.threshold, 0...1),
            check("adaptedMinimumConfidence", adaptedMinimumConfidence, 0...1),
            check("endpointing.thresholdDecibels", endpointing.thresholdDecibels, 0...60),
            check("endpointing.absoluteFloorDecibels", endpointing.absoluteFloorDecibels, -96...0),
            check("endpointing.startMilliseconds", endpointing.startMilliseconds, 10...2_000),
            check("endpointing.prerollMilliseconds", endpointing.prerollMilliseconds, 0...2_000),
            check("endpointing.trailingSilenceMilliseconds", endpointing.trailingSilenceMilliseconds, Ranges.trailingSilenceMilliseconds),
            check("endpointing.maximumMilliseconds", endpointing.maximumMilliseconds, 1_000...60_000),
            check("endpointing.floorWindowMilliseconds", endpointing.floorWindowMilliseconds, 100...60_000),
            check("endpointing.startLoudShare", endpointing.startLoudShare, 0.01...1),
            check("endpointing.initialFloorDecibels", endpointing.initialFloorDecibels, -96...0),
            check("wordScoreConfidence.scale", wordScoreConfidence.scale, 0.01...1_000),
            check("wordScoreConfidence.midpoint", wordScoreConfidence.midpoint, -1_000...0),
            check("decoding.maximumAnswerItemsInAnyOrder", decoding.maximumAnswerItemsInAnyOrder, 1...6),
            check("noise.suppressBelowDecibels", noise.suppressBelowDecibels, Ranges.suppressBelowDecibels),
            check("noise.echoTailMilliseconds", noise.echoTailMilliseconds, Ranges.echoTailMilliseconds),
            decoding.decodeAfterQuietMilliseconds.flatMap { check("decoding.decodeAfterQuietMilliseconds", $0, 10...5_000) },
            check("decoding.maximumPauseMilliseconds", decoding.maximumPauseMilliseconds, Ranges.maximumPauseMilliseconds),
            check("decoding.garbageWeight", decoding.garbageWeight, 0...0.999_999),
            check("freeSpeech.trailingSilenceMilliseconds", freeSpeech.trailingSilenceMilliseconds, Ranges.trailingSilenceMilliseconds),
            check("freeSpeech.maximumMilliseconds", freeSpeech.maximumMilliseconds, 1_000...120_000),
            check("freeSpeech.quotation.minimumCoverage", quotation.minimumCoverage, 0...1),
            check("freeSpeech.quotation.minimumDistinctCoverage", quotation.minimumDistinctCoverage, 0...1),
            check("freeSpeech.quotation.distinctScoreShare", quotation.distinctScoreShare, 0...1),
            check("freeSpeech.quotation.minimumTrigrams", quotation.minimumTrigrams, 1...100),
            check("freeSpeech.quotation.minimumCandidateScore", quotation.minimumCandidateScore, 0...1_000),
            check("freeSpeech.soundCheck.candidates", sound.candidates, 1...200),
            check("freeSpeech.soundCheck.minimumSoundScore", sound.minimumSoundScore, 0...1_000),
            check("freeSpeech.soundCheck.readAlone", sound.readAlone, 0...max(0, sound.candidates)),
            check("freeSpeech.soundCheck.minimumReadingScore", sound.minimumReadingScore, -1_000...0),
            check("freeSpeech.soundCheck.minimumWords", sound.minimumWords, 1...200),
            check("freeSpeech.soundCheck.readingBeam", sound.readingBeam, Double.leastNormalMagnitude...1),
            check("freeSpeech.soundCheck.readingWordBeam", sound.readingWordBeam, Double.leastNormalMagnitude...1),
        ]
        return checks.lazy.compactMap { $0 }.first
    }

    /// `given` laid over `base`, objects key by key; a key `base` does not have is an error
    /// naming its path (a misspelt key would otherwise be silently ignored).
    private static func overlay(_ given: [String: Any], on base: [String: Any], at path: [String]) throws -> [String: Any] {
        var merged = base
        for (key, value) in given {
            let here = path + [key]
            guard let old = base[key] ?? (optionalKeys.contains(here.joined(separator: ".")) ? NSNull() : nil) else {
                throw Problem(description: "no setting \(here.joined(separator: ".")) in a hearing tuning")
            }
            if let object = value as? [String: Any], let oldObject = old as? [String: Any] {
                merged[key] = try overlay(object, on: oldObject, at: here)
            } else {
                merged[key] = value
            }
        }
        return merged
    }

    /// Settings that may be absent from the shipped tuning's JSON (nil is not written).
    private static let optionalKeys: Set<String> = ["decoding.decodeAfterQuietMilliseconds"]

    private static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            return "missing \((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        case .dataCorrupted(let context)?:
            return context.debugDescription
        default:
            return "\(error)"
        }
    }
}
