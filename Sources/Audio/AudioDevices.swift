import CAlsa
import Foundation

/// What sound hardware this machine has, for `bible-course doctor` and for choosing a
/// device: ALSA's PCM name hints (`snd_device_name_hint`) plus the cards and PCMs listed
/// in `/proc/asound`, and which capture and playback device would be used by default.
public enum AudioDevices {
    /// The devices found now.
    public struct Listing: Hashable, Sendable {
        public let cards: [SoundCard]
        public let capture: [AudioDevice]
        public let playback: [AudioDevice]
        /// The capture device the daemon uses when none is configured: "default" when
        /// ALSA has one, else the first card's `plughw`, else nil (no microphone).
        public let defaultCapture: String?
        /// The same for playback.
        public let defaultPlayback: String?
    }

    /// Lists devices. Never fails: a machine with no sound card gets empty lists.
    public static func list(procDirectory: String = "/proc/asound") -> Listing {
        let cards = parseCards(read("\(procDirectory)/cards"))
        var devices = hintedDevices()
        for device in parsePCMs(read("\(procDirectory)/pcm"), cards: cards)
        where !devices.contains(where: { $0.name == device.name }) {
            devices.append(device)
        }
        let capture = devices.filter(\.canCapture)
        let playback = devices.filter(\.canPlay)
        return Listing(
            cards: cards, capture: capture, playback: playback,
            defaultCapture: chooseDefault(capture, hasCards: !cards.isEmpty),
            defaultPlayback: chooseDefault(playback, hasCards: !cards.isEmpty))
    }

    /// Tries to open `device` the way the daemon would (16 kHz mono for capture); nil
    /// when it opens, else why not.
    public static func probe(_ device: String, direction: ALSAPCM.Direction) -> AudioError? {
        do {
            let pcm = try ALSAPCM(device: device, direction: direction)
            pcm.close()
            return nil
        } catch {
            return error
        }
    }

    /// `/proc/asound/cards`: lines like ` 1 [Device         ]: USB-Audio - USB PnP Sound Device`.
    static func parseCards(_ text: String) -> [SoundCard] {
        text.split(separator: "\n").compactMap { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard let open = trimmed.firstIndex(of: "["), let close = trimmed.firstIndex(of: "]"), open < close,
                  let index = Int(trimmed[..<open].trimmingCharacters(in: .whitespaces)) else { return nil }
            let id = trimmed[trimmed.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
            let rest = trimmed[trimmed.index(after: close)...]
            let name = rest.range(of: " - ").map { String(rest[$0.upperBound...]) }
                ?? rest.trimmingCharacters(in: CharacterSet(charactersIn: ": "))
            return SoundCard(index: index, id: id, name: name.trimmingCharacters(in: .whitespaces))
        }
    }

    /// `/proc/asound/pcm`: lines like `01-00: USB Audio : USB Audio : playback 1 : capture 1`,
    /// as `plughw:1,0` devices (plug: ALSA converts rate and channels for us).
    static func parsePCMs(_ text: String, cards: [SoundCard]) -> [AudioDevice] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 3 else { return nil }
            let numbers = fields[0].split(separator: "-")
            guard numbers.count == 2, let card = Int(numbers[0]), let device = Int(numbers[1]) else { return nil }
            let directions = fields.dropFirst(3)
            let cardName = cards.first { $0.index == card }?.name ?? "card \(card)"
            return AudioDevice(
                name: "plughw:\(card),\(device)",
                description: "\(cardName), \(fields[1])",
                canCapture: directions.contains { $0.hasPrefix("capture") },
                canPlay: directions.contains { $0.hasPrefix("playback") })
        }
    }

    private static func chooseDefault(_ devices: [AudioDevice], hasCards: Bool) -> String? {
        guard hasCards else { return nil }
        if devices.contains(where: { $0.name == "default" }) { return "default" }
        return devices.first { $0.name.hasPrefix("plughw:") }?.name ?? devices.first?.name
    }

    /// ALSA's "pcm" name hints, without the null device.
    private static func hintedDevices() -> [AudioDevice] {
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        guard snd_device_name_hint(-1, "pcm", &hints) >= 0, let hints else { return [] }
        defer { snd_device_name_free_hint(hints) }
        var devices: [AudioDevice] = []
        var cursor = hints
        while let hint = cursor.pointee {
            cursor += 1
            guard let name = hintValue(hint, "NAME"), name != "null" else { continue }
            let description = (hintValue(hint, "DESC") ?? "")
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
            let direction = hintValue(hint, "IOID")  // nil: both ways
            devices.append(AudioDevice(
                name: name, description: description,
                canCapture: direction == nil || direction == "Input",
                canPlay: direction == nil || direction == "Output"))
        }
        return devices
    }

    private static func hintValue(_ hint: UnsafeMutableRawPointer, _ id: String) -> String? {
        guard let value = snd_device_name_get_hint(hint, id) else { return nil }
        defer { free(value) }
        return String(cString: value)
    }

    private static func read(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}
