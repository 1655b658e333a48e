/// Levenshtein distance between two sequences (letters of a word, phones of a
/// pronunciation), bounded: the one implementation the course's fuzzy comparisons share
/// (answers, the grammar recheck, the transcript normaliser).
public enum EditDistance {
    /// The number of insertions, deletions and substitutions that turn `a` into `b`, or
    /// `limit + 1` as soon as it is known to be larger than `limit` (so a far pair costs
    /// little).
    public static func levenshtein<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        guard !a.isEmpty, !b.isEmpty else { return min(max(a.count, b.count), limit + 1) }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                current[j] = min(previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), previous[j] + 1, current[j - 1] + 1)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return min(previous[b.count], limit + 1)
    }
}
