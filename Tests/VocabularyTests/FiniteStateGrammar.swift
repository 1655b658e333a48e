import Foundation
import Scripture
@testable import Vocabulary

/// A finite-state grammar as sphinxbase writes it (`sphinx_jsgf2fsg`), which can say
/// whether it accepts a word sequence: what PocketSphinx's decoder could hear.
struct FiniteStateGrammar: Sendable, CustomStringConvertible {
    struct Failure: Error, CustomStringConvertible { let description: String }

    private(set) var arcs: [Int: [(to: Int, word: String?)]] = [:]
    private var start = 0
    private var final = 0

    /// Reads the FSG text format (NUM_STATES, START_STATE, FINAL_STATE, TRANSITION lines).
    init(_ text: String) throws {
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            switch fields.first {
            case "START_STATE": start = Int(fields[1]) ?? 0
            case "FINAL_STATE": final = Int(fields[1]) ?? 0
            case "TRANSITION", "T":
                guard fields.count >= 4, let from = Int(fields[1]), let to = Int(fields[2]) else {
                    throw Failure(description: "bad FSG line: \(line)")
                }
                arcs[from, default: []].append((to, fields.count > 4 ? fields[4] : nil))
            default: continue
            }
        }
        guard !arcs.isEmpty else { throw Failure(description: "an FSG without transitions") }
    }

    /// The grammar `public <top> = expansion;` with `rules` beside it (and `<digit>`),
    /// converted by sphinx_jsgf2fsg.
    init(rule expansion: GrammarExpansion, rules: [String: GrammarExpansion]) throws {
        let digits = GrammarExpansion.anyOf((1...9).map { .words(NumberWords.spoken($0)) })
        let grammar = Grammar(name: "test", root: "top", rules: [.init("top", expansion), .init("digit", digits)]
            + rules.filter { $0.key.hasPrefix("upto_") || $0.key.hasPrefix("ordinal_") }.map { Grammar.Rule($0.key, $0.value) })
        try self.init(try Self.convert(grammar.jsgf, top: "test.top"))
    }

    /// Runs sphinx_jsgf2fsg on `grammar` and returns the FSG text.
    static func convert(_ grammar: String, top: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fsg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("grammar.jsgf"), output = folder.appendingPathComponent("grammar.fsg")
        try grammar.write(to: source, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sphinx_jsgf2fsg")
        process.arguments = ["-jsgf", source.path, "-toprule", top, "-fsg", output.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let text = try? String(contentsOf: output, encoding: .utf8) else {
            throw Failure(description: "sphinx_jsgf2fsg failed on:\n\(grammar)")
        }
        return text
    }

    var description: String { "an FSG of \(arcs.count) states with arcs" }

    /// True when some path from the start to the final state says exactly `words`.
    func accepts(_ words: [String]) -> Bool {
        var states = closure([start])
        for word in words {
            var next = Set<Int>()
            for state in states {
                for arc in arcs[state] ?? [] where arc.word == word { next.insert(arc.to) }
            }
            states = closure(next)
            if states.isEmpty { return false }
        }
        return states.contains(final)
    }

    /// `states` and every state reachable from them by word-less arcs.
    private func closure(_ states: Set<Int>) -> Set<Int> {
        var result = states
        var pending = Array(states)
        while let state = pending.popLast() {
            for arc in arcs[state] ?? [] where arc.word == nil && !result.contains(arc.to) {
                result.insert(arc.to)
                pending.append(arc.to)
            }
        }
        return result
    }
}
