@testable import Audio
#if canImport(Glibc)
import Glibc
#endif

/// A capture stream that fails the way ALSA fails: each read takes the next step of a
/// script (frames, or a negative errno such as -EPIPE or -ENODEV); when the script runs
/// out it keeps delivering full buffers. Samples count up so tests can see continuity.
final class ScriptedPCM: CapturePCM {
    enum Step: Equatable {
        case frames(Int)
        case code(Int)
    }

    let deviceName: String
    private(set) var steps: [Step]
    private(set) var recoveredCodes: [Int] = []
    private(set) var isClosed = false
    private(set) var reads = 0
    var recoverResult = 0
    private var nextSample: Int16 = 0

    init(device: String = "plughw:1,0", steps: [Step] = []) {
        self.deviceName = device
        self.steps = steps
    }

    func readFrames(into buffer: UnsafeMutableBufferPointer<Int16>) -> Int {
        reads += 1
        if isClosed { return -Int(EBADFD) }
        let step = steps.isEmpty ? .frames(buffer.count) : steps.removeFirst()
        switch step {
        case .code(let code):
            return code
        case .frames(let count):
            let n = min(count, buffer.count)
            for i in 0..<n {
                buffer[i] = nextSample
                nextSample &+= 1
            }
            return n
        }
    }

    func recover(from code: Int) -> Int {
        recoveredCodes.append(code)
        return recoverResult
    }

    func close() { isClosed = true }
}

/// Opens ``ScriptedPCM``s: fails with a code for the first `failures` attempts after
/// each loss, as `snd_pcm_open` does while a USB microphone is unplugged.
final class ScriptedOpener {
    private(set) var attempts = 0
    private(set) var opened: [ScriptedPCM] = []
    var failuresLeft: Int
    var failureCode = -Int(ENODEV)
    var scripts: [[ScriptedPCM.Step]]

    init(failures: Int = 0, scripts: [[ScriptedPCM.Step]]) {
        self.failuresLeft = failures
        self.scripts = scripts
    }

    func open(_ name: String) throws(AudioError) -> ALSACapture {
        attempts += 1
        if failuresLeft > 0 {
            failuresLeft -= 1
            throw ALSAStatus.error(failureCode, device: name, operation: "cannot open for capture")
        }
        let pcm = ScriptedPCM(device: name, steps: scripts.isEmpty ? [] : scripts.removeFirst())
        opened.append(pcm)
        return ALSACapture(pcm: pcm)
    }
}
