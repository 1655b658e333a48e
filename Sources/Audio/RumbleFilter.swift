/// Takes what lies below speech out of the microphone as speexdsp's echo canceller does
/// before it cancels anything: a second-order notch at 0 Hz (a double zero there, two
/// poles just inside the unit circle), -3.7 dB at 60 Hz, -1 dB at 100 Hz, -31 dB at 10 Hz.
/// ``EchoCanceller`` passes the microphone through it while speexdsp rests, so that what is
/// heard is the same whether the canceller ran or not: a room's rumble (wind, traffic, a
/// machine; some rooms have it 30 dB above their audible noise) would otherwise reach the
/// endpointer only while the daemon has not spoken lately.
///
/// Its state is kept from one piece to the next.
struct RumbleFilter {
    /// The poles' radius (speexdsp's for 16 kHz) and the coefficient of the second.
    static let radius = 0.982
    static let secondPole = radius * radius + 0.7 * (1 - radius) * (1 - radius)
    private var input1 = 0.0, input2 = 0.0
    private var output1 = 0.0, output2 = 0.0

    /// `samples`, filtered, as many as went in.
    mutating func process(_ samples: [Int16]) -> [Int16] {
        let r = Self.radius, b = Self.secondPole
        return samples.map { sample in
            let x = Double(sample)
            let y = x - 2 * input1 + input2 + 2 * r * output1 - b * output2
            input2 = input1; input1 = x
            output2 = output1; output1 = y
            return Int16(max(-32_768, min(32_767, (r * y).rounded())))
        }
    }
}
