import Assistant
import Support
import Course
import Decoding
import Foundation
import Hearing
import Logging

/// The daemon in `mode = "listen"` (and `bible-course listen` on the microphone): every
/// utterance transcribed and its passages reported (``ScriptureListener``), one JSON line
/// each through `emit`; no course runs, nothing is spoken, no progress is touched.
public final class ScriptureListenerRuntime: LiveRuntime {
    /// How much of the microphone to keep while an utterance is decoded: one of up to
    /// 20 s takes a few seconds (the course's 5 s would drop speech).
    public static let maximumQueued = Duration.seconds(30)
    public let stopFlag = StopFlag()
    public var heartbeat: () -> Void = {}
    private let listener: ScriptureListener
    private let emit: (ScriptureListener.Heard) -> Void
    private let logger: Logger
    private var utterances = 0

    public init(listener: ScriptureListener, logger: Logger, emit: @escaping (ScriptureListener.Heard) -> Void) {
        self.listener = listener
        self.logger = logger
        self.emit = emit
    }

    public func start() {
        logger.notice("listening for passages named or quoted; no course runs in this mode")
    }

    public func hear(_ samples: [Int16], capturedAt: Duration?) {
        heartbeat()
        guard !stopFlag.isRaised else { return }
        report { () throws(DecoderError) in try listener.feed(samples) }
    }

    public func tick() {
        heartbeat()
    }

    public func finish() -> String {
        report { () throws(DecoderError) in try listener.finish() }
        return "\(utterances) utterances heard"
    }

    private func report(_ work: () throws(DecoderError) -> [ScriptureListener.Heard]) {
        do {
            for heard in try work() {
                utterances += 1
                logger.debug("heard \(heard.end - heard.start) s, \(heard.references.count) passages")
                emit(heard)
            }
        } catch {
            logger.error("recogniser: \(error)")
        }
    }
}
