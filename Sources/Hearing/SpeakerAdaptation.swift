import Decoding
import Foundation

/// What `scripts/adapt.sh` made from recordings of one voice: an MLLR transform (a file
/// that moves the shipped model's means) or a MAP-adapted copy of the acoustic model (a
/// folder used instead of the shipped one). The `adaptation` setting names either.
public enum SpeakerAdaptation: Equatable, Sendable {
    case transform(file: String)
    case acousticModel(directory: String)

    /// The files an adapted acoustic model folder must hold.
    static let modelFiles = ["mdef", "means", "variances", "sendump", "transition_matrices", "feat.params"]

    /// Reads what `path` is; a folder must hold a whole acoustic model.
    public init(path: String) throws(DecoderError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .missingFile(what: "speaker adaptation", path: path)
        }
        guard isDirectory.boolValue else {
            self = .transform(file: path)
            return
        }
        for file in Self.modelFiles where !FileManager.default.fileExists(atPath: path + "/" + file) {
            throw .missingFile(what: "adapted acoustic model's \(file)", path: path + "/" + file)
        }
        self = .acousticModel(directory: path)
    }

    /// The acoustic model folder to load, when the adaptation is one.
    public var acousticModel: String? {
        if case .acousticModel(let directory) = self { return directory }
        return nil
    }
}
