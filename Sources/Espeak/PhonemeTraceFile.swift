#if canImport(Glibc)
import Glibc
#endif

/// An in-memory `FILE*` (`open_memstream`) for `espeak_SetPhonemeTrace` to write the
/// phonemes of one synthesis into. Owns the stream, the buffer and the two slots
/// `open_memstream` keeps pointers to (allocated here so they do not move);
/// ``finish()`` closes the stream and returns what was written, `deinit` cleans up.
/// Used by one thread, inside the engine's lock.
final class PhonemeTraceFile {
    private let bufferSlot = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 1)
    private let sizeSlot = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private(set) var stream: UnsafeMutablePointer<FILE>?

    init() {
        bufferSlot.initialize(to: nil)
        sizeSlot.initialize(to: 0)
        stream = open_memstream(bufferSlot, sizeSlot)
    }

    /// Closes the stream and returns its text ("" when nothing was written).
    func finish() -> String {
        guard let stream else { return "" }
        fclose(stream)
        self.stream = nil
        guard let buffer = bufferSlot.pointee else { return "" }
        let text = String(cString: buffer)
        free(buffer)
        bufferSlot.pointee = nil
        return text
    }

    deinit {
        _ = finish()
        bufferSlot.deallocate()
        sizeSlot.deallocate()
    }
}
