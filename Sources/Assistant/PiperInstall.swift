import Foundation
import Voice

/// Where Piper is installed for `voice = "piper:<model>"`: the Python that has PyPI
/// `piper-tts`, the `piper-voice.py` the daemon runs with it, and the folders of voice
/// models. `scripts/setup.sh --piper` puts them in the checkout (`Models/piper/`),
/// `scripts/install.sh --piper` under `/usr/share/bible-course/piper/`, where the service can
/// read them (not a home folder); `BIBLE_COURSE_PIPER_PYTHON` names another Python.
public struct PiperInstall: Sendable, Hashable {
    public var python: String
    public var script: String
    public var voiceFolders: [String]

    public init(python: String, script: String, voiceFolders: [String]) {
        self.python = python
        self.script = script
        self.voiceFolders = voiceFolders
    }

    /// The install under `base` (`<checkout>/Models/piper` or `/usr/share/bible-course/piper`),
    /// its script at `script`; the Python is `$BIBLE_COURSE_PIPER_PYTHON`, else the install's
    /// venv, else the first `python3` on the PATH.
    public static func located(base: URL, script: URL,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> PiperInstall {
        let venv = base.appendingPathComponent("venv/bin/python3").path
        var python = venv
        if let named = environment["BIBLE_COURSE_PIPER_PYTHON"], !named.isEmpty {
            python = named
        } else if !FileManager.default.isExecutableFile(atPath: venv) {
            let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            python = path.map { "\($0)/python3" }.first(where: FileManager.default.isExecutableFile(atPath:)) ?? venv
        }
        return PiperInstall(python: python, script: script.path, voiceFolders: [base.appendingPathComponent("voices").path])
    }

    /// How the daemon's Piper runs beside hearing: one onnxruntime thread, at a priority
    /// 10 below the daemon's, so its background render in the first minutes after start
    /// (and any rendering) never slows what a person says to the daemon
    /// (docs/measurements/2026-11-29-piper-beside-hearing.md). `voice render`, which nothing
    /// hears beside, runs Piper with onnxruntime's own threads at the daemon's priority.
    public static let besideHearing = (threads: 1, niceness: 10)

    /// How to start Piper with `model` at `rateFactor` times normal speed; `besideHearing`:
    /// as the daemon runs it (``besideHearing``), else with every core.
    public func launch(model: String, rateFactor: Double, besideHearing: Bool = true) -> PiperProcess.Launch {
        PiperProcess.Launch(python: python, script: script, model: model, voiceFolders: voiceFolders,
                            lengthScale: 1 / max(0.1, rateFactor),
                            threads: besideHearing ? Self.besideHearing.threads : 0,
                            niceness: besideHearing ? Self.besideHearing.niceness : 0)
    }
}
