import Testing
@testable import Scripture

/// Whatever a user or a recogniser says, parsing answers with a reference or an error.
@Suite("Robustness")
struct RobustnessTests {
    @Test("hostile and random input never crashes")
    func hostileInput() {
        let samples = [
            "", " ", "\n", "\u{0}", "::::", "----", ";;;;", ",,,", "John ::: 3", "John 3:16-17-18",
            String(repeating: "9", count: 5000), "John " + String(repeating: "9", count: 400),
            "John 3:" + String(repeating: "1", count: 400), String(repeating: "John 3:16; ", count: 2000),
            "1 1 1 1 1 1", "first first corinthians", "Ps -1", "Ps 0", "Ps 0:0", "Gen 1:1-0", "ﬁrst Cor 1",
            "Jöhn 3:16", "ジョン 3:16", "\u{202E}John 3:16", "John\u{00A0}3:16", "John 3:16\u{FEFF}",
            "one hundred hundred hundred", "a hundred and", "and and and", "through through", "verse verse 1",
            "chapter", "psalm title", "Jude verse", "Jude verse -1", "🙂🙂🙂", "John 3:16ff ff ff",
        ]
        for sample in samples {
            _ = try? ScriptureReference.parse(sample)
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz 0123456789:;,.-–ÿ😀\u{0}")
        let words = ["john", "psalm", "first", "chapter", "verse", "through", "and", "one", "hundred", "twenty",
                     "3", "16", ":", "-", ",", ";", "ff", "title", "jude", "the", "book", "of", "song", "songs"]
        for _ in 0..<5000 {
            let length = Int.random(in: 0...30, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            _ = try? ScriptureReference.parse(text)
            let phrase = (0..<Int.random(in: 0...10, using: &generator))
                .map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
            if let references = try? ScriptureReference.parse(phrase) {
                for reference in references {
                    #expect(reference.start <= reference.end)
                    #expect(reference.book.verseCount(chapter: reference.end.chapter) != nil)
                }
            }
        }
    }
}
