import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// RNNoise (a small recurrent network that tells speech from noise in 10 ms frames at
/// 48 kHz), loaded from its library; ``RNNoiseStream`` runs it over 16 kHz audio.
///
/// Its library is not in Debian: `scripts/setup.sh` takes `librnnoise.so` from the PyPI
/// package pyrnnoise (x86_64 and aarch64 wheels) into `Models/rnnoise/`, and
/// `scripts/install.sh` installs it in `/usr/share/bible-course/`. It is loaded at run time
/// (`dlopen`), so a machine without it still runs, with WebRTC's suppressor instead
/// (``NoiseSuppressor``).
public final class RNNoise: @unchecked Sendable {
    fileprivate typealias Create = @convention(c) (OpaquePointer?) -> OpaquePointer?
    fileprivate typealias Destroy = @convention(c) (OpaquePointer?) -> Void
    fileprivate typealias ProcessFrame = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Float>?,
                                                      UnsafePointer<Float>?) -> Float
    fileprivate typealias FrameSize = @convention(c) () -> Int32

    /// Where the library was loaded from.
    public let path: String
    fileprivate let create: Create
    fileprivate let destroy: Destroy
    fileprivate let processFrame: ProcessFrame
    fileprivate let frameSize: Int
    /// The rate RNNoise works at.
    static let sampleRate = 48_000

    /// The library at `path`; throws why when it cannot be loaded or is not RNNoise.
    public init(path: String) throws(Unavailable) {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw Unavailable(description: "\(path): \(dlerror().map { String(cString: $0) } ?? "cannot be loaded")")
        }
        func symbol<T>(_ name: String, as type: T.Type) throws(Unavailable) -> T {
            guard let pointer = dlsym(handle, name) else {
                throw Unavailable(description: "\(path): no \(name); not an RNNoise library")
            }
            return unsafeBitCast(pointer, to: type)
        }
        self.path = path
        create = try symbol("rnnoise_create", as: Create.self)
        destroy = try symbol("rnnoise_destroy", as: Destroy.self)
        processFrame = try symbol("rnnoise_process_frame", as: ProcessFrame.self)
        frameSize = Int(try symbol("rnnoise_get_frame_size", as: FrameSize.self)())
        guard frameSize > 0 else { throw Unavailable(description: "\(path): a frame size of \(frameSize)") }
    }

    /// Why RNNoise cannot be used.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The library from `$BIBLE_COURSE_RNNOISE`, else `Models/rnnoise/librnnoise.so` of the
    /// checkout the program was built in, else `/usr/share/bible-course/librnnoise.so`:
    /// loaded once per process. Nil when none can be loaded (``loadProblem`` says why).
    public static let shared: RNNoise? = try? load.get()
    /// Why ``shared`` is nil.
    public static var loadProblem: String? {
        if case .failure(let problem) = load { return problem.description }
        return nil
    }
    private static let load = Result<RNNoise, Unavailable> { () throws(Unavailable) -> RNNoise in
        guard let path = LibraryLocation.first(of: candidatePaths) else {
            throw Unavailable(description: LibraryLocation.missing("librnnoise.so", lookedAt: candidatePaths))
        }
        return try RNNoise(path: path)
    }

    static var candidatePaths: [String] {
        LibraryLocation.candidates(environment: "BIBLE_COURSE_RNNOISE", checkout: "Models/rnnoise/librnnoise.so",
                                   system: "/usr/share/bible-course/librnnoise.so")
    }
}

/// RNNoise over a stream of 16 kHz audio, piece by piece as it arrives, before anything
/// else hears it: the endpointer then cuts utterances from audio with the room pushed down,
/// and the recogniser decodes them. Each piece comes back as long as it went in, 10 ms
/// late (one RNNoise frame). Resampling to 48 kHz and back is by a fixed low-pass filter
/// whose history carries from piece to piece, so piece boundaries leave no mark.
public final class RNNoiseStream: StreamCleaner {
    private let rnnoise: RNNoise
    private let state: OpaquePointer
    /// Low-pass filter for both directions (cutoff at 16 kHz audio's Nyquist frequency, at
    /// 48 kHz), `factor` phases of `tapsPerPhase`.
    private let filter: [Float]
    private static let factor = 3
    private static let tapsPerPhase = 16
    /// The last input samples (16 kHz), newest last.
    private var inputHistory: [Float]
    /// The last cleaned samples (48 kHz), newest last, and how many until the next output.
    private var cleanedHistory: [Float]
    private var untilOutput = 0
    private var frame: [Float] = []
    private var cleanedFrame: [Float]
    private var ready: [Int16]

    /// How far the cleaned stream runs behind the input, in samples (one RNNoise frame).
    public var delaySamples: Int { rnnoise.frameSize / Self.factor }

    /// Nil when RNNoise cannot set itself up.
    public init?(_ rnnoise: RNNoise) {
        guard let state = rnnoise.create(nil) else { return nil }
        self.rnnoise = rnnoise
        self.state = state
        let length = Self.factor * Self.tapsPerPhase
        let cutoff = 0.95 / Double(Self.factor)  // of 48 kHz's Nyquist frequency
        let center = Double(length - 1) / 2
        let lowPass = (0..<length).map { n in
            let x = Double(n) - center
            let sinc = x == 0 ? cutoff : sin(Double.pi * cutoff * x) / (Double.pi * x)
            let window = 0.42 - 0.5 * cos(2 * Double.pi * Double(n) / Double(length - 1))
                + 0.08 * cos(4 * Double.pi * Double(n) / Double(length - 1))
            return Float(sinc * window)
        }
        let sum = lowPass.reduce(0, +)
        filter = lowPass.map { $0 / sum }
        inputHistory = [Float](repeating: 0, count: Self.tapsPerPhase)
        cleanedHistory = [Float](repeating: 0, count: length)
        cleanedFrame = [Float](repeating: 0, count: rnnoise.frameSize)
        frame.reserveCapacity(rnnoise.frameSize)
        // The first frame's worth of output is silence: what RNNoise has not cleaned yet.
        ready = [Int16](repeating: 0, count: rnnoise.frameSize / Self.factor)
    }

    deinit { rnnoise.destroy(state) }

    /// `samples` cleaned, as many as went in.
    public func process(_ samples: [Int16]) -> [Int16] {
        let factor = Self.factor, taps = Self.tapsPerPhase
        for sample in samples {
            inputHistory.removeFirst()
            inputHistory.append(Float(sample))
            // Zero-stuffed to 48 kHz and low-passed: phase p of each input sample.
            for phase in 0..<factor {
                var value: Float = 0
                for k in 0..<taps { value += filter[k * factor + phase] * inputHistory[taps - 1 - k] }
                frame.append(value * Float(factor))
            }
            if frame.count >= rnnoise.frameSize { cleanFrame() }
        }
        let count = min(samples.count, ready.count)
        let out = Array(ready.prefix(count))
        ready.removeFirst(count)
        return out + [Int16](repeating: 0, count: samples.count - count)
    }

    private func cleanFrame() {
        _ = rnnoise.processFrame(state, &cleanedFrame, frame)
        frame.removeAll(keepingCapacity: true)
        let factor = Self.factor
        for value in cleanedFrame {
            cleanedHistory.removeFirst()
            cleanedHistory.append(value.isFinite ? value : 0)
            untilOutput -= 1
            guard untilOutput <= 0 else { continue }
            untilOutput = factor
            var sum: Float = 0
            for (k, weight) in filter.enumerated() { sum += weight * cleanedHistory[filter.count - 1 - k] }
            ready.append(Int16(clamping: Int(sum.rounded())))
        }
    }
}
