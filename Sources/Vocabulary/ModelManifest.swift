import Support
import Foundation

/// What the compiler wrote, as its manifest records it.
public struct ModelManifest: Codable, Sendable, Hashable {
    /// Bumped when the compiler's output changes shape; older models are rebuilt.
    public static let currentFormat = 4

    public var format: Int
    /// Digest of everything the model was built from (``ModelInputs/digest()``).
    public var inputsDigest: String
    /// Output file name → digest of its content, to catch a truncated or edited file.
    public var outputs: [String: String]
    /// Dictionary word → where its pronunciation came from.
    public var sources: [String: PronunciationSource]
    public var identifier: String
    public var version: String
    public var builtAt: Date
}
