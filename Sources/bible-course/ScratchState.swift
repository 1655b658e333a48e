import Assistant
import Foundation
import Support

/// The state of a run that must not move the learner's progress (`demo`, `simulate`):
/// without `--state-dir` (or `state_dir` in the config), progress goes to a private folder
/// of an unpredictable name under the system's temporary folder, removed at the end; the
/// compiled model and the voice's renderings are still the state directory's, so nothing
/// is built or rendered again.
struct ScratchState {
    /// The data paths to run on.
    let paths: DataPaths
    /// The temporary folder, nil when the user named a state directory.
    private let folder: URL?

    /// `resolved`'s paths, with a temporary state directory unless one was named.
    init(_ resolved: PathOptions, command: String) throws {
        var paths = resolved.dataPaths
        if resolved.stateDirectoryPath == nil {
            do { folder = try AtomicFile.temporaryFolder(prefix: "bible-course-\(command)-") } catch {
                throw CommandFailure("\(command): a temporary state directory: \(error)")
            }
            // The model and the voice's renderings are the usual ones: nothing is built or
            // rendered again.
            paths.voiceCacheFolder = paths.voiceCache.folder
            paths.stateDirectory = folder!
        } else {
            folder = nil
        }
        self.paths = paths
    }

    /// Removes the temporary folder, if there is one.
    func remove() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }
}
