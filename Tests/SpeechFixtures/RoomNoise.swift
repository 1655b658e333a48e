import Audio
import Foundation

/// Real rooms for the test audio: the one-second recordings of Speech Commands' `_silence_`
/// folder in `../shared/speech` (dishes, a running tap, an exercise bike, quiet rooms; or
/// `$BIBLE_COURSE_SPEECH`), each brought to one level and strung together in a seeded
/// order, mixed in at a signal-to-noise ratio measured on the speech, as
/// scripts/lib/bench/speech_sets.py makes its noise beds.
public enum RoomNoise {
    public static var folder: URL {
        let speech = ProcessInfo.processInfo.environment["BIBLE_COURSE_SPEECH"].map { URL(fileURLWithPath: $0) }
            ?? Checkout.root.deletingLastPathComponent().appendingPathComponent("shared/speech")
        return speech.appendingPathComponent("speech-commands/_silence_")
    }

    /// Every cut at one level, in name order, read once per test run (or why one could not
    /// be read); digital silence is left out.
    public static let cuts = Result<[[Double]], any Error> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return try names.filter { $0.hasSuffix(".wav") }.sorted().compactMap { name -> [Double]? in
            let cut = try WAVFile.read(folder.appendingPathComponent(name))
            let level = TestNoise.rms(cut.map(Double.init))
            return level < 3 ? nil : cut.map { Double($0) * 3_000 / level }
        }
    }

    /// `seconds` of the rooms' cuts strung together in a seeded order, at their one level
    /// (RMS 3000 of full scale 32768: a loud kitchen near the microphone).
    public static func bed(seconds: Double, seed: UInt64 = 7) throws -> [Int16] {
        let cuts = try cuts.get()
        guard !cuts.isEmpty else { throw Missing(folder: folder.path) }
        var state = seed
        var bed: [Int16] = []
        while Double(bed.count) < seconds * Double(AudioFormat.sampleRate) {
            bed += cuts[Int(TestNoise.next(&state) >> 33) % cuts.count].map { Int16(clamping: Int($0.rounded())) }
        }
        return bed
    }

    /// `seconds` of the cuts of quiet rooms, as recorded (none of their 10 ms frames louder
    /// than -60 dBFS: a study with the window shut; digital silence left out), strung
    /// together in name order.
    public static func quietBed(seconds: Double) throws -> [Int16] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let quiet = try names.filter { $0.hasSuffix(".wav") }.sorted().compactMap { name -> [Int16]? in
            let cut = try WAVFile.read(folder.appendingPathComponent(name))
            let frames = stride(from: 0, to: cut.count - AudioFormat.frameSamples, by: AudioFormat.frameSamples).map {
                AudioFormat.decibels(Array(cut[$0..<($0 + AudioFormat.frameSamples)]))
            }
            guard TestNoise.rms(cut.map(Double.init)) >= 3, let loudest = frames.max(), loudest < -60 else { return nil }
            return cut
        }
        guard !quiet.isEmpty else { throw Missing(folder: folder.path) }
        let length = Int(seconds * Double(AudioFormat.sampleRate))
        var bed: [Int16] = []
        var next = 0
        while bed.count < length {
            bed += quiet[next % quiet.count]
            next += 1
        }
        return Array(bed.prefix(length))
    }

    public static func mixed(_ speech: [Int16], snr decibels: Double, seed: UInt64 = 7) throws -> [Int16] {
        let cuts = try cuts.get()
        guard !cuts.isEmpty else { throw Missing(folder: folder.path) }
        var state = seed
        var bed: [Double] = []
        while bed.count < speech.count {
            bed += cuts[Int(TestNoise.next(&state) >> 33) % cuts.count]
        }
        return TestNoise.mix(speech, bed, snr: decibels)
    }

    public struct Missing: Error, CustomStringConvertible {
        public let folder: String

        public init(folder: String) { self.folder = folder }
        public var description: String {
            "no room recordings in \(folder): put the speech corpus in ../shared/speech or set BIBLE_COURSE_SPEECH"
        }
    }
}
