import Foundation
import Scripture

/// The seven segments of a lesson, in the only order they may appear (seed, section 3).
///
/// The raw value is the `type` written in the lesson file; ``number`` is the seed's
/// `current_segment` (1 for orientation ... 7 for close), which `session_state` stores.
public enum SegmentType: String, CaseIterable, Sendable, Hashable, Codable {
    case orientation
    case reading
    case context
    case analysis
    case themes
    case question
    case close

    /// 1 ... 7, the segment's place in every lesson.
    public var number: Int {
        (Self.allCases.firstIndex(of: self) ?? 0) + 1
    }

    /// The segment at place `number` (1 ... 7), nil outside that range.
    public init?(number: Int) {
        guard (1...Self.allCases.count).contains(number) else { return nil }
        self = Self.allCases[number - 1]
    }
}
