import Foundation
import Testing
@testable import Assistant
import Hearing

/// What the README's table of settings and the config template (`systemd/config.toml`) say
/// the hearing keys default to is what the daemon ships (``HearingTuning/shipped``): the
/// numbers have one home, and these two places must not drift from it.
@Suite("Shipped defaults: the README and the config template agree with the tuning")
struct ShippedDefaultsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Each hearing key with the shipped value it stands for, from the numbers' declarations
    /// (``HearingTuning/configurable``; `minimum_confidence`: with an adaptation).
    static var shipped: [String: Double] {
        var keys = ["minimum_confidence": HearingTuning.shipped.adaptedMinimumConfidence]
        for number in HearingTuning.configurable {
            if let key = number.configKey { keys[key] = number.value(in: .shipped) }
        }
        return keys
    }

    @Test("the config template's commented hearing keys show the shipped values, and read back as them")
    func configTemplate() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("systemd/config.toml"), encoding: .utf8)
        var shown: [String: Double] = [:]
        var lines: [String] = []
        for line in text.split(separator: "\n") where line.hasPrefix("# ") {
            let parts = line.dropFirst(2).split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let key = parts.first, Self.shipped[key] != nil, let value = Double(parts[1]) else { continue }
            shown[key] = value
            if key != "minimum_confidence" { lines.append(String(line.dropFirst(2))) }
        }
        #expect(shown == Self.shipped)
        // Set as they are shown, the keys change nothing.
        var configuration = DaemonConfiguration()
        for entry in try ConfigurationFile.parse(lines.joined(separator: "\n"), path: "config.toml") {
            try configuration.set(named: entry.key, entry.value, source: entry.key)
        }
        #expect(configuration.hearing == HearingTuning.shipped)
    }

    @Test("the README's table of settings gives the shipped values of hearing's keys")
    func readmeTable() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        var shown: [String: Double] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3 else { continue }
            func quoted(_ cell: String) -> [String] {
                cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            }
            let keys = quoted(cells[0]), values = quoted(cells[1])
            for (key, value) in zip(keys, values) where Self.shipped[key] != nil { shown[key] = Double(value) }
            if keys == ["minimum_confidence"], let match = cells[2].firstMatch(of: /([0-9.]+) with an adaptation/) {
                shown["minimum_confidence"] = Double(match.1)
            }
        }
        #expect(shown == Self.shipped)
    }

    @Test("the README, the config template and the daemon's settings name the shipped denoiser")
    func denoiser() throws {
        let shipped = Denoiser.shipped.rawValue
        #expect(DaemonConfiguration().denoiser == .shipped && RecognitionSettings().denoiser == .shipped)
        let template = try String(contentsOf: Self.root.appendingPathComponent("systemd/config.toml"), encoding: .utf8)
        #expect(template.split(separator: "\n").contains("# denoiser = \"\(shipped)\""))
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.split(separator: "\n").contains { $0.hasPrefix("| `denoiser` | `\"\(shipped)\"` |") })
    }
}
