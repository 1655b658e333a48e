import Scripture

/// Where the session's passages come from, a port of ``SessionDriver``: `Bible.db`
/// (``BibleStore``) in every mode, a fixed text in tests.
public protocol PassageSource {
    /// The verses of `reference`; throws why they cannot be read.
    func passage(_ reference: ScriptureReference) throws -> Passage
}

extension BibleStore: PassageSource {}

/// No passages: `Bible.db` could not be opened, and every passage says why.
public struct UnavailableBible: PassageSource {
    /// Why there is no Bible ("Bible.db is not open: ...").
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public func passage(_ reference: ScriptureReference) throws -> Passage {
        throw UnavailableBibleError(reason: reason)
    }
}

/// The error of ``UnavailableBible``: its reason.
public struct UnavailableBibleError: Error, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
}
