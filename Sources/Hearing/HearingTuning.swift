import Audio
import Foundation
import Support

/// Every number that decides what is heard, in one place, each with why: where an
/// utterance begins and ends, when noise is taken out, how commands are decoded and judged.
///
/// The shipped values (``shipped``) were chosen on labelled real recordings and a natural
/// voice (docs/hearing.md says how; docs/measurements/ has the figures). A JSON file of the
/// same shape, whole or in part, overrides them for experiments (config `hearing_tuning`,
/// ``load(_:)``); the config keys of hearing (`trailing_silence_ms`, `max_pause_ms`,
/// `garbage_weight`, `suppress_noise_below_db`, `echo_tail_ms`) override both.
public struct HearingTuning: Hashable, Sendable, Codable {
    /// Where a command's utterance begins and ends (``Endpointer``).
    public var endpointing: Endpointer.Configuration
    /// When the room's noise is taken out, and how long the daemon's own voice echoes.
    public var noise: Noise
    /// How a command's utterance is decoded.
    public var decoding: Decode
    /// How the daemon leaves the person room to correct it.
    public var conversation: Conversation
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

    /// When the room's noise is taken out.
    public struct Noise: Hashable, Sendable, Codable {
        /// Utterances whose signal-to-noise ratio as heard is below this (dB) are decoded
        /// with the noise taken out; above it suppression costs words. 0: never.
        public var suppressBelowDecibels: Double
        /// How long after the daemon's own speech the microphone stays shut (ms): the
        /// room's echo of its voice must not be heard as a command.
        public var echoTailMilliseconds: Int
        /// How late an echo of the daemon's voice may reach the microphone and still be
        /// cancelled while it hears over its own voice (ms, the echo canceller's filter):
        /// the loudspeaker's and the microphone's buffers (up to about 0.2 s with ALSA's
        /// 0.1 s periods) plus a room's reverberation tail. Longer costs processor time and
        /// adapts more slowly.
        public var echoFilterMilliseconds: Int
        /// How far above the echo's usual residue (dB) what the canceller leaves of a frame
        /// must be, against the microphone, to be heard as the person while the daemon
        /// speaks; quieter frames are silenced. The residue is each room's own, learnt as
        /// the daemon speaks; the margin lies between it and a person talking over a voice
        /// up to 20 dB louder than theirs (whose frames lose at most that much to it).
        /// Smaller lets more of the residue through to be heard as speech; larger cuts
        /// more of a person's quiet sounds.
        public var echoResidueMarginDecibels: Double
        /// How hard WebRTC's suppressor pushes a noisy utterance's noise down (0-3): harder
        /// takes more of the room out and distorts more of the voice.
        public var suppressionStrength: NoiseSuppressor.Strength
        /// A room whose noise floor as heard (dBFS, the endpointer's floor: the quietest
        /// frame of its window) below this is quiet: there the stream cleaner rests
        /// while nothing the endpointer could hear as sound is heard, and wakes for sound
        /// (``QuietRoomCleaner``). A voice a person speaks to the daemon in is far above
        /// such a floor, and the room's noise in it is too little to change what is heard.
        /// Above it the cleaner runs on everything, for its model follows the room's
        /// noise. -96: it never rests.
        public var quietRoomFloorDecibels: Double
        /// How long nothing louder than a quiet room's floor must have been heard (ms),
        /// with no utterance open, before the stream cleaner rests: longer than the
        /// pauses of a person speaking, so that it does not wake and rest between words.
        public var cleanerRestsAfterMilliseconds: Int
        /// How far hearing may run behind the microphone (ms) before the stream cleaner
        /// gives way: with no utterance open, the audio then passes as heard, and an
        /// utterance heard meanwhile is cleaned by WebRTC's suppressor alone, as with
        /// `denoiser = "webrtc"`, until hearing has caught up (less than the capture
        /// thread's 0.1 s read behind). A processor too slow for the cleaner (a Raspberry
        /// Pi's core in a loud room) then hears about this late at worst, not further
        /// behind with every utterance. Above a decode's time, which makes every next chunk
        /// that late. 0: never.
        public var cleanerGivesWayBehindMilliseconds: Int
    }

    /// How the daemon leaves the person room to correct it.
    public struct Conversation: Hashable, Sendable, Codable {
        /// How long, once a look-up's reference and its echo tail have passed, the person may
        /// still say "no" or another reference before the passage is read (ms; with the echo
        /// tail, ``SessionTiming/correctionWindow``). Speech that starts in it is heard to its
        /// end first. It must hold a person's reaction (about half a second to a second), and
        /// with the echo tail it is added before every passage read, so it is kept short.
        public var correctionWindowMilliseconds: Int
        /// How long the daemon listens between two verses of a passage asked for, after
        /// the echo tail (ms): a person's "stop" begun in it holds the next verse until it
        /// is decided. Added to every verse read, so kept short; a "stop" said while a
        /// verse is spoken is not heard (the microphone is shut while the daemon speaks).
        public var readingGapMilliseconds: Int
        /// The longest utterance heard while the daemon speaks (ms): what may cut its speech
        /// is a word ("stop", "pause") or a reference ("no, Esther chapter one verse eleven",
        /// about 3 s); anything longer is its own voice past the echo canceller, a television
        /// or people talking, and is let go undecoded, for decoding it costs a core.
        public var longestWhileSpeakingMilliseconds: Int
        /// How far hearing may run behind the microphone (ms) while the daemon speaks before
        /// it stops hearing over its own voice until it has said what it is saying: with no
        /// utterance open, what the microphone caught meanwhile is let go unheard, the echo
        /// canceller and the decodes no longer hold up its speech, and the person is heard
        /// again once it falls quiet (between two verses, or after the echo tail), as with
        /// `hear_while_speaking = false`. A processor too slow to hear over its voice (a
        /// Raspberry Pi's core in a loud room) then speaks at its pace. 0: never.
        public var stopsHearingOverSpeechBehindMilliseconds: Int
        /// Words that are no command get their reply (the seed's guardrail: "This is a
        /// structured course...") only when the language model heard at least this many: a
        /// room's noise is heard as one or two of its commonest words ("what", "end the",
        /// "read"), a person's sentence as four or more. Fewer is noise, and gets no reply.
        public var fewestWordsAnswered: Int
        /// Whether a bare "no" (or "stop", "wrong", "cancel") the correction grammar decoded
        /// in the window was said: a logistic model of the same features as the command
        /// decision (``CommandFeatures``), fitted by `scripts/bench-correction.sh` on real
        /// people's "no" and "stop" against their other words and room noise. Its own
        /// model because a word said alone is compared with the language model's word for
        /// the same sound, which is often a homophone ("know") or a neighbour ("not"): the
        /// word edits that tell a command from conversation say little here, the fit of the
        /// sound says more. Its threshold keeps other speech and noise heard as "no" rare,
        /// for that turns a right look-up away. "Pause" and "continue" said alone are
        /// decided by it too (it was fitted on "no" and "stop" only).
        public var refusalConfidence: CommandConfidence
    }

    /// How a command's utterance is decoded.
    public struct Decode: Hashable, Sendable, Codable {
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

    /// The shipped tuning. The command confidence is `scripts/fit-decision.sh`'s fit of
    /// 2026-11-26 (docs/measurements/2026-11-26-command-decision.md); the refusal's is
    /// `scripts/bench-correction.sh`'s of 2026-11-28 (docs/measurements/2026-11-28-correction-window.md).
    public static let shipped = HearingTuning(
        endpointing: Endpointer.Configuration(
            thresholdDecibels: 9, absoluteFloorDecibels: -60, startMilliseconds: 120, prerollMilliseconds: 300,
            trailingSilenceMilliseconds: 500, maximumMilliseconds: 10_000, floorWindowMilliseconds: 3_000,
            startLoudShare: 0.75, initialFloorDecibels: -50, runOnPauseMilliseconds: 1_500),
        noise: Noise(suppressBelowDecibels: 20, echoTailMilliseconds: 300, echoFilterMilliseconds: 400,
                     echoResidueMarginDecibels: 8, suppressionStrength: .high,
                     quietRoomFloorDecibels: -50, cleanerRestsAfterMilliseconds: 1_000,
                     cleanerGivesWayBehindMilliseconds: 1_500),
        decoding: Decode(decodeAfterQuietMilliseconds: 200, maximumPauseMilliseconds: 800,
                           garbageWeight: 0.01, maximumAnswerItemsInAnyOrder: 4),
        conversation: Conversation(
            correctionWindowMilliseconds: 1_200,
            readingGapMilliseconds: 600, longestWhileSpeakingMilliseconds: 4_000,
            stopsHearingOverSpeechBehindMilliseconds: 1_500, fewestWordsAnswered: 3,
            refusalConfidence: CommandConfidence(
                bias: 8.4918,
                weights: CommandWeights(wordsAgainstModel: 0.0206, wholeAgainstModel: 0.2563, closestRunDistance: -5.6702,
                                        distance: -0.7344, signalToNoise: 0.0092, extraWords: 1.3284),
                threshold: 0.815)),
        commandConfidence: CommandConfidence(
            bias: 0.0683,
            weights: CommandWeights(wordsAgainstModel: 0.0536, wholeAgainstModel: -0.0554, closestRunDistance: 2.5597,
                                    distance: -8.3687, signalToNoise: 0.0192, extraWords: 1.301),
            threshold: 0.3177),
        wordScoreConfidence: WordScoreConfidence(midpoint: -35, scale: 5),
        adaptedMinimumConfidence: 0.7)
}

extension HearingTuning {
    /// Why a tuning file cannot be used; names the file and what is wrong in it.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// The shipped tuning with a tuning file laid over it (`hearing_tuning`, `listen`'s
    /// `freeSpeech` part taken off): any part of the tuning's shape
    /// (`{"commandConfidence": {"threshold": 0.4, "weights": {"distance": -8}}}`: a weight
    /// by its feature's name, ``CommandWeights``), checked: no key the tuning does not have,
    /// finite weights, every number in its range (``problem``).
    public static func load(_ file: TuningFile) throws(Problem) -> HearingTuning {
        let tuning: HearingTuning
        do { tuning = try file.laid(over: shipped, optionalKeys: optionalKeys) } catch {
            throw Problem(description: error.description)
        }
        if let problem = tuning.problem { throw Problem(description: file.problem(problem).description) }
        return tuning
    }

    /// What is out of range in this tuning (the setting's path, its value and the range),
    /// or nil: a tuning file must not be able to stop the daemon.
    public var problem: String? {
        for (path, model) in [("commandConfidence", commandConfidence), ("conversation.refusalConfidence", conversation.refusalConfidence)] {
            guard model.bias.isFinite, model.weights.isFinite else {
                return "\(path).bias and weights must be finite numbers"
            }
        }
        return Self.numbers.lazy.compactMap { $0.problem(in: self) }.first
    }

    /// Settings that may be absent from the shipped tuning's JSON (nil is not written).
    private static let optionalKeys: Set<String> = ["decoding.decodeAfterQuietMilliseconds"]
}
