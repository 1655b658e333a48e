/// Follows how fast the microphone's clock runs against the loudspeaker's (two USB devices
/// each keep their own, typically some tens of parts per million apart), so the echo
/// canceller can play its filter a reference that keeps pace with the echo: an adaptive
/// filter re-learns a sliding echo far more slowly than the echo slides.
///
/// Once a second of captured audio while the voice plays, it finds where the voice lies in
/// what was captured (the lag of the strongest normalised cross-correlation, to a fraction
/// of a sample), and fits a line through the lags it has found: the line's slope is the
/// drift. The first search covers the whole echo filter; later ones look a few samples
/// either side of the line. Lags far off the line (the person talking over the voice) are
/// left out of the fit.
struct ClockDrift {
    /// Captured samples per measurement.
    static let blockSamples = 16_000
    /// How far either side of the expected lag a later search looks, in samples.
    static let searchRadius = 12
    /// How weak a correlation is too weak to be the voice's echo.
    static let weakestCorrelation = 0.4
    /// How far off the fitted line (samples) a lag is left out of it.
    static let outlierSamples = 3.0
    /// How many lags before the slope is used, and how many (the last minute's) it is fitted to.
    static let lagsBeforeUse = 4
    static let lagsKept = 60
    /// The most two clocks are taken to drift apart (samples per sample, 200 ppm).
    static let largestDrift = 200e-6
    /// How many measurements in a row may find nothing near the line before the whole
    /// filter is searched again.
    static let missesBeforeSearch = 3
    /// The longest lag searched (the echo filter's length), in samples.
    let longestLag: Int
    /// (capture position, lag) of each measurement that fitted.
    private(set) var lags: [(at: Double, lag: Double)] = []
    /// The drift: how many samples the echo's lag grows per captured sample.
    private(set) var slope = 0.0
    /// Measurements in a row that found nothing near the line.
    private var misses = 0
    /// How many times the voice was measured, and whether it was ever found in what was
    /// captured (no: the voice does not reach the microphone, a headset or a far loudspeaker).
    private(set) var measurements = 0
    private(set) var hasFoundTheVoice = false

    init(longestLag: Int) {
        self.longestLag = longestLag
    }

    /// Forgets the lags (the captured stream was placed again), keeping the slope: the
    /// clocks have not changed.
    mutating func restart() {
        lags = []
    }

    /// Measures the lag of `captured` (from capture position `at`) behind the voice,
    /// `reference(i)` being the voice at the same timeline position `i`.
    mutating func measure(_ captured: [Int16], at position: Int, reference: (Int) -> Int16) {
        measurements += 1
        // How far the line may be off here: the fit's own error, and the most two clocks
        // drift since the last lag found.
        let expected = misses < Self.missesBeforeSearch ? fitted(at: Double(position)) : nil
        let leeway = Self.outlierSamples + Self.largestDrift * (Double(position) - (lags.last?.at ?? 0))
        var range = 0...longestLag
        if let expected, abs(expected) < Double(2 * longestLag) {
            let radius = Int(leeway.rounded(.up))
            let center = Int(expected.rounded())
            let (lower, upper) = (max(0, center - radius), min(longestLag, center + radius))
            // A line that has run off the filter: the whole of it is searched again.
            if lower < upper { range = lower...upper }
        }
        // A search over the whole filter looks at a quarter of the block: it is costly.
        let near = range.count > longestLag ? nil : expected
        let length = near == nil ? captured.count / 4 : captured.count
        guard let found = strongestLag(captured, length: length, at: position, in: range, reference: reference),
              near.map({ abs(found - $0) <= leeway }) ?? true else {
            misses += 1
            return
        }
        misses = 0
        hasFoundTheVoice = true
        if near == nil, let predicted = fitted(at: Double(position)), abs(found - predicted) > leeway {
            // Found again far from the line (the echo's way changed): a new line.
            lags = []
        }
        lags.append((Double(position), found))
        if lags.count > Self.lagsKept { lags.removeFirst(lags.count - Self.lagsKept) }
        if lags.count >= Self.lagsBeforeUse, let line = Self.line(through: lags) { slope = line.slope }
    }

    /// The lag the lags so far predict at `position`, nil before there is one.
    private func fitted(at position: Double) -> Double? {
        guard let last = lags.last else { return nil }
        return last.lag + slope * (position - last.at)
    }

    /// The lag in `range` where the voice correlates best with the captured audio (to a
    /// fraction of a sample), nil when nothing correlates well enough.
    private func strongestLag(_ captured: [Int16], length: Int, at position: Int, in range: ClosedRange<Int>,
                              reference: (Int) -> Int16) -> Double? {
        guard length > 0, range.count >= 3 else { return nil }
        var capturedEnergy = 0.0
        for i in 0..<length { capturedEnergy += Double(captured[i]) * Double(captured[i]) }
        guard capturedEnergy > 0 else { return nil }
        // The voice from the longest lag before the block to its end, once.
        let first = position - range.upperBound
        let voice = (first..<(position + length)).map { Double(reference($0)) }
        var scores: [Double] = []
        scores.reserveCapacity(range.count)
        captured.withUnsafeBufferPointer { mic in
            voice.withUnsafeBufferPointer { ref in
                for lag in range {
                    let base = position - lag - first
                    var product = 0.0, energy = 0.0
                    for i in 0..<length {
                        let r = ref[base + i]
                        product += Double(mic[i]) * r
                        energy += r * r
                    }
                    scores.append(energy > 0 ? product / (capturedEnergy * energy).squareRoot() : 0)
                }
            }
        }
        guard let best = scores.indices.max(by: { scores[$0] < scores[$1] }), scores[best] >= Self.weakestCorrelation,
              best > 0, best < scores.count - 1 else { return nil }
        // A parabola through the peak and its neighbours places it between samples.
        let (left, middle, right) = (scores[best - 1], scores[best], scores[best + 1])
        let bend = left - 2 * middle + right
        let fraction = bend < 0 ? 0.5 * (left - right) / bend : 0
        return Double(range.lowerBound + best) + max(-0.5, min(0.5, fraction))
    }

    /// The least-squares line through `points`, nil when they span too little.
    static func line(through points: [(at: Double, lag: Double)]) -> (slope: Double, intercept: Double)? {
        let n = Double(points.count)
        let meanAt = points.map(\.at).reduce(0, +) / n
        let meanLag = points.map(\.lag).reduce(0, +) / n
        var spread = 0.0, together = 0.0
        for point in points {
            spread += (point.at - meanAt) * (point.at - meanAt)
            together += (point.at - meanAt) * (point.lag - meanLag)
        }
        guard spread > 0 else { return nil }
        let slope = together / spread
        return (slope, meanLag - slope * meanAt)
    }
}
