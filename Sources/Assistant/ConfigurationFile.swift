import Foundation
import Support

/// Reads the daemon's config file (`/etc/bible-course/config.toml`): a strict subset of
/// TOML, the flat `key = value` lines the settings need.
///
/// Supported: comments (`#` to the end of a line, outside strings), blank lines, bare
/// keys (`A-Za-z0-9_-`), and values that are basic strings (`"..."` with the escapes
/// `\" \\ \n \t \r \uXXXX`), literal strings (`'...'`), integers (`-12`, `1_000`), floats
/// (`0.9`, `1e-2`) and booleans (`true`, `false`). Not supported, and refused with the
/// line number: tables (`[section]`), arrays, inline tables, multi-line strings, dotted
/// keys, dates. A key given twice is an error. Anything refused is refused whole: the
/// daemon never starts on a half-read file.
public enum ConfigurationFile {
    /// The key/value pairs of `text`, in file order, with their line numbers.
    public static func parse(_ text: String, path: String) throws(ConfigurationError) -> [(key: String, value: ConfigurationValue, line: Int)] {
        var entries: [(key: String, value: ConfigurationValue, line: Int)] = []
        var seen: Set<String> = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = rawLine.hasSuffix("\r") ? String(rawLine.dropLast()) : String(rawLine)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("[") {
                throw .syntax(path: path, line: number, reason: "tables ([section]) are not supported: write every setting as key = value at the top level")
            }
            guard let equals = trimmed.firstIndex(of: "=") else {
                throw .syntax(path: path, line: number, reason: "expected key = value")
            }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
                throw .syntax(path: path, line: number, reason: "`\(key)` is not a bare key (letters, digits, _ and - only)")
            }
            let rest = String(trimmed[trimmed.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
            let value = try parseValue(rest, path: path, line: number, key: key)
            guard seen.insert(key).inserted else { throw .duplicateKey(key: key, source: "\(path), line \(number)") }
            entries.append((key, value, number))
        }
        return entries
    }

    /// Reads and parses the file at `path`.
    public static func read(_ path: String) throws(ConfigurationError) -> [(key: String, value: ConfigurationValue, line: Int)] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .unreadable(path: path, reason: "no such file") }
        guard !isFolder.boolValue else { throw .unreadable(path: path, reason: "a folder, not a file") }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path, reason: "cannot be read") }
        guard let text = TextFile.text(data) else { throw .unreadable(path: path, reason: "cannot be read as UTF-8 text") }
        return try parse(text, path: path)
    }

    private static func parseValue(_ text: String, path: String, line: Int, key: String) throws(ConfigurationError) -> ConfigurationValue {
        guard let first = text.first else { throw .syntax(path: path, line: line, reason: "`\(key)` has no value") }
        if first == "\"" || first == "'" {
            let (string, rest) = try parseString(text, path: path, line: line)
            let after = rest.trimmingCharacters(in: .whitespaces)
            guard after.isEmpty || after.hasPrefix("#") else {
                throw .syntax(path: path, line: line, reason: "unexpected text after the string: \(after)")
            }
            return .string(string)
        }
        var bare = text
        if let hash = bare.firstIndex(of: "#") { bare = String(bare[..<hash]) }
        bare = bare.trimmingCharacters(in: .whitespaces)
        switch bare {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        default: break
        }
        if bare.hasPrefix("[") || bare.hasPrefix("{") {
            throw .syntax(path: path, line: line, reason: "arrays and inline tables are not supported (`\(key)`)")
        }
        let digits = bare.replacingOccurrences(of: "_", with: "")
        let isNumeric = !digits.isEmpty && digits.allSatisfy { "+-0123456789.eE".contains($0) }
        if isNumeric, !digits.contains("."), !digits.lowercased().contains("e"), let value = Int(digits) {
            return .integer(value)
        }
        if isNumeric, let value = Double(digits), value.isFinite {
            return .float(value)
        }
        throw .syntax(path: path, line: line, reason: "`\(key)`: \(bare) is not a value (strings need quotes: \"...\")")
    }

    private static func parseString(_ text: String, path: String, line: Int) throws(ConfigurationError) -> (String, Substring) {
        let quote = text.first!
        var output = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if character == quote {
                return (output, text[text.index(after: index)...])
            }
            if character == "\\" && quote == "\"" {
                index = text.index(after: index)
                guard index < text.endIndex else { break }
                switch text[index] {
                case "\"": output.append("\"")
                case "\\": output.append("\\")
                case "n": output.append("\n")
                case "t": output.append("\t")
                case "r": output.append("\r")
                case "u":
                    let hexStart = text.index(after: index)
                    guard let hexEnd = text.index(hexStart, offsetBy: 4, limitedBy: text.endIndex),
                          let code = UInt32(text[hexStart..<hexEnd], radix: 16), let scalar = Unicode.Scalar(code) else {
                        throw .syntax(path: path, line: line, reason: "bad \\u escape in a string")
                    }
                    output.unicodeScalars.append(scalar)
                    index = text.index(before: hexEnd)
                default:
                    throw .syntax(path: path, line: line, reason: "unsupported escape \\\(text[index]) in a string")
                }
            } else {
                output.append(character)
            }
            index = text.index(after: index)
        }
        throw .syntax(path: path, line: line, reason: "unterminated string")
    }
}
