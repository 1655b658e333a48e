import Foundation
import Support
import Testing
import Voice

@Suite("The voice's render cache and the voice key")
struct RenderCacheTests {
    private func cache() -> RenderCache {
        RenderCache(folder: FileManager.default.temporaryDirectory.appendingPathComponent("voice-cache-\(UUID().uuidString)"))
    }

    @Test("voice = \"piper:<model>\" names Piper, anything else espeak-ng; Piper's stand-in is the default voice")
    func choice() {
        #expect(VoiceChoice("piper:en_US-joe-medium") == .piper(model: "en_US-joe-medium"))
        #expect(VoiceChoice("en-gb+f3") == .espeak("en-gb+f3"))
        #expect(VoiceChoice("piper:en_US-joe-medium").espeakVoice == "en-us")
        #expect(VoiceChoice("piper:").problem != nil)
        #expect(VoiceChoice("piper:../x").problem != nil)
        #expect(VoiceChoice("en-us").problem == nil)
    }

    @Test("a changed text, voice or rate is another entry: nothing rendered for one is played for another")
    func invalidation() throws {
        let cache = cache()
        defer { try? FileManager.default.removeItem(at: cache.folder) }
        let key = RenderCache.key(voice: "piper:a", lengthScale: 1.111, text: "In the beginning.")
        try cache.store(.init(samples: [1, 2, 3], sampleRate: 22_050), for: key)
        #expect(cache.entry(key) == .init(samples: [1, 2, 3], sampleRate: 22_050))
        for other in [RenderCache.key(voice: "piper:a", lengthScale: 1.111, text: "In the beginning, God."),
                      RenderCache.key(voice: "piper:b", lengthScale: 1.111, text: "In the beginning."),
                      RenderCache.key(voice: "piper:a", lengthScale: 1.0, text: "In the beginning.")] {
            #expect(other != key)
            #expect(cache.entry(other) == nil)
        }
        #expect(cache.usage().entries == 1)
    }

    @Test("an entry whose file holds another key, or is cut short, is a miss")
    func damagedEntries() throws {
        let cache = cache()
        defer { try? FileManager.default.removeItem(at: cache.folder) }
        let key = RenderCache.key(voice: "piper:a", lengthScale: 1, text: "Amen.")
        try cache.store(.init(samples: [7, 8], sampleRate: 16_000), for: key)
        let file = try #require(try FileManager.default.contentsOfDirectory(at: cache.folder, includingPropertiesForKeys: nil).first)
        var bytes = try Data(contentsOf: file)
        bytes.removeLast()
        try bytes.write(to: file)
        #expect(cache.entry(key) == nil, "an odd number of bytes is not whole")
        let stranger = Data("{\"key\":\"piper:a|1.000|Other.\",\"sample_rate\":16000}\n".utf8) + Data([1, 0])
        try stranger.write(to: file)
        #expect(cache.entry(key) == nil, "the file's own key is checked")
    }
}

@Suite("RenderCache: bounded to what is kept")
struct RenderCacheBoundTests {
    @Test("every rendering but the kept keys' is removed: other text, another voice, what a person asked for")
    func removeAllExcept() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = RenderCache(folder: folder)
        let entry = RenderCache.Entry(samples: [1, 2, 3], sampleRate: 22_050)
        let fixed = RenderCache.key(voice: "piper:a", lengthScale: 1.111, text: "Begin the lesson.")
        let asked = RenderCache.key(voice: "piper:a", lengthScale: 1.111, text: "Romans chapter 8, verse 28.")
        let otherVoice = RenderCache.key(voice: "piper:b", lengthScale: 1.111, text: "Begin the lesson.")
        for key in [fixed, asked, otherVoice] { try cache.store(entry, for: key) }
        #expect(cache.removeAll(except: [fixed]) == 2)
        #expect(cache.entry(fixed) == entry)
        #expect(!cache.contains(asked) && !cache.contains(otherVoice))
        #expect(cache.usage().entries == 1)
    }

    @Test("a store that would leave less than the floor free on the disk is refused, and says the disk is nearly full")
    func freeSpaceFloor() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voice-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = RenderCache.key(voice: "piper:a", lengthScale: 1, text: "Amen.")
        let free = try #require(DiskSpace.available(at: folder))
        let full = RenderCache(folder: folder, floor: free + (1 << 30))
        do {
            try full.store(.init(samples: [1, 2, 3], sampleRate: 22_050), for: key)
            Issue.record("stored past the floor")
        } catch {
            #expect(error.description.contains("nearly full"), "\(error)")
        }
        #expect(full.usage().entries == 0)
        try RenderCache(folder: folder, floor: 0).store(.init(samples: [1, 2, 3], sampleRate: 22_050), for: key)
        #expect(RenderCache(folder: folder).entry(key) != nil)
    }
}
