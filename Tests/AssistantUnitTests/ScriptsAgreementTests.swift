import Foundation
import Hearing
import Intents
import Testing

/// The benchmarks' Python package (`scripts/lib/bench/`) names a few of the binary's facts:
/// the seven commands' ids and phrases (the sets they say), the rejection that means the
/// grammar accepted the words, and the decision's feature names (the fits read them by
/// name). The binary is their one source; these fail when a script drifts from it, so a
/// decision is never fitted on one set of facts and shipped with another.
@Suite("The benchmark scripts agree with the binary")
struct ScriptsAgreementTests {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/lib/bench")

    static func text(_ name: String) throws -> String {
        try String(contentsOf: scripts.appendingPathComponent(name), encoding: .utf8)
    }

    /// The `"KEY": "value"` pairs of the Python literal that `start` opens, up to its `}`.
    static func pairs(in text: String, after start: String) -> [String: String] {
        guard let open = text.range(of: start) else { return [:] }
        let body = text[open.upperBound...].prefix { $0 != "}" }
        var found: [String: String] = [:]
        let quoted = body.split(separator: "\"", omittingEmptySubsequences: false)
        // Quoted strings sit at the odd indexes: key, value, key, value...
        let strings = stride(from: 1, to: quoted.count, by: 2).map { String(quoted[$0]) }
        for index in stride(from: 0, to: strings.count - 1, by: 2) { found[strings[index]] = strings[index + 1] }
        return found
    }

    /// The double-quoted strings of `line`, in order.
    static func quoted(in line: Substring) -> [String] {
        line.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    @Test("speech_sets.py's commands are the binary's, id and phrase")
    func commands() throws {
        let listed = Self.pairs(in: try Self.text("speech_sets.py"), after: "COMMANDS = {")
        let binary = Dictionary(uniqueKeysWithValues: Command.allCases.map { ($0.id, $0.phrase.lowercased()) })
        #expect(listed == binary)
    }

    @Test("the rejection the scripts read as the grammar's words accepted is the binary's wording, kept once")
    func acceptedRejection() throws {
        let text = try Self.text("results.py")
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("GRAMMAR_ACCEPTED = ") })
        #expect(Self.quoted(in: line) == [Rejection.unmatched.description])
        // Every other module takes it from there rather than keeping a copy.
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.scripts.path).filter { $0.hasSuffix(".py") }
        #expect(modules.count > 10)
        let copies = try modules.filter { try Self.text($0).contains(Rejection.unmatched.description) }.sorted()
        #expect(copies == ["results.py"])
    }

    @Test("fit_decision.py reads the features by the names the binary prints")
    func featureNames() throws {
        let text = try Self.text("fit_decision.py")
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("NAMES = [") })
        let names = Self.quoted(in: line)
        let features = CommandFeatures(wordsAgainstModel: 0, wholeAgainstModel: 0, closestRunDistance: 0, distance: 0,
                                       signalToNoise: 0, extraWords: 0)
        #expect(Set(names) == Set(features.named.keys) && names.count == features.named.count)
        // The weights are named as the features are, so a fit's JSON is a tuning file's.
        let weights = try JSONSerialization.jsonObject(with: JSONEncoder().encode(HearingTuning.shipped.commandConfidence.weights))
        #expect(Set((weights as? [String: Double])?.keys.map { $0 } ?? []) == Set(names))
    }
}
