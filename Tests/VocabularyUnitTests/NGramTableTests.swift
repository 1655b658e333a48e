import Testing
@testable import Vocabulary

/// The key-sorted n-gram table: entries given in any order come out in key order, each
/// key once (the last value given for it), and every key is found and no other.
@Suite("N-gram table")
struct NGramTableTests {
    @Test("entries out of order are sorted, and of a repeated key the last value stays")
    func unordered() {
        let table = NGramTable(keys: [30, 10, 20, 10], values: ["c", "a", "b", "a again"])
        #expect(table.keys == [10, 20, 30])
        #expect(table.values == ["a again", "b", "c"])
        #expect(table[10] == "a again" && table[30] == "c")
        for missing: UInt64 in [0, 15, 31] { #expect(table[missing] == nil) }
    }

    @Test("keys alone are sorted and kept once, each value computed from its key")
    func computed() {
        var calls = 0
        let table = NGramTable(keys: [5, 1, 5, 3, 1]) { key -> UInt64 in
            calls += 1
            return key * 10
        }
        #expect(table.keys == [1, 3, 5])
        #expect(table.values == [10, 30, 50])
        #expect(calls == 3)
    }

    @Test("a value changes in place at its position")
    func update() throws {
        var table = NGramTable(keys: [2, 4, 8], values: [0.0, 0.0, 0.0])
        let index = try #require(table.index(of: 4))
        table[at: index] = 1.5
        #expect(table[4] == 1.5 && table[2] == 0 && table[8] == 0)
        #expect(NGramTable<Double>().index(of: 4) == nil)
    }
}
