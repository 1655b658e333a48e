import ArgumentParser
import Assistant
import Foundation

/// The default locations, found once from the environment and the executable's place.
enum DataLocations {
    static let systemDataDirectory = URL(fileURLWithPath: "/usr/share/bible-course")

    /// The checkout the executable was built in, if it runs from `<checkout>/.build/...`.
    static var checkout: URL? {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = executable.deletingLastPathComponent()
        while dir.path != "/" {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
                return dir
            }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// `name` inside the checkout (under `checkoutFolder`) when running from one, else
    /// inside `/usr/share/bible-course`.
    static func readOnlyDataFile(_ name: String, checkoutFolder: String?) -> URL {
        if let checkout {
            var url = checkout
            if let checkoutFolder { url.appendPathComponent(checkoutFolder) }
            return url.appendingPathComponent(name)
        }
        return systemDataDirectory.appendingPathComponent(name)
    }

    /// Whether systemd named the state directory (`StateDirectory=`).
    static var systemdNamesStateDirectory: Bool {
        !(ProcessInfo.processInfo.environment["STATE_DIRECTORY"] ?? "").isEmpty
    }

    /// `$STATE_DIRECTORY` under systemd, else `$XDG_DATA_HOME/bible-course`
    /// (`~/.local/share/bible-course`).
    static func stateDirectory() -> URL {
        let env = ProcessInfo.processInfo.environment
        if let state = env["STATE_DIRECTORY"], !state.isEmpty {
            // systemd may pass several, colon-separated; the first is ours.
            return URL(fileURLWithPath: String(state.split(separator: ":").first ?? ""))
        }
        if let xdg = env["XDG_DATA_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("bible-course")
        }
        let home = env["HOME"] ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/bible-course")
    }
}
