import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// SIGTERM and SIGINT as an event: the signals' default action (dying at once) is
/// replaced by a handler run on a dispatch queue, which asks the daemon to stop. Keep the
/// value alive as long as the handler should run.
public final class ShutdownSignals: @unchecked Sendable {
    private var sources: [any DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "bible-course.signals")

    /// Installs `handler` for SIGTERM and SIGINT; it receives the signal's name.
    public init(handler: @escaping @Sendable (String) -> Void) {
        for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(name) }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
