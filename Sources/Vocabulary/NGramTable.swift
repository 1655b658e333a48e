/// The n-grams of one order of a ``BackoffLanguageModel``: their keys (word numbers packed
/// in a `UInt64`) in ascending order, each once, beside each one's value, in two flat
/// arrays and looked up by binary search. A hash table of the same entries holds free
/// slots beside them, and a second table while it grows; an ARPA file wants its n-grams
/// in key order anyway, which the table is already in.
struct NGramTable<Value: Sendable>: Sendable {
    /// The keys, ascending.
    private(set) var keys: [UInt64] = []
    /// The values, in the keys' order.
    private(set) var values: [Value] = []

    init() {}

    /// A table of `keys`, in any order and possibly repeated (each is kept once), with
    /// `value` of each, computed in key order.
    init(keys: consuming [UInt64], value: (UInt64) -> Value) {
        keys.sort()
        var kept = 0
        for index in keys.indices where kept == 0 || keys[index] != keys[kept - 1] {
            keys[kept] = keys[index]
            kept += 1
        }
        keys.removeLast(keys.count - kept)
        self.keys = keys
        values.reserveCapacity(kept)
        for key in self.keys { values.append(value(key)) }
    }

    /// A table of `keys` with `values` in the same order. Keys in ascending order, each
    /// once, are taken as they are; otherwise the entries are sorted, and of a key given
    /// more than once the last value is kept.
    init(keys: [UInt64], values: [Value]) {
        precondition(keys.count == values.count, "one value per key")
        guard !keys.indices.dropFirst().allSatisfy({ keys[$0 - 1] < keys[$0] }) else {
            self.keys = keys
            self.values = values
            return
        }
        // A stable sort keeps a key's repeats in the order given: the last of each run wins.
        for index in keys.indices.sorted(by: { keys[$0] < keys[$1] }) {
            if keys[index] == self.keys.last {
                self.values[self.values.count - 1] = values[index]
            } else {
                self.keys.append(keys[index])
                self.values.append(values[index])
            }
        }
    }

    var count: Int { keys.count }
    var isEmpty: Bool { keys.isEmpty }
    var indices: Range<Int> { keys.indices }

    /// Where `key` is, nil when the table lacks it.
    func index(of key: UInt64) -> Int? {
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key { low = middle + 1 } else { high = middle }
        }
        return low < keys.count && keys[low] == key ? low : nil
    }

    /// The value of `key`, nil when the table lacks it.
    subscript(key: UInt64) -> Value? {
        index(of: key).map { values[$0] }
    }

    /// The value at a position of the table (``index(of:)``); its key stays.
    subscript(at index: Int) -> Value {
        get { values[index] }
        set { values[index] = newValue }
    }
}
