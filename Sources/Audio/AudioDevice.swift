/// A PCM device ALSA knows about, as `bible-course doctor` lists it.
public struct AudioDevice: Hashable, Sendable {
    /// The name to put in the config ("default", "plughw:1,0", "sysdefault:CARD=Device").
    public let name: String
    /// ALSA's description, one line ("USB PnP Sound Device, USB Audio").
    public let description: String
    public let canCapture: Bool
    public let canPlay: Bool

    public init(name: String, description: String, canCapture: Bool, canPlay: Bool) {
        self.name = name
        self.description = description
        self.canCapture = canCapture
        self.canPlay = canPlay
    }
}

/// A sound card from `/proc/asound/cards`.
public struct SoundCard: Hashable, Sendable {
    /// The card number (the 1 of "plughw:1,0").
    public let index: Int
    /// The short id ("Device", "PCH").
    public let id: String
    /// The long name ("USB PnP Sound Device").
    public let name: String

    public init(index: Int, id: String, name: String) {
        self.index = index
        self.id = id
        self.name = name
    }
}
