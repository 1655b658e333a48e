import Testing
@testable import Audio

/// Parsing `/proc/asound` as a Raspberry Pi with a USB microphone shows it.
@Suite("AudioDevices: /proc/asound parsing")
struct AudioDevicesTests {
    static let cards = """
     0 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones
                          bcm2835 Headphones
     1 [Device         ]: USB-Audio - USB PnP Sound Device
                          C-Media Electronics Inc. USB PnP Sound Device at usb-0000:01:00.0-1.3, full speed
    """
    static let pcms = """
    00-00: bcm2835 Headphones : bcm2835 Headphones : playback 8
    01-00: USB Audio : USB Audio : capture 1
    """

    @Test func cards() {
        #expect(AudioDevices.parseCards(Self.cards) == [
            SoundCard(index: 0, id: "Headphones", name: "bcm2835 Headphones"),
            SoundCard(index: 1, id: "Device", name: "USB PnP Sound Device"),
        ])
    }

    @Test func pcmsBecomePlugDevicesWithTheirDirections() {
        let devices = AudioDevices.parsePCMs(Self.pcms, cards: AudioDevices.parseCards(Self.cards))
        #expect(devices == [
            AudioDevice(name: "plughw:0,0", description: "bcm2835 Headphones, bcm2835 Headphones", canCapture: false, canPlay: true),
            AudioDevice(name: "plughw:1,0", description: "USB PnP Sound Device, USB Audio", canCapture: true, canPlay: false),
        ])
    }

    @Test func garbageLinesAreSkipped() {
        #expect(AudioDevices.parseCards("--- no soundcards ---\n").isEmpty)
        #expect(AudioDevices.parsePCMs("nonsense\n: : :\n", cards: []).isEmpty)
    }
}
