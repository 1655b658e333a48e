import Foundation
@testable import Scripture

/// Where the test data lives: the checkout's `Models/Bible.db` and the BSB token files
/// that `scripts/setup.sh` downloads (or `$BIBLE_COURSE_BSB_DIR`).
enum TestData {
    static let checkout = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let bibleDatabase = checkout.appendingPathComponent("Models/Bible.db")

    static var bsbDirectory: URL {
        if let dir = ProcessInfo.processInfo.environment["BIBLE_COURSE_BSB_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir)
        }
        return checkout.appendingPathComponent("Models/source/BSB")
    }

    static let setupHint = "run scripts/test.sh (it downloads the BSB text and builds Models/Bible.db)"

    /// The verses of the BSB token files, read here independently of the importer:
    /// each verse id with its tokens joined as the file says.
    static let sourceVerses: [Int: String] = {
        var verses: [Int: String] = [:]
        for name in ["ot_BSB.tsv", "nt_BSB.tsv"] {
            let url = bsbDirectory.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: url) else { return [:] }
            for line in data.split(separator: UInt8(ascii: "\n")).dropFirst() {
                let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
                guard fields.count >= 4, let id = Int(String(decoding: fields[0], as: UTF8.self)) else { continue }
                let glued = fields[3].elementsEqual("y".utf8)
                verses[id / 1000, default: ""] += String(decoding: fields[2], as: UTF8.self) + (glued ? "" : " ")
            }
        }
        return verses.mapValues { $0.trimmingCharacters(in: .whitespaces) }
    }()

    static func openStore() throws -> BibleStore {
        try BibleStore(path: bibleDatabase.path)
    }
}
