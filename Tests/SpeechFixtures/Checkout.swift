import Foundation

/// The checkout the tests run from (its `scripts/`, `Models/`, and `../shared/speech` beside it).
public enum Checkout {
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
