import Foundation
import Testing
@testable import Audio

/// The real ALSA path. ALSA's "null" device exists wherever libasound does (no sound
/// card needed), so opening, configuring, reading and writing through ``ALSAPCM`` runs
/// everywhere. Reading a real microphone needs a sound card: that test is enabled only
/// where `/proc/asound/cards` lists one (CI and this container have none).
@Suite("ALSA: real devices")
struct ALSADeviceTests {
    /// Whether this machine has a sound card (and so, probably, a `default` capture device).
    static let hasSoundCard = !AudioDevices.list().cards.isEmpty

    @Test(.enabled(if: hasSoundCard, "no sound card in /proc/asound/cards (CI has none): real-microphone capture not tested"))
    func defaultCaptureDelivers100Milliseconds() throws {
        let capture = try ALSACapture(device: "default")
        defer { capture.close() }
        var samples: [Int16] = []
        for _ in 0..<20 where samples.count < AudioFormat.samples(milliseconds: 100) {
            samples += try capture.read(maxFrames: AudioFormat.samples(milliseconds: 100) - samples.count)
        }
        #expect(samples.count == 1_600)
    }

    @Test func theNullDeviceCapturesAtSixteenKilohertz() throws {
        let capture = try ALSACapture(device: "null")
        defer { capture.close() }
        let samples = try capture.read(maxFrames: AudioFormat.samples(milliseconds: 100))
        #expect(samples.count == 1_600, "the null device delivers silence as fast as it is read")
        #expect(samples.allSatisfy { $0 == 0 })
    }

    @Test func theNullDevicePlaysAndDrains() throws {
        let playback = ALSAPlayback(device: "null")
        defer { playback.close() }
        let tone = (0..<2_205).map { Int16(8_000 * sin(2 * Double.pi * 440 * Double($0) / 22_050)) }
        try playback.play(tone, sampleRate: 22_050)
        #expect(playback.openSampleRate == 22_050)
        try playback.play(Array(tone.prefix(1_600)), sampleRate: 16_000)
        #expect(playback.openSampleRate == 16_000, "reopened at the other rate")
        try playback.play([], sampleRate: 16_000)
        #expect(playback.openSampleRate == 16_000, "nothing to play opens nothing new")
    }

    @Test func theNullDeviceTakesQueuedPiecesThenDrainsTheLast() throws {
        let playback = ALSAPlayback(device: "null")
        defer { playback.close() }
        let second = (0..<44_100).map { Int16(8_000 * sin(2 * Double.pi * 440 * Double($0) / 44_100)) }
        try playback.queue(second, sampleRate: 44_100)
        try playback.queue(second, sampleRate: 44_100)
        try playback.play(Array(second.prefix(4_410)), sampleRate: 44_100)
        #expect(playback.openSampleRate == 44_100, "the queued pieces and the last at one rate")
        try playback.queue(Array(second.prefix(1_600)), sampleRate: 16_000)
        #expect(playback.openSampleRate == 16_000, "a piece at another rate reopens the device after the queue plays out")
    }

    @Test func aMissingDeviceIsAnErrorNamingIt() {
        #expect {
            _ = try ALSACapture(device: "plughw:9,0")
        } throws: { error in
            "\(error)".contains("plughw:9,0") && "\(error)".contains("cannot open for capture")
        }
        #expect(AudioDevices.probe("plughw:9,0", direction: .playback) != nil)
        #expect(AudioDevices.probe("null", direction: .capture) == nil)
    }

    @Test func aLoopOverAMissingDeviceWaitsInsteadOfFailing() {
        var logs: [String] = []
        let loop = CaptureLoop(device: "plughw:9,0", wait: { _ in }, log: { logs.append($0) })
        #expect(loop.read(maxFrames: 160) == [])
        #expect(loop.read(maxFrames: 160) == [])
        #expect(logs.count == 1)
        #expect(logs.first?.contains("plughw:9,0 unavailable") == true)
    }

    @Test func listingNeverFailsAndHasNoDefaultWithoutCards() {
        let listing = AudioDevices.list(procDirectory: "/nonexistent")
        #expect(listing.cards.isEmpty)
        #expect(listing.defaultCapture == nil)
        #expect(listing.defaultPlayback == nil)
        #expect(!listing.capture.contains { $0.name == "null" })
    }
}
