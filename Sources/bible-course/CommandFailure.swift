import ArgumentParser
import Foundation
import Scripture

/// A failure a person can act on: printed as one line to stderr, exit status 1.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

extension CommandFailure: LocalizedError {
    var errorDescription: String? { description }
}
