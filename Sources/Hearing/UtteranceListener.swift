import Audio

/// The endpointer and what hears utterances together: cuts a stream of audio into
/// utterances and hears each one as it closes (``UtteranceHearer``: the recogniser of
/// commands, or `listen`'s transcriber).
///
/// The daemon's runtime, recorded files (``RecordedSpeech``) and `listen` hear through this
/// one driver, so a file is heard exactly as live audio would be: the utterance opens with
/// its pre-roll, is fed as it arrives, is decoded early during its trailing silence
/// (``Recognizer/heardQuiet(milliseconds:)``) and is finished when the endpointer closes it.
/// An utterance that runs on after one that was cut (``Endpointer/runsOn``) is not decoded
/// unless the listener hears run-on talk (`listen`, whose free speech runs past the longest
/// utterance). A class, so that what hears an utterance may look at the listener meanwhile.
/// Not thread-safe.
public final class UtteranceListener<Hearer: UtteranceHearer> {
    public private(set) var endpointer: Endpointer
    public let hearer: Hearer
    /// Whether talk running on after a cut utterance is heard too.
    public let hearsRunOn: Bool
    /// True while an utterance is open in the hearer.
    public private(set) var isOpen = false
    /// The cleaner of everything heard, before the endpointer (``Recognizer/cleansStream``),
    /// resting in a quiet room's silence.
    public let cleaner: QuietRoomCleaner?
    /// With a cleaner, the audio as heard, lined up with the cleaned stream (its first
    /// sample is the stream's sample `heardOrigin`), from a little before the open
    /// utterance on; and where the utterance's next samples begin in it.
    private var soundHeard: [Int16] = []
    private var heardOrigin = 0
    private var heardCursor = 0
    /// The microphone's offset, taken out of everything heard first.
    private var dcBlocker = DCBlocker()

    public init(hearer: Hearer, endpointer configuration: Endpointer.Configuration = Endpointer.Configuration(),
                hearsRunOn: Bool = false) {
        self.hearer = hearer
        self.hearsRunOn = hearsRunOn
        endpointer = Endpointer(configuration: configuration)
        cleaner = hearer.makeStreamCleaner()
        // The cleaned stream runs behind what was heard.
        if let cleaner { soundHeard = [Int16](repeating: 0, count: cleaner.delaySamples) }
    }

    /// The stretch of audio as heard that lines up with the next `count` cleaned samples of
    /// the utterance; nil without a cleaner.
    private func asHeard(_ count: Int) -> [Int16]? {
        guard cleaner != nil else { return nil }
        let start = heardCursor - heardOrigin
        heardCursor += count
        guard start >= 0, start + count <= soundHeard.count else { return nil }
        return Array(soundHeard[start..<(start + count)])
    }

    /// Hears one chunk of 16 kHz audio. Each utterance that closes in it goes to `heard`,
    /// with whether it was cut at the maximum length; `heard` returns false to drop the rest
    /// of the chunk (the daemon spoke meanwhile: the rest was heard before its reply). A
    /// recogniser error closes the open utterance and goes to `failed`; listening goes on.
    /// `behindMilliseconds`: how long ago the microphone heard the chunk's end (live
    /// audio; nil: unknown), for the cleaner to give way when hearing falls behind.
    public func hear(_ samples: [Int16], behindMilliseconds: Int? = nil,
                     heard: (Hearer.Heard, _ cut: Bool) -> Bool, failed: (any Error) -> Void) {
        let heardNow = dcBlocker.process(samples)
        // What was heard of the stretch the cleaned samples are (`soundHeard` begins with
        // the cleaner's delay, so its indices are the cleaned stream's).
        let first = soundHeard.count - (cleaner?.delaySamples ?? 0)
        if cleaner != nil { soundHeard += heardNow }
        let heardStretch = cleaner == nil ? nil : Array(soundHeard[first..<(first + heardNow.count)])
        let wasGivingWay = cleaner?.isGivingWay ?? false
        let samples = cleaner?.process(heardNow, listening: isOpen || endpointer.isInSpeech, decoding: isOpen,
                                       behindMilliseconds: behindMilliseconds) ?? heardNow
        if let cleaner, cleaner.isGivingWay, !wasGivingWay { endpointer.hearsAudioAsHeard() }
        defer { forgetHeard() }
        events: for event in endpointer.process(samples, heard: heardStretch) {
            switch event {
            case .started(let audio):
                heardCursor = endpointer.utteranceStartSample
                // Talk or noise running on after a cut is let go undecoded: it ends cut, and
                // what is cut is never acted on (decoding ten seconds of talk costs most of a
                // core's second per second).
                if endpointer.runsOn, !hearsRunOn { continue }
                do {
                    try hearer.begin(streamCleaned: cleaner.map {
                        !$0.isGivingWay && endpointer.utteranceStartSample >= $0.cleaningResumedAt
                    } ?? true)
                    try hearer.feed(audio, asHeard: asHeard(audio.count))
                    isOpen = true
                } catch {
                    isOpen = false
                    failed(error)
                }
            case .continued(let audio):
                guard isOpen else { continue }
                do { try hearer.feed(audio, asHeard: asHeard(audio.count)) } catch {
                    isOpen = false
                    failed(error)
                }
            case .ended(let cut):
                guard isOpen else { continue }
                isOpen = false
                let recognition: Hearer.Heard
                do {
                    recognition = try hearer.finish(
                        quietMilliseconds: cut ? nil : endpointer.configuration.trailingSilenceMilliseconds)
                } catch {
                    failed(error)
                    continue
                }
                if !heard(recognition, cut) { break events }
            }
        }
        guard isOpen else { return }
        do { try hearer.heardQuiet(milliseconds: endpointer.quietMilliseconds) } catch {
            isOpen = false
            failed(error)
        }
    }

    /// Keeps the audio as heard from the open utterance's next samples on, or between
    /// utterances as far back as the next one may begin (``Endpointer/reachBackSamples``,
    /// behind the cleaner's delay); dropped a second or more at a time.
    private func forgetHeard() {
        guard let cleaner else { return }
        let reach = endpointer.reachBackSamples + cleaner.delaySamples
        let keepFrom = isOpen ? heardCursor : heardOrigin + soundHeard.count - reach
        let drop = min(soundHeard.count, max(0, keepFrom - heardOrigin))
        guard drop > AudioFormat.sampleRate else { return }
        soundHeard.removeFirst(drop)
        heardOrigin += drop
    }

    /// Time passed unheard (``Endpointer/skip(_:)``): `count` samples the daemon did not
    /// hear while it spoke.
    public func skip(_ count: Int) {
        endpointer.skip(count)
    }

    /// How long the open utterance has run so far (ms); 0 when none is open.
    public var openMilliseconds: Int {
        isOpen ? Int(AudioFormat.milliseconds(samples: hearer.utteranceSamples)) : 0
    }

    /// Lets the open utterance go undecided: the rest of it, until the endpointer closes it,
    /// is not heard (speech too long to be meant, heard while the daemon speaks).
    public func abandon() {
        isOpen = false
    }

    /// Closes an utterance still open at the end of a recording; nil when none is.
    /// `withRest`: the samples the endpointer holds short of a whole frame are the
    /// utterance's last (`listen`).
    public func close(withRest: Bool = false) throws -> Hearer.Heard? {
        guard isOpen else { return nil }
        isOpen = false
        if withRest {
            let rest = endpointer.takeRest()
            if !rest.isEmpty { try hearer.feed(rest, asHeard: nil) }
        }
        return try hearer.finish(quietMilliseconds: nil)
    }
}
