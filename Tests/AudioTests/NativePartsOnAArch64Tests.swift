import Audio
import Foundation
import SpeechFixtures
import Testing

/// A Raspberry Pi's processor: the aarch64 builds of what is not Swift (DeepFilterNet3 and
/// RNNoise from their pinned wheels, Debian's arm64 PocketSphinx and espeak-ng) run under
/// qemu-aarch64 on the same real recordings as this machine's x86_64 builds (``NativeParts``),
/// and give the same results:
///
/// - the harness's own resampling: the same bits (it is built without fused multiply-add);
/// - the denoisers' output: at least 30 dB sample-wise signal-to-difference ratio against
///   x86_64's. Their kernels are built for each processor's vector unit and add in
///   another order, so the bits differ; measured 94-100 dB for DeepFilterNet3 and 45-58 dB for RNNoise
///   (docs/measurements/2026-11-29-aarch64-under-qemu.md). At 30 dB the difference holds a
///   thousandth of the audio's energy, below the room noise the denoisers leave in;
/// - PocketSphinx: the same words in every recording, each side's own cleaned ones included;
///   the same path score for the same recording (measured: so), within 5% for each side's
///   own cleaned audio, which differs as the denoisers' output does (measured: 0.1% after
///   DeepFilterNet3, 1.4% after RNNoise); the words are what the daemon acts on;
/// - espeak-ng: as many samples, at least 30 dB apart (measured: the same bits).
///
/// Enabled where qemu-user, the cross compiler, the arm64 libraries and the aarch64 wheels
/// are: scripts/setup.sh installs them with BIBLE_COURSE_TEST_VOICES=1 (scripts/test.sh).
@Suite("aarch64 builds under qemu", .serialized)
struct NativePartsOnAArch64Tests {
    typealias Architecture = NativeParts.Architecture

    /// Real people (CMU AN4, `../shared/speech`), one of them in a real room at 5 dB.
    static let speech = RoomNoise.folder.deletingLastPathComponent().deletingLastPathComponent()
    static let an4 = speech.appendingPathComponent("an4/wav/an4test_clstk")
    static let people = ["fcaw/an406-fcaw-b.wav", "mmxg/an442-mmxg-b.wav", "fjlp/cen3-fjlp-b.wav"]
    static let sentence = "Read Habakkuk chapter two verse four. The righteous will live by his faith."

    static let missing: [String] = {
        var missing = Architecture.allCases.flatMap(NativeParts.missing)
        if !people.allSatisfy({ FileManager.default.fileExists(atPath: an4.appendingPathComponent($0).path) })
            || !FileManager.default.fileExists(atPath: RoomNoise.folder.path) {
            missing.append("CMU AN4 and Speech Commands' rooms in \(speech.path) (../shared/speech or BIBLE_COURSE_SPEECH)")
        }
        return missing.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }()
    static let why = Comment(rawValue: "needs \(missing.joined(separator: "; "))")

    /// What each architecture made of the recordings and the sentence.
    struct Side {
        var cleaned: [String: [[Int16]]] = [:]
        var runs: [String: NativeParts.Run] = [:]
        var heard: [NativeParts.Heard] = []
        var speech: (rate: Int, samples: [Int16]) = (0, [])
    }

    /// The recordings as given to both: the people, and the first of them in a room.
    static let recordings = Result<(urls: [URL], noisy: [Int16]), any Error> {
        let folder = Checkout.root.appendingPathComponent(".build/native-parts/recordings")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let noisy = try RoomNoise.mixed(try WAVFile.read(an4.appendingPathComponent(people[0])), snr: 5)
        let mix = folder.appendingPathComponent("an406-fcaw-b-room-5db.wav")
        try WAVFile.write(noisy, to: mix)
        return (people.map { an4.appendingPathComponent($0) } + [mix], noisy)
    }

    /// Both architectures' runs, once per test run, one part at a time.
    static let sides = Result<[Architecture: Side], any Error> {
        let (urls, _) = try recordings.get()
        var sides: [Architecture: Side] = [:]
        for architecture in Architecture.allCases {
            let parts = try NativeParts(architecture)
            var side = Side()
            for part in ["resample", "deepfilter", "rnnoise"] {
                let (samples, run) = try parts.clean(part, urls)
                side.cleaned[part] = samples
                side.runs[part] = run
            }
            // Its own cleaned noisy recording too, as a Pi would hear it.
            let cleanedMixes = ["deepfilter", "rnnoise"].map { parts.folder.appendingPathComponent($0).appendingPathComponent(urls.last!.lastPathComponent) }
            let (heard, decodeRun) = try parts.decode(urls + cleanedMixes)
            side.heard = heard
            side.runs["pocketsphinx"] = decodeRun
            let (rate, samples, sayRun) = try parts.say(sentence)
            side.speech = (rate, samples)
            side.runs["espeak"] = sayRun
            sides[architecture] = side
        }
        return sides
    }

    /// Sample-wise signal-to-difference ratio of `other` against `reference`, dB (infinite
    /// when they are the same).
    static func agreement(_ reference: [Int16], _ other: [Int16]) -> Double {
        var signal = 0.0, difference = 0.0
        for (a, b) in zip(reference, other) {
            signal += Double(a) * Double(a)
            difference += (Double(a) - Double(b)) * (Double(a) - Double(b))
        }
        return difference == 0 ? .infinity : 10 * log10(signal / difference)
    }

    /// The level of the quieter half of 20 ms frames: the room between the words.
    static func floor(_ samples: [Int16]) -> Double {
        let frames = stride(from: 0, to: samples.count - 320, by: 320).map { start in
            TestNoise.rms(samples[start..<(start + 320)].map(Double.init))
        }.sorted()
        let quiet = frames.prefix(max(1, frames.count / 2))
        return quiet.reduce(0, +) / Double(quiet.count)
    }

    /// `value` with `digits` decimals.
    static func fixed(_ value: Double, _ digits: Int = 1) -> String {
        value.isFinite ? String(format: "%.\(digits)f", value) : "\(value)"
    }

    /// The two sides and a line of how long `part` took on each.
    static func compared(_ part: String) throws -> (x86: Side, arm: Side) {
        let sides = try sides.get()
        let (x86, arm) = (try #require(sides[.x86_64]), try #require(sides[.aarch64]))
        if let native = x86.runs[part], let emulated = arm.runs[part] {
            print("\(part): x86_64 \(fixed(native.seconds, 2)) s (\(fixed(native.cpuSeconds, 2)) CPU-s), aarch64 under qemu "
                + "\(fixed(emulated.seconds, 2)) s (\(fixed(emulated.cpuSeconds, 2)) CPU-s), "
                + "\(fixed(emulated.cpuSeconds / max(native.cpuSeconds, 0.001)))x the CPU")
        }
        return (x86, arm)
    }

    /// Each cleaned recording's agreement, printed.
    static func agreements(_ part: String, _ x86: Side, _ arm: Side) throws -> [Double] {
        let (urls, _) = try recordings.get()
        let pairs = Array(zip(x86.cleaned[part] ?? [], arm.cleaned[part] ?? []))
        #expect(pairs.count == urls.count)
        return zip(urls, pairs).map { url, pair in
            #expect(pair.0.count == pair.1.count, "\(url.lastPathComponent): as long on both")
            let decibels = agreement(pair.0, pair.1)
            print("\(part) \(url.lastPathComponent): \(fixed(decibels)) dB, "
                + "\(zip(pair.0, pair.1).filter { $0 != $1 }.count) of \(pair.0.count) samples differ")
            return decibels
        }
    }

    @Test("the harness's own resampling gives the same bits on both", .enabled(if: missing.isEmpty, why))
    func theHarnessResamplesToTheSameBits() throws {
        let (x86, arm) = try Self.compared("resample")
        #expect(try Self.agreements("resample", x86, arm).allSatisfy { $0 == .infinity })
    }

    @Test("DeepFilterNet3 cleans alike: each recording within 30 dB, the room taken out on both",
          .enabled(if: missing.isEmpty, why))
    func deepFilterCleansAlike() throws {
        try denoiserCleansAlike("deepfilter")
    }

    @Test("RNNoise cleans alike: each recording within 30 dB, the room taken out on both",
          .enabled(if: missing.isEmpty, why))
    func rnnoiseCleansAlike() throws {
        try denoiserCleansAlike("rnnoise")
    }

    private func denoiserCleansAlike(_ part: String) throws {
        let (x86, arm) = try Self.compared(part)
        for decibels in try Self.agreements(part, x86, arm) { #expect(decibels >= 30) }
        // It did clean: the room between the words at least 10 dB down, on both.
        let noisy = Self.floor(try Self.recordings.get().noisy)
        for (architecture, side) in [("x86_64", x86), ("aarch64", arm)] {
            let cleaned = Self.floor(try #require(side.cleaned[part]?.last))
            print("\(part) \(architecture): the room between the words \(Self.fixed(20 * log10(noisy / max(cleaned, 1e-9)))) dB down")
            #expect(cleaned * pow(10, 10.0 / 20) <= noisy, "\(architecture)")
        }
    }

    @Test("PocketSphinx hears the same words in every recording, cleaned ones too; the same score for the same audio",
          .enabled(if: missing.isEmpty, why))
    func pocketSphinxHearsTheSame() throws {
        let (x86, arm) = try Self.compared("pocketsphinx")
        let (urls, _) = try Self.recordings.get()
        let inputs = urls.map(\.lastPathComponent) + ["deepfilter", "rnnoise"].map { "\($0) \(urls.last!.lastPathComponent)" }
        try #require(x86.heard.count == inputs.count && arm.heard.count == inputs.count, "\(x86.heard) \(arm.heard)")
        #expect(x86.heard.contains { !$0.text.isEmpty }, "something was heard")
        for (index, (input, (native, emulated))) in zip(inputs, zip(x86.heard, arm.heard)).enumerated() {
            print("pocketsphinx \(input): \"\(native.text)\" \(native.score) / \"\(emulated.text)\" \(emulated.score)")
            #expect(native.text == emulated.text, "\(input)")
            if index < urls.count {
                #expect(native.score == emulated.score, "\(input): the same recording")
            } else {
                #expect(abs(native.score - emulated.score) <= abs(native.score) / 20, "\(input): each side's own cleaning")
            }
        }
    }

    @Test("espeak-ng says the sentence in as many samples, within 30 dB",
          .enabled(if: missing.isEmpty, why))
    func espeakSaysTheSame() throws {
        let (x86, arm) = try Self.compared("espeak")
        let decibels = Self.agreement(x86.speech.samples, arm.speech.samples)
        print("espeak: \(x86.speech.samples.count) / \(arm.speech.samples.count) samples at "
            + "\(x86.speech.rate) / \(arm.speech.rate) Hz, \(Self.fixed(decibels)) dB")
        #expect(x86.speech.rate == arm.speech.rate)
        #expect(x86.speech.samples.count > x86.speech.rate, "more than a second of speech")
        #expect(x86.speech.samples.count == arm.speech.samples.count)
        #expect(decibels >= 30)
    }
}
