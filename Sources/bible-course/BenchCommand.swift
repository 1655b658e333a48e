import ArgumentParser
import Assistant
import Foundation
import Scripture
import Vocabulary

/// `bible-course bench scripture`: the figures scripts/bench-scripture.sh prints.
/// Hidden from --help: it is for the benchmark script, not for users.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure look-up latency of Bible.db, models, the normaliser, the denoisers (used by scripts/bench-*.sh).",
        shouldDisplay: false,
        subcommands: [Scripture.self, BenchModelCommand.self, BenchNormaliseCommand.self, BenchDenoiseCommand.self, BenchVoiceCommand.self]
    )

    struct Scripture: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "scripture")

        @Option(help: "How many random look-ups of each kind.")
        var lookups = 10_000

        @Option(help: "Seed for the random references, so runs compare.")
        var seed: UInt64 = 42

        @OptionGroup var paths: PathOptions

        func run() throws {
            let store = try openBible(paths)
            var random = SplitMix64(seed: seed)
            let verses: [(Book, Int, Int)] = (0..<lookups).map { _ in
                let book = BookCatalog.books[Int(random.next() % 66)]
                let chapter = 1 + Int(random.next() % UInt64(book.chapterCount))
                let verse = 1 + Int(random.next() % UInt64(book.verseCount(chapter: chapter) ?? 1))
                return (book, chapter, verse)
            }
            var found = 0
            let verseTimes = verses.map { (book, chapter, verse) in
                measure { if store.verse(book: book, chapter: chapter, verse: verse) != nil { found += 1 } }
            }
            let passages: [String] = verses.map { (book, chapter, verse) in
                let last = book.verseCount(chapter: chapter) ?? verse
                return "\(book.name) \(chapter):\(verse)-\(min(last, verse + 4))"
            }
            var read = 0
            let passageTimes = passages.map { text in
                measure {
                    if let reference = try? ScriptureReference.parse(text).first,
                       let passage = try? store.passage(reference) { read += passage.verses.count }
                }
            }
            print("verse look-ups: \(lookups) random verses (\(found) found): \(summary(verseTimes))")
            print("passage look-ups: \(lookups) random passages of up to 5 verses, parse + read (\(read) verses): \(summary(passageTimes))")
        }

        private func measure(_ body: () -> Void) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
        }

        private func summary(_ microseconds: [Double]) -> String {
            let sorted = microseconds.sorted()
            let median = sorted[sorted.count / 2]
            let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
            return String(format: "median %.1f µs, p99 %.1f µs", median, p99)
        }
    }
}
