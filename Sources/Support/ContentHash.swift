import Foundation

/// A 64-bit FNV-1a digest, for noticing that a file or an input changed. Not for
/// security: nothing here is adversarial, and Foundation on Linux has no SHA.
public struct ContentHash: Sendable {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
    }

    public mutating func add(_ text: String) {
        add(text.utf8)
        add([0])
    }

    /// 16 hex digits.
    public var hex: String { String(format: "%016llx", value) }

    public static func of(_ data: Data) -> String {
        var hash = ContentHash()
        hash.add(data)
        return hash.hex
    }
}
