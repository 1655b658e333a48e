import Audio

/// The stream cleaner (DeepFilterNet3, RNNoise), resting where there is nothing to clean.
///
/// In a quiet room (its noise floor as heard below
/// ``HearingTuning/Noise/quietRoomFloorDecibels``) the cleaner rests while nothing louder
/// than the floor is heard: the audio passes as heard, as late as the cleaner would have
/// given it, so everything after it lines up the same. The first frame the endpointer could
/// hear as sound (above its ``Endpointer/Configuration/absoluteFloorDecibels``) wakes the
/// cleaner before that frame is cleaned, so the endpointer never hears a sound as heard
/// against a floor it learnt from the cleaned stream: it is given the last ``Endpointer/Configuration/prerollMilliseconds`` it
/// missed first, so its model has heard the room again when the sound begins; the sound
/// and what follows are cleaned (what came before it stays as heard). It rests again once
/// nothing has been loud for ``HearingTuning/Noise/cleanerRestsAfterMilliseconds`` and no
/// utterance is open. In a loud room it runs on everything, as its model follows the
/// room's noise.
///
/// What the cleaner costs is paid for sound, not for a quiet room's silence, which is what
/// an always-on daemon hears most of the day (docs/hearing.md, "Noise").
///
/// It also gives way when hearing falls behind the microphone by
/// ``HearingTuning/Noise/cleanerGivesWayBehindMilliseconds`` (a processor too slow for it
/// in a loud room): between utterances the audio then passes as heard, as while it rests,
/// until hearing has caught up (``caughtUpMilliseconds``); an utterance begun meanwhile is
/// heard as heard throughout (``isGivingWay`` at its start says so), for the cleaner never
/// gives way or takes back under an utterance that will be decoded (talk running on after
/// a cut is not). Not thread-safe.
public final class QuietRoomCleaner {
    /// Hearing this little behind the microphone has caught up: the capture thread reads
    /// the microphone a chunk at a time, so a chunk taken at once is at most that late.
    public static let caughtUpMilliseconds = AudioFormat.captureChunkMilliseconds
    private let cleaner: any StreamCleaner
    private let noise: HearingTuning.Noise
    private let endpointing: Endpointer.Configuration
    /// The floor of the audio as heard.
    private var floor: NoiseFloor
    /// Samples not yet a whole frame, for the level check.
    private var pendingLevel: [Int16] = []
    /// The last samples heard: what the cleaner is given when it wakes, and the pass-through
    /// delay while it rests (its last ``delaySamples`` are what comes out next).
    private var recent: [Int16]
    private let recentLength: Int
    /// Frames since the last loud one.
    private var framesSinceLoud = Int.max / 2
    /// Whether the cleaner is resting (in a quiet room, or giving way).
    public private(set) var isResting = false
    /// Whether the cleaner gives way because hearing fell behind.
    public private(set) var isGivingWay = false
    /// How many times it gave way, and the samples that passed as heard meanwhile.
    public private(set) var timesGivenWay = 0
    public private(set) var samplesGivenWay = 0
    /// How far behind hearing was when it last gave way (ms).
    public private(set) var lastGaveWayBehindMilliseconds = 0
    /// Where, in the stream it gives, cleaning began again after it last gave way: an
    /// utterance that reaches back before it (its pre-roll) was not cleaned throughout.
    public private(set) var cleaningResumedAt = 0
    /// Samples heard so far, and of them those the cleaner cleaned (a wake's pre-roll
    /// included in neither).
    public private(set) var samplesHeard = 0
    public private(set) var samplesCleaned = 0

    /// How far the stream runs behind the input, in samples: the cleaner's delay, resting or not.
    public var delaySamples: Int { cleaner.delaySamples }

    public init(_ cleaner: any StreamCleaner, tuning: HearingTuning) {
        self.cleaner = cleaner
        noise = tuning.noise
        endpointing = tuning.endpointing
        floor = NoiseFloor(windowFrames: max(1, AudioFormat.frames(milliseconds: endpointing.floorWindowMilliseconds)),
                           initialDecibels: endpointing.initialFloorDecibels)
        recentLength = cleaner.delaySamples + AudioFormat.samples(milliseconds: endpointing.prerollMilliseconds)
        recent = [Int16](repeating: 0, count: recentLength)
    }

    /// `samples` cleaned, or passed as heard while the cleaner rests; as many as went in.
    /// `listening`: an utterance is open, and the cleaner must not rest under it.
    /// `decoding`: it is one that will be decoded (not talk running on after a cut), and
    /// the cleaner must not give way or take back under it (by default, `listening`).
    /// `behindMilliseconds`: how long ago the microphone heard the end of `samples`; nil
    /// when unknown (recorded audio), which leaves giving way as it is.
    public func process(_ samples: [Int16], listening: Bool, decoding: Bool? = nil,
                        behindMilliseconds: Int? = nil) -> [Int16] {
        let loud = hearsSound(samples)
        if !(decoding ?? listening), let behindMilliseconds {
            let limit = noise.cleanerGivesWayBehindMilliseconds
            if !isGivingWay, limit > 0, behindMilliseconds >= limit {
                isGivingWay = true
                timesGivenWay += 1
                lastGaveWayBehindMilliseconds = behindMilliseconds
            } else if isGivingWay, behindMilliseconds < Self.caughtUpMilliseconds {
                isGivingWay = false
                // The stream's next sample, the cleaner's delay after the input's, is the
                // first cleaned (it is fed what it missed first).
                cleaningResumedAt = samplesHeard
            }
        }
        let quietRoom = floor.decibels < noise.quietRoomFloorDecibels
        let rest = isGivingWay || (quietRoom && !loud && !listening
            && framesSinceLoud >= AudioFormat.frames(milliseconds: noise.cleanerRestsAfterMilliseconds))
        if isResting && !rest {
            // Waking: the cleaner hears what it missed, the audio that comes out next (its
            // last `delaySamples`) included; what it gives for it was given as heard already.
            _ = cleaner.process(recent)
        }
        isResting = rest
        let out: [Int16]
        if rest {
            let delay = cleaner.delaySamples
            out = Array((recent.suffix(delay) + samples).prefix(samples.count))
            if isGivingWay { samplesGivenWay += samples.count }
        } else {
            out = cleaner.process(samples)
            samplesCleaned += samples.count
        }
        samplesHeard += samples.count
        recent += samples
        if recent.count > recentLength { recent.removeFirst(recent.count - recentLength) }
        return out
    }

    /// Whether a frame of `samples` is one the endpointer could hear as sound: above its
    /// absolute floor, whatever floor it has learnt (the room's floor then takes the frames in).
    private func hearsSound(_ samples: [Int16]) -> Bool {
        pendingLevel += samples
        var loud = false
        var offset = 0
        let frame = AudioFormat.frameSamples
        while pendingLevel.count - offset >= frame {
            let level = AudioFormat.decibels(Array(pendingLevel[offset..<(offset + frame)]))
            offset += frame
            if level > endpointing.absoluteFloorDecibels {
                loud = true
                framesSinceLoud = 0
            } else {
                framesSinceLoud += 1
            }
            floor.add(level)
        }
        pendingLevel.removeFirst(offset)
        return loud
    }
}
