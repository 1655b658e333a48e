import Support
import Course

/// What the daemon's loop (``Daemon``) drives with the microphone's audio: the course
/// (``SessionRuntime``) or free listening (``ScriptureListenerRuntime``, `mode = "listen"`).
/// Everything is called on the loop's thread except ``stopFlag``'s raising.
public protocol LiveRuntime: AnyObject {
    /// Raised (from a signal handler) to stop.
    var stopFlag: StopFlag { get }
    /// Called often from the loop and from long work (the systemd watchdog).
    var heartbeat: () -> Void { get set }
    /// Begins, once the microphone is open.
    func start()
    /// One chunk of 16 kHz audio that ended at `capturedAt` on the session clock.
    func hear(_ samples: [Int16], capturedAt: Duration?)
    /// No audio came for a while.
    func tick()
    /// The shutdown's last work (saving); returns what to log about it.
    func finish() -> String
}

extension SessionRuntime: LiveRuntime {
    public func finish() -> String {
        saveState()
        return (["session saved in state \(state.rawValue)"] + [cleanerGaveWay, hearingOverSpeechGaveWay].compactMap { $0 })
            .joined(separator: "; ")
    }
}
