import Support
import Testing

@Suite struct EditDistanceTests {
    @Test("counts insertions, deletions and substitutions, and stops past its limit", arguments: [
        (["a", "b", "c"], ["a", "b", "c"], 2, 0),
        (["a", "b", "c"], ["a", "x", "c"], 2, 1),
        (["a", "b", "c"], ["a", "c"], 2, 1),
        (["a", "b"], ["b", "a"], 2, 2),
        (["a", "b"], ["a", "b", "c", "d"], 2, 2),
        (["a"], ["b", "c", "d", "e"], 1, 2),
        ([], ["b"], 1, 1),
        ([], ["b", "c", "d"], 1, 2),
    ])
    func levenshtein(a: [String], b: [String], limit: Int, expected: Int) {
        #expect(EditDistance.levenshtein(a, b, limit: limit) == expected)
    }
}

@Suite("Edit distance to the closest run")
struct ClosestRunTests {
    @Test("words around the pattern are free; edits inside it count", arguments: [
        ("read the passage", "be read the passage and i", 0),
        ("read the passage", "read the message", 1),
        ("read the passage", "read passage", 1),
        ("read the passage", "", 3),
        ("read the passage", "the passage", 1),
        ("end the lesson", "begin the lesson now", 1),
    ])
    func closestRun(pattern: String, text: String, expected: Int) {
        let words = { (s: String) in s.split(separator: " ").map(String.init) }
        #expect(EditDistance.toClosestRun(of: words(pattern), in: words(text)) == expected)
    }
}
