/// Levenshtein distance between two sequences (letters of a word, phones of a
/// pronunciation), bounded: the one implementation the course's fuzzy comparisons share
/// (answers, the grammar recheck, the transcript normaliser).
public enum EditDistance {
    /// The number of insertions, deletions and substitutions that turn `a` into `b`, or
    /// `limit + 1` as soon as it is known to be larger than `limit` (so a far pair costs
    /// little).
    @inlinable
    public static func levenshtein<Element: Equatable>(_ a: [Element], _ b: [Element], limit: Int) -> Int {
        weighted(a, b, limit: limit, insertion: 1) { $0 == $1 ? 0 : 1 }
    }

    /// The same with costs: `insertion` for an insertion or deletion, `substitution` for
    /// putting one element in place of another (0 for equal ones), so that near sounds can
    /// cost less than far ones.
    @inlinable
    public static func weighted<Element>(_ a: [Element], _ b: [Element], limit: Int, insertion: Int,
                                         substitution: (Element, Element) -> Int) -> Int {
        if abs(a.count - b.count) * insertion > limit { return limit + 1 }
        guard !a.isEmpty, !b.isEmpty else { return min(max(a.count, b.count) * insertion, limit + 1) }
        var previous = (0...b.count).map { $0 * insertion }
        var current = previous
        for i in 1...a.count {
            current[0] = i * insertion
            var rowMinimum = current[0]
            for j in 1...b.count {
                current[j] = min(previous[j - 1] + substitution(a[i - 1], b[j - 1]),
                                 previous[j] + insertion, current[j - 1] + insertion)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return min(previous[b.count], limit + 1)
    }

    /// The number of edits that turn `pattern` into the closest contiguous run of `text`:
    /// elements of `text` before and after that run cost nothing (speech heard around a
    /// sentence: noise at its edges heard as words).
    public static func toClosestRun<Element: Equatable>(of pattern: [Element], in text: [Element]) -> Int {
        var previous = Array(0...pattern.count)
        var best = pattern.count
        for element in text {
            var current = [0] + [Int](repeating: 0, count: pattern.count)
            for j in pattern.indices {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (element == pattern[j] ? 0 : 1))
            }
            previous = current
            best = min(best, previous[pattern.count])
        }
        return best
    }
}
