/// Cuts a live stream of 16 kHz samples into utterances by energy, against a noise floor
/// that follows a steady background (a fan, a hum) by minimum statistics.
///
/// Speech starts when most of the last ``Configuration/startMilliseconds`` are louder than
/// the floor by ``Configuration/thresholdDecibels``; the utterance then includes
/// ``Configuration/prerollMilliseconds`` of audio from before that, so the first phone is
/// not clipped. It ends after ``Configuration/trailingSilenceMilliseconds`` of quiet, or
/// at ``Configuration/maximumMilliseconds``. Memory is bounded by the pre-roll and the
/// maximum utterance: hours of silence cost nothing.
public struct Endpointer: Sendable {
    /// Part of ``HearingTuning`` (its ``HearingTuning/endpointing``).
    public struct Configuration: Sendable, Hashable, Codable {
        /// How far above the noise floor (dB) a frame must be to be speech: above a room's
        /// ripple, below a quiet voice.
        public var thresholdDecibels: Double
        /// Frames quieter than this (dBFS) are never speech, however quiet the room.
        public var absoluteFloorDecibels: Double
        /// How much speech (ms) starts an utterance: a click or a knock is shorter.
        public var startMilliseconds: Int
        /// Audio from before the start kept in the utterance (ms), so the first phone,
        /// quieter than the vowel that follows, is not clipped.
        public var prerollMilliseconds: Int
        /// Quiet that ends an utterance (ms): longer than the pauses inside a command.
        public var trailingSilenceMilliseconds: Int
        /// An utterance is cut at this length (ms): no command is so long; it is sound.
        public var maximumMilliseconds: Int
        /// How far back the noise floor looks for its quietest frame (ms): longer than the
        /// sounds of speech, shorter than a change of the room (a fan switched on).
        public var floorWindowMilliseconds: Int

        public init(thresholdDecibels: Double, absoluteFloorDecibels: Double, startMilliseconds: Int,
                    prerollMilliseconds: Int, trailingSilenceMilliseconds: Int, maximumMilliseconds: Int,
                    floorWindowMilliseconds: Int) {
            self.thresholdDecibels = thresholdDecibels
            self.absoluteFloorDecibels = absoluteFloorDecibels
            self.startMilliseconds = startMilliseconds
            self.prerollMilliseconds = prerollMilliseconds
            self.trailingSilenceMilliseconds = trailingSilenceMilliseconds
            self.maximumMilliseconds = maximumMilliseconds
            self.floorWindowMilliseconds = floorWindowMilliseconds
        }

        /// The shipped endpointing of commands.
        public init() { self = HearingTuning.shipped.endpointing }
    }

    /// What one call to ``process(_:)`` found.
    public enum Event: Hashable, Sendable {
        /// Speech began; the samples are the pre-roll and the speech so far.
        case started([Int16])
        /// More samples of the current utterance.
        case continued([Int16])
        /// The utterance is over. `cutAtMaximum` is false when trailing silence closed it
        /// (speech), true when it was cut: at the maximum length, or because the background
        /// itself rose to meet it (a fan or a television switched on) — sound, not speech.
        case ended(cutAtMaximum: Bool)
    }

    public static let frameSamples = 160  // 10 ms

    public let configuration: Configuration
    private var pending: [Int16] = []
    private var preroll: [Int16] = []
    private var recentSpeechFrames: [Bool] = []
    private var inSpeech = false
    /// The floor when the current utterance began.
    private var floorAtStart: Double = -96
    private var quietFrames = 0
    private var utteranceFrames = 0
    /// The noise floor estimate, dBFS.
    public private(set) var noiseFloorDecibels: Double = -50
    /// The frames that may yet be the window's quietest, oldest first, rising in level
    /// (a sliding-window minimum: each frame goes in and out once). Entries before
    /// `firstCandidate` have left the window.
    private var floorCandidates: [(frame: Int, level: Double)] = []
    private var firstCandidate = 0
    /// Frames tracked so far.
    private var framesTracked = 0

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Where the open (or last) utterance began, its pre-roll included, in samples from the
    /// start of the stream.
    public private(set) var utteranceStartSample = 0
    /// True while an utterance is open.
    public var isInSpeech: Bool { inSpeech }
    /// How long the open utterance has been quiet (its trailing silence so far); 0 while
    /// someone speaks and between utterances.
    public var quietMilliseconds: Int { inSpeech ? quietFrames * 10 : 0 }

    private var startFrames: Int { max(1, configuration.startMilliseconds / 10) }
    private var prerollSamples: Int { configuration.prerollMilliseconds * 16 }
    private var trailingFrames: Int { max(1, configuration.trailingSilenceMilliseconds / 10) }
    private var maximumFrames: Int { max(1, configuration.maximumMilliseconds / 10) }

    /// Feeds samples of any length; returns what happened, in order.
    public mutating func process(_ samples: [Int16]) -> [Event] {
        pending += samples
        var events: [Event] = []
        var chunk: [Int16] = []
        var offset = 0
        while pending.count - offset >= Self.frameSamples {
            let frame = Array(pending[offset..<(offset + Self.frameSamples)])
            offset += Self.frameSamples
            let level = Self.decibels(frame)
            let loud = level > max(configuration.absoluteFloorDecibels, noiseFloorDecibels + configuration.thresholdDecibels)
            track(level, loud: loud)
            if inSpeech {
                chunk += frame
                utteranceFrames += 1
                quietFrames = loud ? 0 : quietFrames + 1
                if quietFrames >= trailingFrames || utteranceFrames >= maximumFrames {
                    if !chunk.isEmpty { events.append(.continued(chunk)); chunk = [] }
                    let backgroundRose = noiseFloorDecibels - floorAtStart >= configuration.thresholdDecibels
                    events.append(.ended(cutAtMaximum: quietFrames < trailingFrames || backgroundRose))
                    inSpeech = false
                    recentSpeechFrames = []
                    preroll = []
                }
            } else {
                preroll += frame
                if preroll.count > prerollSamples + startFrames * Self.frameSamples {
                    preroll.removeFirst(preroll.count - prerollSamples - startFrames * Self.frameSamples)
                }
                recentSpeechFrames.append(loud)
                if recentSpeechFrames.count > startFrames { recentSpeechFrames.removeFirst() }
                // Most of the start window loud (a short gap inside a word is allowed).
                if recentSpeechFrames.count == startFrames,
                   recentSpeechFrames.filter({ $0 }).count * 4 >= startFrames * 3, loud {
                    inSpeech = true
                    floorAtStart = noiseFloorDecibels
                    quietFrames = 0
                    utteranceFrames = preroll.count / Self.frameSamples
                    utteranceStartSample = framesTracked * Self.frameSamples - preroll.count
                    events.append(.started(preroll))
                    preroll = []
                }
            }
        }
        if !chunk.isEmpty { events.append(.continued(chunk)) }
        pending.removeFirst(offset)
        return events
    }

    /// Follows the background level by minimum statistics: the floor is the quietest
    /// frame of the last ``Configuration/floorWindowMilliseconds``. Speech has short gaps
    /// between sounds, so the minimum stays at the background even while someone talks,
    /// and a fan switched on becomes the floor once the window has passed, in speech or not.
    private mutating func track(_ level: Double, loud: Bool) {
        let window = max(10, configuration.floorWindowMilliseconds / 10)
        while floorCandidates.count > firstCandidate, let last = floorCandidates.last, last.level >= level {
            floorCandidates.removeLast()
        }
        floorCandidates.append((framesTracked, level))
        while floorCandidates[firstCandidate].frame <= framesTracked - window { firstCandidate += 1 }
        if firstCandidate > 256 {
            floorCandidates.removeFirst(firstCandidate)
            firstCandidate = 0
        }
        framesTracked += 1
        noiseFloorDecibels = max(-96, min(0, floorCandidates[firstCandidate].level))
    }

    /// RMS level of a frame in dBFS.
    public static func decibels(_ frame: [Int16]) -> Double {
        var sum = 0.0
        for s in frame { sum += Double(s) * Double(s) }
        let rms = (sum / Double(max(1, frame.count))).squareRoot()
        return 20 * log10(max(rms, 1) / 32768)
    }
}

import Foundation
