import Foundation
import Testing
@testable import Audio
#if canImport(Glibc)
import Glibc
#endif

/// ``CaptureLoop``: frames keep coming through overruns and unplugging, the device is
/// reopened on the backoff schedule, and each outage is logged once. Waits are recorded,
/// not slept.
@Suite("CaptureLoop: overruns, lost devices, backoff, stopping")
struct CaptureLoopTests {
    /// The loop under test with its fakes and what it logged and waited.
    final class Harness {
        let opener: ScriptedOpener
        var logs: [String] = []
        var waits: [Duration] = []
        var loop: CaptureLoop!

        init(failures: Int = 0, scripts: [[ScriptedPCM.Step]], onWait: ((CaptureLoop) -> Void)? = nil) {
            opener = ScriptedOpener(failures: failures, scripts: scripts)
            loop = CaptureLoop(
                device: "plughw:1,0",
                open: { [opener] name throws(AudioError) in try opener.open(name) },
                wait: { [unowned self] delay in
                    self.waits.append(delay)
                    onWait?(self.loop)
                },
                log: { [unowned self] line in self.logs.append(line) })
        }
    }

    @Test func backoffDoublesFromHalfASecondToTenSeconds() {
        let backoff = CaptureBackoff()
        #expect((0..<8).map(backoff.delay(attempt:)) == [
            .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(10), .seconds(10), .seconds(10),
        ])
        #expect(backoff.delay(attempt: 1_000) == .seconds(10))
    }

    @Test func framesKeepComingThroughAnOverrun() {
        let harness = Harness(scripts: [[.frames(160), .code(-Int(EPIPE)), .frames(160), .frames(160)]])
        let counts = (0..<3).map { _ in harness.loop.read(maxFrames: 160).count }
        #expect(counts == [160, 160, 160])
        #expect(harness.loop.overruns == 1)
        #expect(harness.logs.isEmpty, "an overrun is not worth a log line")
        #expect(harness.opener.attempts == 1)
    }

    @Test func wouldBlockReadsAreEmptyAndTheStreamContinues() {
        let harness = Harness(scripts: [[.code(-Int(EAGAIN)), .frames(160)]])
        #expect(harness.loop.read(maxFrames: 160) == [])
        #expect(harness.loop.read(maxFrames: 160).count == 160)
        #expect(harness.logs.isEmpty)
    }

    @Test func anUnpluggedMicrophoneIsReopenedWithBackoffAndLoggedOnce() {
        // Two reads, unplugged, four failed opens, then back.
        let harness = Harness(scripts: [[.frames(160), .frames(160), .code(-Int(ENODEV))], [.frames(160)]])
        let loop = harness.loop!
        #expect(loop.read(maxFrames: 160).count == 160)
        #expect(loop.read(maxFrames: 160).count == 160)
        harness.opener.failuresLeft = 4
        var reads: [Int] = []
        for _ in 0..<7 { reads.append(loop.read(maxFrames: 160).count) }
        // The loss, four failed attempts, the reopening read, a plain read.
        #expect(reads == [0, 0, 0, 0, 0, 160, 160])
        #expect(harness.waits == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8)])
        #expect(harness.logs == ["capture device plughw:1,0 lost; retrying", "capture device plughw:1,0 is back"])
        #expect(harness.opener.opened.first?.isClosed == true, "the lost stream is closed")
        #expect(harness.opener.attempts == 6)
        #expect(loop.reopenCount == 1)
        #expect(loop.isDeviceOpen)
    }

    @Test func theBackoffStartsAgainAfterTheDeviceCameBack() {
        let harness = Harness(scripts: [[.code(-Int(ENODEV))], [.code(-Int(EBADFD))], []])
        let loop = harness.loop!
        _ = loop.read(maxFrames: 10)                    // lost
        harness.opener.failuresLeft = 2
        for _ in 0..<3 { _ = loop.read(maxFrames: 10) } // fail, fail, back then lost again (EBADFD)
        harness.opener.failuresLeft = 1
        for _ in 0..<3 { _ = loop.read(maxFrames: 10) } // fail, back and reading
        #expect(harness.waits == [.milliseconds(500), .seconds(1), .seconds(2), .milliseconds(500), .seconds(1)])
        #expect(harness.logs == [
            "capture device plughw:1,0 lost; retrying", "capture device plughw:1,0 is back",
            "capture device plughw:1,0 lost; retrying", "capture device plughw:1,0 is back",
        ])
        #expect(loop.reopenCount == 2)
    }

    @Test func aMicrophoneAbsentAtStartIsWaitedFor() {
        let harness = Harness(failures: 3, scripts: [[]])
        let counts = (0..<5).map { _ in harness.loop.read(maxFrames: 100).count }
        #expect(counts == [0, 0, 0, 100, 100])
        #expect(harness.waits == [.milliseconds(500), .seconds(1), .seconds(2)], "the first attempt does not wait")
        #expect(harness.logs.count == 2)
        #expect(harness.logs.first?.hasPrefix("capture device plughw:1,0 unavailable (") == true)
        #expect(harness.logs.first?.contains("No such device") == true)
        #expect(harness.logs.last == "capture device plughw:1,0 is back")
    }

    @Test func anyOtherReadFailureIsReopenedTooAndNeverThrows() {
        let harness = Harness(scripts: [[.code(-Int(EIO))], [.frames(20)]])
        #expect(harness.loop.read(maxFrames: 20) == [])
        #expect(harness.loop.read(maxFrames: 20).count == 20)
        #expect(harness.logs.count == 2)
        #expect(harness.logs.first?.contains("failed") == true)
        #expect(harness.logs.first?.contains("Input/output error") == true)
    }

    @Test func overrunsAreCountedAcrossReopenings() {
        let harness = Harness(scripts: [[.code(-Int(EPIPE)), .frames(1), .code(-Int(ENODEV))], [.code(-Int(EPIPE)), .frames(1)]])
        for _ in 0..<4 { _ = harness.loop.read(maxFrames: 1) }
        #expect(harness.loop.overruns == 2)
    }

    @Test func runDeliversChunksUntilStopped() {
        let harness = Harness(scripts: [[.frames(1600), .code(-Int(EPIPE)), .frames(1600), .code(-Int(EAGAIN)), .frames(1600)]])
        var delivered: [Int] = []
        harness.loop.run(chunkFrames: 1600) { frames in
            delivered.append(frames.count)
            if delivered.count == 4 { harness.loop.stop() }
        }
        #expect(delivered == [1600, 1600, 1600, 1600], "empty reads are not delivered")
        #expect(harness.loop.read(maxFrames: 10) == [], "a stopped loop reads nothing")
    }

    @Test func stoppingDuringAnOutageEndsTheRun() {
        var waitsSeen = 0
        let harness = Harness(failures: 1_000, scripts: []) { loop in
            waitsSeen += 1
            if waitsSeen == 3 { loop.stop() }
        }
        harness.loop.run { _ in Issue.record("nothing to deliver") }
        #expect(harness.waits.count == 3)
        #expect(harness.logs.count == 1, "one line for the whole outage")
    }

    @Test func theRealWaitIsCutShortByStop() async {
        // No wait injected: the loop's own wait, which stop() must wake.
        let opener = ScriptedOpener(failures: 1_000, scripts: [])
        let loop = CaptureLoop(
            device: "plughw:1,0", open: { name throws(AudioError) in try opener.open(name) },
            backoff: CaptureBackoff(initial: .seconds(30)), log: { _ in })
        // A thread of its own: the test pool may be busy with other suites.
        let finished = DispatchSemaphore(value: 0)
        Thread { loop.run { _ in }; finished.signal() }.start()
        while opener.attempts == 0 { try? await Task.sleep(for: .milliseconds(10)) }
        try? await Task.sleep(for: .milliseconds(100))
        let stopped = ContinuousClock.now
        loop.stop()
        // Without the wake-up this would take 30 s.
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(ContinuousClock.now - stopped < .seconds(10))
    }

    @Test func closeClosesTheStream() {
        let harness = Harness(scripts: [[]])
        _ = harness.loop.read(maxFrames: 1)
        harness.loop.close()
        #expect(harness.opener.opened.first?.isClosed == true)
        #expect(!harness.loop.isDeviceOpen)
    }
}
