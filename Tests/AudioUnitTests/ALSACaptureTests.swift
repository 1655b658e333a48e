import Testing
@testable import Audio
#if canImport(Glibc)
import Glibc
#endif

/// ``ALSACapture`` against a stream that fails the way ALSA fails.
@Suite("ALSACapture: recovery from ALSA's errors")
struct ALSACaptureTests {
    @Test func anOverrunMidStreamIsRecoveredAndCountedAndFramesKeepComing() throws {
        let pcm = ScriptedPCM(steps: [.frames(160), .code(-Int(EPIPE)), .frames(160)])
        let capture = ALSACapture(pcm: pcm)
        let first = try capture.read(maxFrames: 160)
        let second = try capture.read(maxFrames: 160)
        #expect(first.count == 160)
        #expect(second.count == 160)
        #expect(second.first == 160, "the read after the overrun continues the stream")
        #expect(capture.overruns == 1)
        #expect(pcm.recoveredCodes == [-Int(EPIPE)])
    }

    @Test("suspend and interrupted calls are recovered but are not overruns", arguments: [ESTRPIPE, EINTR])
    func otherRecoverableCodes(errno: Int32) throws {
        let pcm = ScriptedPCM(steps: [.code(-Int(errno)), .frames(100)])
        let capture = ALSACapture(pcm: pcm)
        #expect(try capture.read(maxFrames: 100).count == 100)
        #expect(capture.overruns == 0)
        #expect(pcm.recoveredCodes == [-Int(errno)])
    }

    @Test func wouldBlockIsAnEmptyReadNotAnError() throws {
        let pcm = ScriptedPCM(steps: [.code(-Int(EAGAIN)), .frames(50)])
        let capture = ALSACapture(pcm: pcm)
        #expect(try capture.read(maxFrames: 50) == [])
        #expect(try capture.read(maxFrames: 50).count == 50)
        #expect(pcm.recoveredCodes.isEmpty)
    }

    @Test func aShortReadReturnsWhatCame() throws {
        let capture = ALSACapture(pcm: ScriptedPCM(steps: [.frames(7)]))
        #expect(try capture.read(maxFrames: 160).count == 7)
    }

    @Test func endlessOverrunsGiveAnEmptyReadInsteadOfSpinning() throws {
        let pcm = ScriptedPCM(steps: Array(repeating: .code(-Int(EPIPE)), count: 5) + [.frames(10)])
        let capture = ALSACapture(pcm: pcm)
        #expect(try capture.read(maxFrames: 10) == [])
        #expect(capture.overruns == 3)
    }

    @Test("an unplugged device is a typed error naming it", arguments: [ENODEV, EBADFD])
    func deviceLoss(errno: Int32) {
        let capture = ALSACapture(pcm: ScriptedPCM(device: "plughw:1,0", steps: [.code(-Int(errno))]))
        #expect {
            _ = try capture.read(maxFrames: 10)
        } throws: { error in
            guard case .deviceLost(let name, _) = error as? AudioError else { return false }
            return name == "plughw:1,0" && "\(error)".contains("plughw:1,0")
        }
    }

    @Test func aFailedRecoveryIsAnErrorWithALSAsMessage() {
        let pcm = ScriptedPCM(steps: [.code(-Int(EPIPE))])
        pcm.recoverResult = -Int(EIO)
        let capture = ALSACapture(pcm: pcm)
        #expect {
            _ = try capture.read(maxFrames: 10)
        } throws: { error in
            guard case .device(let name, let reason) = error as? AudioError else { return false }
            return name == "plughw:1,0" && reason.contains("Input/output error") && reason.contains("Broken pipe")
        }
    }

    @Test func readingAfterCloseIsAnError() {
        let pcm = ScriptedPCM()
        let capture = ALSACapture(pcm: pcm)
        capture.close()
        #expect(pcm.isClosed)
        #expect(throws: AudioError.self) { _ = try capture.read(maxFrames: 10) }
    }

    @Test func statusKinds() {
        #expect(ALSAStatus.kind(of: -Int(EPIPE)) == .recoverable)
        #expect(ALSAStatus.kind(of: -Int(EAGAIN)) == .wouldBlock)
        #expect(ALSAStatus.kind(of: -Int(ENODEV)) == .deviceLost)
        #expect(ALSAStatus.kind(of: -Int(EIO)) == .failure)
        #expect(ALSAStatus.message(-Int(ENODEV)) == "No such device")
    }
}
