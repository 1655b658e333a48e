import Scripture
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
