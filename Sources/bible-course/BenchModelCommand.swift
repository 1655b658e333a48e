import ArgumentParser
import Assistant
import Foundation
import Hearing
import Vocabulary

/// `bible-course bench model`: the in-process figures scripts/bench-model.sh prints —
/// cold compile (no model in the state directory), warm start (the model is present and
/// current: `prepare` verifies and reuses it), and a baseline measured in the same run:
/// only reading the input files and cmudict, which any compile or check must do.
struct BenchModelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "model")

    @Option(help: "How many runs of each (the median is printed).")
    var runs = 7

    @OptionGroup var paths: PathOptions

    func validate() throws {
        guard runs > 0 else { throw ValidationError("--runs must be positive") }
        guard paths.stateDirectoryPath != nil else {
            throw ValidationError("give --state-dir: the benchmark deletes the model in it")
        }
    }

    func run() throws {
        let locations = paths.vocabularyLocations
        var cold: [Double] = []
        var warm: [Double] = []
        var baseline: [Double] = []
        var words = 0
        for _ in 0..<runs {
            try? FileManager.default.removeItem(at: locations.modelDirectory)
            let (seconds, outcome) = try measure { try prepare(locations) }
            guard outcome.1 == .built(because: .missing) else { throw CommandFailure("cold run was \(outcome.1), not a build") }
            words = outcome.0.manifest.sources.count
            cold.append(seconds)
        }
        for _ in 0..<runs {
            let (seconds, outcome) = try measure { try prepare(locations) }
            guard outcome.1 == .reused else { throw CommandFailure("warm run was \(outcome.1), not a reuse") }
            warm.append(seconds)
        }
        for _ in 0..<runs {
            baseline.append(try measure { try readInputs(locations) }.0)
        }
        print("model: \(words) words, \(runs) runs each (median; first run in parentheses)")
        print(String(format: "cold compile: %.1f ms (%.1f ms)", median(cold) * 1000, cold[0] * 1000))
        print(String(format: "warm start: %.1f ms (%.1f ms)", median(warm) * 1000, warm[0] * 1000))
        print(String(format: "baseline, read the inputs and cmudict: %.1f ms (%.1f ms)", median(baseline) * 1000, baseline[0] * 1000))
    }

    private func prepare(_ locations: VocabularyLocations) throws -> (CompiledModel, ModelCompiler.Outcome) {
        do {
            return try RecognitionModel.prepare(locations, garbageWeight: HearingTuning.shipped.decoding.garbageWeight).get()
        } catch {
            throw CommandFailure("cannot build the model: \(error)")
        }
    }

    /// Reads every input file byte for byte (grammars, pronunciations, curriculum,
    /// cmudict) and does nothing with them; returns the byte count.
    private func readInputs(_ locations: VocabularyLocations) throws -> Int {
        var files = [
            locations.grammarDirectory.appendingPathComponent(GrammarSource.commandsFile),
            locations.grammarDirectory.appendingPathComponent(GrammarSource.answerFile),
            locations.pronunciationsFile,
            URL(fileURLWithPath: CMUDictionary.defaultPath),
        ]
        if let enumerator = FileManager.default.enumerator(at: locations.curriculumDirectory, includingPropertiesForKeys: nil) {
            for case let url as URL in enumerator where url.pathExtension == "json" { files.append(url) }
        }
        var bytes = 0
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else {
                throw CommandFailure("\(file.path): cannot read")
            }
            bytes += data.count
        }
        return bytes
    }

    private func measure<T>(_ body: () throws -> T) throws -> (Double, T) {
        let start = DispatchTime.now().uptimeNanoseconds
        let value = try body()
        return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, value)
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
