import Foundation
import Testing

/// The benchmarks' Python package (`scripts/lib/bench/`) is run by hand, minutes to hours at
/// a time, so a module that imports a name another module no longer has would break only
/// when someone next measures. This reads every module's `from bench... import` lines and
/// fails when a name is not defined where it is imported from.
@Suite("The benchmarks' package holds together")
struct BenchPackageTests {
    static let package = ScriptsAgreementTests.scripts

    /// A module's text with backslash continuations joined, one logical line per element.
    static func lines(of file: String) throws -> [String] {
        try ScriptsAgreementTests.text(file).replacingOccurrences(of: "\\\n", with: " ")
            .split(separator: "\n").map(String.init)
    }

    /// Whether `file` defines `name` at its top level (a function, a class or an assignment),
    /// or, for the package itself, has a module of that name.
    static func defines(_ file: String, _ name: String) throws -> Bool {
        if file == "__init__.py", FileManager.default.fileExists(atPath: package.appendingPathComponent("\(name).py").path) {
            return true
        }
        return try lines(of: file).contains { line in
            line.hasPrefix("def \(name)(") || line.hasPrefix("class \(name)") || line.hasPrefix("\(name) =")
                || line.hasPrefix("\(name), ") || line.hasPrefix("\(name)=")
        }
    }

    @Test("every name a module imports from the package is defined where it is imported from")
    func importsResolve() throws {
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.package.path).filter { $0.hasSuffix(".py") }
        var unresolved: [String] = []
        var imports = 0
        for module in modules {
            for line in try Self.lines(of: module) where line.hasPrefix("from bench") {
                let parts = line.components(separatedBy: " import ")
                guard parts.count == 2 else { unresolved.append("\(module): \(line)"); continue }
                let source = parts[0].dropFirst("from bench".count)
                let file = source.isEmpty ? "__init__.py" : "\(source.dropFirst()).py"
                let names = parts[1].split(separator: "#")[0].split(separator: ",")
                    .map { $0.trimmingCharacters(in: .whitespaces).components(separatedBy: " as ")[0] }
                for name in names where !name.isEmpty {
                    imports += 1
                    let known = FileManager.default.fileExists(atPath: Self.package.appendingPathComponent(file).path)
                    if !(try known && Self.defines(file, name)) { unresolved.append("\(module): \(name) from \(file)") }
                }
            }
        }
        #expect(imports > 20)
        #expect(unresolved.isEmpty, "\(unresolved)")
    }
}
