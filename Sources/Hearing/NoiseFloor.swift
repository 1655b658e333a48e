import Audio
import Foundation

/// Follows the background level by minimum statistics: the floor is the quietest frame of
/// a window (``Endpointer/Configuration/floorWindowMilliseconds``). Speech has short gaps
/// between sounds, so the minimum stays at the background even while someone talks, and a
/// fan switched on becomes the floor once the window has passed, in speech or not.
struct NoiseFloor: Sendable {
    let windowFrames: Int
    /// The floor, dBFS.
    private(set) var decibels: Double
    /// Frames taken in so far.
    private(set) var framesTracked = 0
    /// The frames that may yet be the window's quietest, oldest first, rising in level
    /// (a sliding-window minimum: each frame goes in and out once). Entries before
    /// `firstCandidate` have left the window.
    private var candidates: [(frame: Int, level: Double)] = []
    private var firstCandidate = 0

    init(windowFrames: Int, initialDecibels: Double) {
        self.windowFrames = windowFrames
        decibels = initialDecibels
    }

    mutating func add(_ level: Double) {
        while candidates.count > firstCandidate, let last = candidates.last, last.level >= level {
            candidates.removeLast()
        }
        candidates.append((framesTracked, level))
        while candidates[firstCandidate].frame <= framesTracked - windowFrames { firstCandidate += 1 }
        if firstCandidate > 256 {
            candidates.removeFirst(firstCandidate)
            firstCandidate = 0
        }
        framesTracked += 1
        decibels = max(Endpointer.silenceDecibels, min(0, candidates[firstCandidate].level))
    }
}
