import Audio
import Foundation

/// Cuts a live stream of 16 kHz samples into utterances by energy, against a noise floor
/// that follows a steady background (a fan, a hum) by minimum statistics.
///
/// Speech starts when ``Configuration/startLoudShare`` of the last
/// ``Configuration/startMilliseconds`` are louder than the floor by
/// ``Configuration/thresholdDecibels``; the utterance then includes
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
        /// The share of the start window's frames that must be loud to start an utterance: a
        /// short gap inside a word is allowed.
        public var startLoudShare: Double
        /// The noise floor (dBFS) before the room has been heard: a quiet room's, so the first
        /// words are not taken for the background.
        public var initialFloorDecibels: Double
        /// Sound that starts less than this (ms) after the last utterance's sound ended
        /// follows it without the pause a person leaves before speaking to the daemon (a
        /// reader's pause between two sentences is shorter; turning to the daemon takes
        /// longer): after a cut one it is the rest of the same talk or noise, and is cut too
        /// (``runsOn``); after any, it is talk, not a question put to the daemon
        /// (``followsSound``).
        public var runOnPauseMilliseconds: Int

        public init(thresholdDecibels: Double, absoluteFloorDecibels: Double, startMilliseconds: Int,
                    prerollMilliseconds: Int, trailingSilenceMilliseconds: Int, maximumMilliseconds: Int,
                    floorWindowMilliseconds: Int, startLoudShare: Double, initialFloorDecibels: Double,
                    runOnPauseMilliseconds: Int) {
            self.runOnPauseMilliseconds = runOnPauseMilliseconds
            self.thresholdDecibels = thresholdDecibels
            self.absoluteFloorDecibels = absoluteFloorDecibels
            self.startMilliseconds = startMilliseconds
            self.prerollMilliseconds = prerollMilliseconds
            self.trailingSilenceMilliseconds = trailingSilenceMilliseconds
            self.maximumMilliseconds = maximumMilliseconds
            self.floorWindowMilliseconds = floorWindowMilliseconds
            self.startLoudShare = startLoudShare
            self.initialFloorDecibels = initialFloorDecibels
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
        /// itself rose to meet it (a fan or a television switched on), or it began within
        /// ``Configuration/runOnPauseMilliseconds`` of the end of one that was cut (the rest
        /// of the same talk) — sound, not speech meant for the daemon.
        case ended(cutAtMaximum: Bool)
    }

    public static var frameSamples: Int { AudioFormat.frameSamples }
    /// The level of digital silence, dBFS: the floor never goes below it.
    static let silenceDecibels = -96.0

    public let configuration: Configuration
    private var pending: [Int16] = []
    private var pendingHeard: [Int16] = []
    private var preroll: [Int16] = []
    private var recentSpeechFrames: [Bool] = []
    private var inSpeech = false
    /// The floor when the current utterance began.
    private var floorAtStart = Endpointer.silenceDecibels
    /// The frame where the sound of the last utterance ended, counting the frames skipped
    /// (``skip(_:)``); nil before the first.
    private var soundEndedAt: Int?
    /// Whether the last utterance was cut.
    private var lastWasCut = false
    /// Frames not heard (the daemon's own voice gated out), which still take time.
    private var skippedFrames = 0
    /// Whether the open (or last) utterance began within
    /// ``Configuration/runOnPauseMilliseconds`` of the end of the one before.
    public private(set) var followsSound = false
    /// Whether the open (or last) utterance began within
    /// ``Configuration/runOnPauseMilliseconds`` of the end of a cut one: the rest of the
    /// same talk or noise, which will end cut.
    public private(set) var runsOn = false
    private var quietFrames = 0
    private var utteranceFrames = 0
    private var floor: NoiseFloor
    /// The floor of the audio as heard, when the endpointer hears a cleaned stream beside it.
    private var heardFloor: NoiseFloor
    /// The noise floor estimate, dBFS.
    public var noiseFloorDecibels: Double { floor.decibels }
    /// Frames tracked so far.
    private var framesTracked: Int { floor.framesTracked }

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        floor = NoiseFloor(windowFrames: max(1, AudioFormat.frames(milliseconds: configuration.floorWindowMilliseconds)),
                           initialDecibels: configuration.initialFloorDecibels)
        heardFloor = floor
    }

    /// Where the open (or last) utterance began, its pre-roll included, in samples from the
    /// start of the stream.
    public private(set) var utteranceStartSample = 0
    /// True while an utterance is open.
    public var isInSpeech: Bool { inSpeech }
    /// How long the open utterance has been quiet (its trailing silence so far); 0 while
    /// someone speaks and between utterances.
    public var quietMilliseconds: Int { inSpeech ? AudioFormat.milliseconds(frames: quietFrames) : 0 }

    /// How far before the end of what it has been given an utterance may begin: its
    /// pre-roll and the start window.
    public var reachBackSamples: Int { prerollSamples + startFrames * Self.frameSamples }

    private var startFrames: Int { max(1, AudioFormat.frames(milliseconds: configuration.startMilliseconds)) }
    private var prerollSamples: Int { AudioFormat.samples(milliseconds: configuration.prerollMilliseconds) }
    private var trailingFrames: Int { max(1, AudioFormat.frames(milliseconds: configuration.trailingSilenceMilliseconds)) }
    private var maximumFrames: Int { max(1, AudioFormat.frames(milliseconds: configuration.maximumMilliseconds)) }
    private var runOnPauseFrames: Int { AudioFormat.frames(milliseconds: configuration.runOnPauseMilliseconds) }

    /// Feeds samples of any length; returns what happened, in order.
    ///
    /// `heard`: when `samples` are a cleaned stream (RNNoise, DeepFilterNet3), the same
    /// stretch as the microphone heard it. Speech still starts only in the cleaned stream
    /// (the room's noise is not speech), but an open utterance stays open while either
    /// stream is loud against its own floor: cleaning takes a voice's quiet edges with the
    /// room, and the pause between two words would otherwise grow into the silence that
    /// ends the utterance.
    public mutating func process(_ samples: [Int16], heard: [Int16]? = nil) -> [Event] {
        pending += samples
        if let heard { pendingHeard += heard }
        var events: [Event] = []
        var chunk: [Int16] = []
        var offset = 0
        while pending.count - offset >= Self.frameSamples {
            let frame = Array(pending[offset..<(offset + Self.frameSamples)])
            let loud = isLoud(Self.decibels(frame), against: &floor)
            var heardLoud = false
            if pendingHeard.count - offset >= Self.frameSamples {
                heardLoud = isLoud(Self.decibels(Array(pendingHeard[offset..<(offset + Self.frameSamples)])), against: &heardFloor)
            }
            offset += Self.frameSamples
            if inSpeech {
                chunk += frame
                utteranceFrames += 1
                quietFrames = loud || heardLoud ? 0 : quietFrames + 1
                if quietFrames >= trailingFrames || utteranceFrames >= maximumFrames {
                    if !chunk.isEmpty { events.append(.continued(chunk)); chunk = [] }
                    let backgroundRose = noiseFloorDecibels - floorAtStart >= configuration.thresholdDecibels
                    let cut = quietFrames < trailingFrames || backgroundRose || runsOn
                    soundEndedAt = skippedFrames + framesTracked - quietFrames
                    lastWasCut = cut
                    events.append(.ended(cutAtMaximum: cut))
                    inSpeech = false
                    recentSpeechFrames = []
                    preroll = []
                }
            } else {
                preroll += frame
                if preroll.count > reachBackSamples {
                    preroll.removeFirst(preroll.count - reachBackSamples)
                }
                recentSpeechFrames.append(loud)
                if recentSpeechFrames.count > startFrames { recentSpeechFrames.removeFirst() }
                if recentSpeechFrames.count == startFrames,
                   Double(recentSpeechFrames.filter({ $0 }).count) >= configuration.startLoudShare * Double(startFrames), loud {
                    inSpeech = true
                    floorAtStart = noiseFloorDecibels
                    // The sound began with the start window.
                    followsSound = soundEndedAt.map { skippedFrames + framesTracked - startFrames - $0 < runOnPauseFrames } ?? false
                    runsOn = followsSound && lastWasCut
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
        pendingHeard.removeFirst(min(offset, pendingHeard.count))
        return events
    }

    /// The samples given that do not yet fill a frame, taken out: the end of a stream.
    public mutating func takeRest() -> [Int16] {
        defer { pending = []; pendingHeard = [] }
        return pending
    }

    /// Whether a frame at `level` is louder than the floor by the threshold (and above the
    /// absolute floor); the floor then takes the frame in.
    private func isLoud(_ level: Double, against floor: inout NoiseFloor) -> Bool {
        let loud = level > max(configuration.absoluteFloorDecibels, floor.decibels + configuration.thresholdDecibels)
        floor.add(level)
        return loud
    }

    /// The stream given from now on is the audio as heard, no longer cleaned (the cleaner
    /// gave way, ``QuietRoomCleaner``): the floor becomes the one learnt from the audio as
    /// heard, so that the room's noise, louder than what the cleaner left of it, is not
    /// heard as speech. (Back to a cleaned stream needs nothing: the floor, the quietest
    /// frame of its window, falls to the cleaned stream's at its first frame.)
    public mutating func hearsAudioAsHeard() {
        // An utterance open now (one let go undecoded) is measured against the new floor:
        // the background did not rise.
        if inSpeech { floorAtStart += heardFloor.decibels - floor.decibels }
        floor = heardFloor
    }

    /// Time passed without being heard (`count` samples the daemon gated out while it spoke
    /// and for its echo): counted in the pause before the next utterance, whose sound is
    /// then no run-on of talk heard before the daemon spoke.
    public mutating func skip(_ count: Int) {
        skippedFrames += count / Self.frameSamples
    }

    /// RMS level of a frame in dBFS.
    public static func decibels(_ frame: [Int16]) -> Double {
        AudioFormat.decibels(frame)
    }
}
