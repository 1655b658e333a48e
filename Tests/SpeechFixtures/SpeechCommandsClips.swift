import Audio
import Foundation

/// Real people saying one word (Speech Commands v0.02 in `../shared/speech`, or
/// `$BIBLE_COURSE_SPEECH`): one second a clip, 16 kHz.
public enum SpeechCommandsClips {
    public static var folder: URL {
        RoomNoise.folder.deletingLastPathComponent()
    }

    /// The clips of `word` ("no", "stop", ...), in name order.
    public static func clips(_ word: String) throws -> [URL] {
        let directory = folder.appendingPathComponent(word)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        guard !names.isEmpty else { throw RoomNoise.Missing(folder: directory.path) }
        return names.filter { $0.hasSuffix(".wav") }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// A clip's audio with half a second of silence before and after, as a person pausing
    /// before and after a word.
    public static func padded(_ clip: URL) throws -> [Int16] {
        let pad = [Int16](repeating: 0, count: AudioFormat.samples(milliseconds: 500))
        return pad + (try WAVFile.read(clip)) + pad
    }
}
