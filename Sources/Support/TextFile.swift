import Foundation

/// Text as the project reads its line-based files (the config, grammars, pronunciations,
/// corrections): UTF-8 with or without a byte-order mark, lines ended by LF, CRLF or CR, all
/// read the same, so a file saved on Windows means what it says. In Swift `"\r\n"` is one
/// Character, so a CRLF file split on `"\n"` would be one line.
public enum TextFile {
    /// The UTF-8 byte-order mark some editors write at the start of a file.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `data` as text with LF line ends and no byte-order mark; nil when it is not UTF-8.
    public static func text(_ data: Data) -> String? {
        let body = data.starts(with: byteOrderMark) ? data.dropFirst(byteOrderMark.count) : data[...]
        guard let text = String(data: Data(body), encoding: .utf8) else { return nil }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }
}
