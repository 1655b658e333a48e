import CEspeakNG

/// The samples of one `espeak_Synth` call, collected by ``collectSynthesisSamples``:
/// passed to espeak-ng as the call's user data and used only while the caller holds the
/// engine (`EspeakEngine`'s lock), so never by two threads at once.
final class SynthesisCapture {
    var samples: [Int16] = []
}

/// espeak-ng's synthesis callback (`t_espeak_callback`): appends each buffer of samples
/// to the call's ``SynthesisCapture``. Returns 0, "go on".
func collectSynthesisSamples(
    _ wave: UnsafeMutablePointer<Int16>?, _ count: Int32, _ events: UnsafeMutablePointer<espeak_EVENT>?
) -> Int32 {
    guard let user = events?.pointee.user_data else { return 0 }
    let capture = Unmanaged<SynthesisCapture>.fromOpaque(user).takeUnretainedValue()
    if let wave, count > 0 {
        capture.samples.append(contentsOf: UnsafeBufferPointer(start: wave, count: Int(count)))
    }
    return 0
}
