import Support
import Audio
import Foundation

/// The daemon's voice when the config says `voice = "piper:<model>"`: Piper renders each
/// sentence in a child process (``PiperProcess``), from the render cache when the sentence
/// was rendered before (``RenderCache``), and espeak-ng speaks whatever Piper cannot.
///
/// - Rendered ahead: while one sentence plays, the next ones are rendered on a thread of
///   their own, so a passage's first sound waits for its first sentence only.
/// - Never stuck: when Piper is missing or fails (the child ends, breaks a bound of
///   ``PiperProcess/Limits``), or a sentence is not ready ``sentenceWait`` after it is due,
///   the child is killed and espeak-ng says it; one line goes to `log` each time Piper is
///   given up, and Piper is tried again ``retryAfter`` after (counted from the failure, not
///   put off by what is said meanwhile).
public final class PiperNarrator: Narrator, @unchecked Sendable {
    /// How long a sentence may keep the listener waiting before espeak-ng says it instead,
    /// by default.
    public static let defaultSentenceWait = Duration.seconds(2)
    /// How long after a failure Piper is tried again, by default.
    public static let defaultRetryAfter = Duration.seconds(60)
    /// The longest piece Piper is given by default, in characters: a longer sentence is cut
    /// at its pauses (``SentenceSplitter``). Piper's memory grows with its longest input and
    /// stays grown, and a shorter first piece sounds sooner
    /// (docs/measurements/2026-11-28-piper-memory.md).
    public static let defaultPieceLength = 120
    /// The name of the thread that renders a speech's sentences ahead of it (one per speech,
    /// ending with it), as `top -H` and `/proc/PID/task/*/comm` show it.
    public static let renderThreadName = "piper-ahead"

    public let voiceName: String
    public let launch: PiperProcess.Launch
    public let cache: RenderCache?
    public let fallback: SpeechSynthesizer
    /// The longest piece Piper is given (``defaultPieceLength``).
    public let pieceLength: Int
    /// How long a sentence may keep the listener waiting (``defaultSentenceWait``).
    public let sentenceWait: Duration
    /// How long after a failure Piper is tried again (``defaultRetryAfter``).
    public let retryAfter: Duration
    /// The bounds the child is held to.
    public let limits: PiperProcess.Limits
    /// The authored pronunciations, as Piper is given them (the fallback's, in IPA).
    public let pronunciations: PiperPronunciations
    private let log: @Sendable (String) -> Void
    /// Guards `process` and `givenUpUntil`; never held while Piper renders.
    private let lock = NSLock()
    /// One rendering at a time. Held across a render, which ``limits`` bound and giving up
    /// ends at once (the child is killed); never taken by the speaking thread, nor while
    /// Piper is given up.
    private let renderLock = NSLock()
    private var process: PiperProcess?
    private var givenUpUntil: ContinuousClock.Instant?
    /// The cache keys of the sentences whose renderings are kept on disk: the course's fixed
    /// text (``keepRenderings(of:)``). Anything else (a passage or reference a person asked
    /// for) is rendered and not kept.
    private var kept: Set<String> = []

    public init(launch: PiperProcess.Launch, cache: RenderCache?, fallback: SpeechSynthesizer,
                pieceLength: Int = PiperNarrator.defaultPieceLength,
                sentenceWait: Duration = PiperNarrator.defaultSentenceWait,
                retryAfter: Duration = PiperNarrator.defaultRetryAfter, limits: PiperProcess.Limits = PiperProcess.Limits(),
                log: @escaping @Sendable (String) -> Void) {
        self.pieceLength = pieceLength
        self.sentenceWait = sentenceWait
        self.retryAfter = retryAfter
        self.limits = limits
        voiceName = VoiceChoice.piperPrefix + launch.model
        self.launch = launch
        self.cache = cache
        self.fallback = fallback
        pronunciations = PiperPronunciations(fallback.pronunciations, voice: fallback.espeakVoice)
        self.log = log
    }

    deinit { process?.stop() }

    /// The Piper child's process id, nil while none runs.
    public var processIdentifier: Int32? { lock.withLock { process?.processIdentifier } }

    /// The pieces `text` is said in, each rendered and cached on its own.
    public func pieces(of text: String) -> [String] {
        SentenceSplitter.sentences(in: text, maximumLength: pieceLength)
    }

    /// The cache key of `sentence` in this voice: what Piper is asked to say (the authored
    /// names in IPA), so a changed pronunciation renders again.
    public func key(_ sentence: String) -> String {
        key(spoken: pronunciations.text(for: sentence))
    }

    /// The cache key of `spoken`, a sentence as Piper is given it.
    private func key(spoken: String) -> String {
        RenderCache.key(voice: voiceName, lengthScale: launch.lengthScale, text: spoken)
    }

    public func speak(_ text: String, to sink: any AudioSink, shouldStop: () -> Bool) throws(SpeechError) -> SpeechCompletion {
        let sentences = pieces(of: text)
        let ahead = RenderAhead()
        let worker = Thread { [self] in
            // Named from inside: on Linux a name given before start does not reach the thread.
            Thread.current.name = Self.renderThreadName
            for (index, sentence) in sentences.enumerated() {
                if ahead.isCancelled { return }
                ahead.deliver(index, audio(for: sentence))
            }
        }
        worker.start()
        defer { ahead.cancel() }
        for (index, sentence) in sentences.enumerated() {
            if shouldStop() { return .stopped(spoken: index, of: sentences.count) }
            let rendered: RenderCache.Entry
            if let ready = ahead.take(index, waiting: sentenceWait) {
                rendered = ready
            } else {
                giveUp("Piper did not render a sentence within \(sentenceWait)")
                rendered = try espeak(sentence)
            }
            if shouldStop() { return .stopped(spoken: index, of: sentences.count) }
            do {
                // Queued behind the piece playing, so the pieces of a cut sentence join
                // without a gap; the last is waited for until heard.
                if index + 1 < sentences.count {
                    try sink.queue(rendered.samples, sampleRate: rendered.sampleRate)
                } else {
                    try sink.play(rendered.samples, sampleRate: rendered.sampleRate)
                }
            } catch {
                throw .playback(error)
            }
        }
        return .finished(sentences: sentences.count)
    }

    /// The texts whose renderings are kept in the cache (the course's fixed speech); the
    /// cache is cleared of every other rendering, so it holds nothing a person asked for
    /// and is bounded by the course. Returns how many renderings were removed.
    @discardableResult
    public func keepRenderings(of texts: [String]) -> Int {
        keep(sentences(of: texts))
    }

    /// The pieces of every text of `texts`, each once, in order.
    private func sentences(of texts: [String]) -> [String] {
        Array(Set(texts.flatMap { pieces(of: $0) })).sorted()
    }

    /// ``keepRenderings(of:)`` of texts already cut into pieces.
    @discardableResult
    private func keep(_ sentences: [String]) -> Int {
        let keys = Set(sentences.map { key($0) })
        lock.withLock { kept = keys }
        return cache?.removeAll(except: keys) ?? 0
    }

    /// What ``renderAhead(_:shouldStop:progress:)`` did.
    public struct RenderAheadResult: Sendable, Hashable {
        /// The course's fixed sentences.
        public var sentences = 0
        /// Rendered and stored in the cache now.
        public var rendered = 0
        /// Found in the cache already.
        public var cached = 0
        /// Why it stopped before the end (Piper failed, the cache could not be written), nil
        /// when it rendered them all or was told to stop.
        public var failure: String?

        public init(sentences: Int = 0, rendered: Int = 0, cached: Int = 0, failure: String? = nil) {
            self.sentences = sentences
            self.rendered = rendered
            self.cached = cached
            self.failure = failure
        }
    }

    /// Renders every sentence of `texts` that is not cached yet, with Piper alone, and stores
    /// each in the cache; stops at the first that Piper cannot render or the cache cannot
    /// store (a full disk, or the cache's floor of free space reached: see
    /// ``RenderCache/freeSpaceFloor``), or when `shouldStop` says so. The cache keeps these
    /// and nothing else (``keepRenderings(of:)``).
    public func renderAhead(_ texts: [String], shouldStop: () -> Bool = { false },
                            progress: (_ done: Int, _ of: Int) -> Void = { _, _ in }) -> RenderAheadResult {
        let sentences = sentences(of: texts)
        keep(sentences)
        var result = RenderAheadResult(sentences: sentences.count)
        guard let cache else { return result }
        for (index, sentence) in sentences.enumerated() {
            if shouldStop() { break }
            progress(index, sentences.count)
            let spoken = pronunciations.text(for: sentence)
            let cacheKey = key(spoken: spoken)
            if cache.contains(cacheKey) {
                result.cached += 1
                continue
            }
            do {
                try cache.store(try piper(spoken: spoken), for: cacheKey)
                result.rendered += 1
            } catch {
                result.failure = "could not render \"\(sentence.prefix(40))...\" ahead: \(error)"
                log("voice \(voiceName): \(result.failure ?? "")")
                break
            }
        }
        return result
    }

    // MARK: - One sentence

    /// The sentence from the cache, else from Piper (and cached), else from espeak-ng.
    private func audio(for sentence: String) -> RenderCache.Entry {
        let spoken = pronunciations.text(for: sentence)
        if let cached = cache?.entry(key(spoken: spoken)) { return cached }
        do {
            let entry = try piper(spoken: spoken)
            // Fixed text not rendered ahead yet is kept as it is spoken; a cache that cannot
            // store it (its floor of free space) only means it is rendered again next time.
            let cacheKey = key(spoken: spoken)
            if lock.withLock({ kept.contains(cacheKey) }) { try? cache?.store(entry, for: cacheKey) }
            return entry
        } catch {
            giveUp(error.description)
            return (try? espeak(sentence)) ?? RenderCache.Entry(samples: [], sampleRate: fallback.sampleRate)
        }
    }

    /// Piper's rendering of `spoken` (a sentence as Piper is given it). Renders one at a
    /// time; the child is started when first needed.
    private func piper(spoken: String) throws(PiperProcess.Failure) -> RenderCache.Entry {
        // Checked before waiting for a render in progress, so nothing queues behind a child
        // being given up, and again after.
        if isGivenUp { throw PiperProcess.Failure(description: "Piper was given up a moment ago") }
        renderLock.lock()
        defer { renderLock.unlock() }
        lock.lock()
        if let until = givenUpUntil, ContinuousClock.now < until {
            lock.unlock()
            throw PiperProcess.Failure(description: "Piper was given up a moment ago")
        }
        let existing = process
        lock.unlock()
        let running: PiperProcess
        if let existing {
            running = existing
        } else {
            // Started outside the state lock: loading the voice takes a second.
            running = try PiperProcess(launch, limits: limits)
            lock.withLock { process = running }
        }
        let entry: RenderCache.Entry
        do {
            entry = RenderCache.Entry(samples: try running.render(spoken), sampleRate: running.sampleRate)
        } catch {
            lock.withLock { if process === running { process = nil } }
            running.stop()
            throw error
        }
        return entry
    }

    private func espeak(_ sentence: String) throws(SpeechError) -> RenderCache.Entry {
        RenderCache.Entry(samples: try fallback.samples(for: sentence), sampleRate: fallback.sampleRate)
    }

    /// Whether Piper is given up for now.
    private var isGivenUp: Bool {
        lock.withLock { givenUpUntil.map { ContinuousClock.now < $0 } ?? false }
    }

    /// Stops using Piper for ``retryAfter`` from the first failure (a failure while it is
    /// given up does not put the retry off); one log line says why.
    private func giveUp(_ reason: String) {
        let (announce, running): (Bool, PiperProcess?) = lock.withLock {
            let already = givenUpUntil.map { ContinuousClock.now < $0 } ?? false
            if !already { givenUpUntil = ContinuousClock.now + retryAfter }
            let running = process
            process = nil
            return (!already, running)
        }
        // Ending the child ends a render in progress (it fails, and espeak-ng has the rest).
        running?.stop()
        if announce { log("voice \(voiceName): \(reason); espeak-ng (\(fallback.configuration.voice)) speaks instead, Piper is tried again in \(retryAfter)") }
    }
}

/// The sentences of one speech as they are rendered: delivered in order by the rendering
/// thread, taken in order by the speaking one.
private final class RenderAhead: @unchecked Sendable {
    private let condition = NSCondition()
    private var ready: [Int: RenderCache.Entry] = [:]
    private var cancelled = false

    var isCancelled: Bool { condition.withLock { cancelled } }

    func deliver(_ index: Int, _ entry: RenderCache.Entry) {
        condition.withLock {
            ready[index] = entry
            condition.broadcast()
        }
    }

    /// Sentence `index`, waiting at most `waiting` for it; nil when it is not ready by then.
    func take(_ index: Int, waiting: Duration) -> RenderCache.Entry? {
        let deadline = Date(timeIntervalSinceNow: waiting / .seconds(1))
        condition.lock()
        defer { condition.unlock() }
        while ready[index] == nil {
            if !condition.wait(until: deadline) { break }
        }
        return ready.removeValue(forKey: index)
    }

    func cancel() {
        condition.withLock { cancelled = true }
    }
}
