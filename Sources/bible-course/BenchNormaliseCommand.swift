import ArgumentParser
import Assistant
import Foundation
import Scripture
import Vocabulary
import Normalisation

/// `bible-course bench normalise`: the figures scripts/bench-normalise.sh prints, over a
/// file of cases (`input<TAB>expected normalised<TAB>expected terms, | between<TAB>set`;
/// terms `*` when a case checks only the text).
struct BenchNormaliseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "normalise")

    @Option(help: "The cases file.")
    var cases: String

    @Option(help: "How many times each line is timed.")
    var runs = 20

    @OptionGroup var paths: PathOptions

    struct Case {
        let input: String
        let expected: String
        let terms: [String]?
        let set: String
    }

    func run() throws {
        let setupStart = DispatchTime.now().uptimeNanoseconds
        let normaliser = try TranscriptNormaliserSetup.load(NormaliseCommand.inputs(paths))
        let setup = Double(DispatchTime.now().uptimeNanoseconds - setupStart) / 1e6
        let all = try Self.read(cases)
        guard !all.isEmpty else { throw CommandFailure("\(cases): no cases (input<TAB>expected<TAB>terms<TAB>set lines)") }
        var sets: [String] = []
        for item in all where !sets.contains(item.set) { sets.append(item.set) }
        print("normaliser set-up (books, course and vocabulary terms, corrections, cmudict, everyday words): \(String(format: "%.0f", setup)) ms")
        print("set | cases | normalised exactly | unchanged when already right | terms precision | terms recall")
        var total = Tally()
        for set in sets {
            var tally = Tally()
            for item in all where item.set == set { tally.add(item, normaliser.normalise(item.input)) }
            print("\(set) | \(tally.line)")
            total.merge(tally)
        }
        print("all | \(total.line)")
        // Time per line, against the reference parser alone on the same lines (the floor
        // any reading of a line pays).
        var own: [Double] = [], baseline: [Double] = []
        for item in all {
            own.append(Self.median(runs) { _ = normaliser.normalise(item.input) })
            baseline.append(Self.median(runs) { _ = ScriptureReference.find(in: item.input) })
        }
        own.sort(); baseline.sort()
        print(String(format: "time per line: median %.1f µs, p95 %.1f µs; baseline (reference finder alone): median %.1f µs, p95 %.1f µs; ratio %.1fx",
                     own[own.count / 2], own[own.count * 95 / 100], baseline[baseline.count / 2], baseline[baseline.count * 95 / 100],
                     own[own.count / 2] / max(baseline[baseline.count / 2], 0.001)))
    }

    struct Tally {
        var cases = 0, exact = 0, alreadyRight = 0, keptRight = 0
        var extracted = 0, correct = 0, expected = 0

        mutating func add(_ item: Case, _ result: NormalisedTranscript) {
            cases += 1
            if result.normalisedText == item.expected { exact += 1 }
            if item.expected == item.input {
                alreadyRight += 1
                if result.normalisedText == item.input { keptRight += 1 }
            }
            guard let terms = item.terms else { return }
            extracted += result.extractedTerms.count
            expected += terms.count
            correct += result.extractedTerms.filter(terms.contains).count
        }

        mutating func merge(_ other: Tally) {
            cases += other.cases; exact += other.exact; alreadyRight += other.alreadyRight; keptRight += other.keptRight
            extracted += other.extracted; correct += other.correct; expected += other.expected
        }

        var line: String {
            func share(_ a: Int, _ b: Int) -> String { b == 0 ? "-" : String(format: "%d/%d (%.1f%%)", a, b, 100 * Double(a) / Double(b)) }
            return "\(cases) | \(share(exact, cases)) | \(share(keptRight, alreadyRight)) | \(share(correct, extracted)) | \(share(correct, expected))"
        }
    }

    static func read(_ path: String) throws -> [Case] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CommandFailure("cannot read the cases file \(path)")
        }
        var cases: [Case] = []
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
        where !line.isEmpty && !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else { throw CommandFailure("\(path) line \(index + 1): expected 4 fields separated by TABs, found \(fields.count)") }
            let terms = fields[2] == "*" ? nil : fields[2].split(separator: "|").map(String.init)
            cases.append(Case(input: fields[0], expected: fields[1], terms: terms, set: fields[3]))
        }
        return cases
    }

    /// Median wall time of `runs` calls of `body`, in µs.
    static func median(_ runs: Int, _ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<max(1, runs) {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
        }
        return times.sorted()[times.count / 2]
    }
}
