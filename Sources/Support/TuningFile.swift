import Foundation

/// A JSON file of settings, whole or in part, laid over the shipped values
/// (``laid(over:optionalKeys:)``) for experiments: any part of the settings' shape, no key
/// they do not have (a misspelt key would otherwise be silently ignored). One file may hold
/// the settings of several owners, each taking its part (``part(_:)``, ``removing(_:)``):
/// the `hearing_tuning` file holds hearing's numbers and, under `freeSpeech`, `listen`'s.
public struct TuningFile: Hashable, Sendable {
    /// Why a tuning file cannot be used; names the file and what is wrong in it.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// The file read.
    public let path: String
    /// What the file is, for messages ("a hearing tuning").
    public let kind: String
    /// Where this part lies in the file (`["freeSpeech"]`); empty: the whole file.
    public let keyPath: [String]
    /// The part's JSON, keys sorted (a value that is Sendable and compares as the JSON does).
    private let json: Data

    /// The JSON object in the file at `path`.
    public init(contentsOf path: String, kind: String) throws(Problem) {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw Problem(description: "\(path): cannot be read (\(error.localizedDescription))")
        }
        let object: [String: Any]
        do {
            guard let given = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw Problem(description: "\(path): not \(kind) (a JSON object is needed)")
            }
            object = given
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem(description: "\(path): not \(kind) (\(Self.reason(error)))")
        }
        self.init(path: path, kind: kind, keyPath: [], value: object)
    }

    private init(path: String, kind: String, keyPath: [String], value: Any) {
        self.path = path
        self.kind = kind
        self.keyPath = keyPath
        json = (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])) ?? Data()
    }

    /// The part under `key`, nil when the file has none.
    public func part(_ key: String) -> TuningFile? {
        guard let value = object()?[key] else { return nil }
        return TuningFile(path: path, kind: kind, keyPath: keyPath + [key], value: value)
    }

    /// The file without its part under `key`.
    public func removing(_ key: String) -> TuningFile {
        var rest = object() ?? [:]
        rest[key] = nil
        return TuningFile(path: path, kind: kind, keyPath: keyPath, value: rest)
    }

    /// `shipped` with this part laid over it, object by object; a key `shipped` does not have
    /// is refused, naming its path in the file. `optionalKeys` (paths within the settings,
    /// `"decoding.decodeAfterQuietMilliseconds"`) may be set though the shipped JSON leaves
    /// them out (nil is not written).
    public func laid<Settings: Codable>(over shipped: Settings, optionalKeys: Set<String> = []) throws(Problem) -> Settings {
        guard let given = object() else {
            throw problem("not \(kind) (\(keyPath.joined(separator: ".")): a JSON object is needed)")
        }
        do {
            let base = try JSONSerialization.jsonObject(with: JSONEncoder().encode(shipped)) as? [String: Any] ?? [:]
            let merged = try overlay(given, on: base, at: [], optionalKeys: optionalKeys)
            return try JSONDecoder().decode(Settings.self, from: JSONSerialization.data(withJSONObject: merged))
        } catch let problem as Problem {
            throw problem
        } catch {
            throw problem("not \(kind) (\(Self.reason(error, under: keyPath)))")
        }
    }

    /// A problem of this file: `description` after the file's path.
    public func problem(_ description: String) -> Problem {
        Problem(description: "\(path): \(description)")
    }

    private func object() -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: json, options: .fragmentsAllowed)) as? [String: Any]
    }

    /// `given` laid over `base`, objects key by key; a key `base` does not have is an error
    /// naming its path.
    private func overlay(_ given: [String: Any], on base: [String: Any], at path: [String],
                         optionalKeys: Set<String>) throws(Problem) -> [String: Any] {
        var merged = base
        for (key, value) in given {
            let here = path + [key]
            guard let old = base[key] ?? (optionalKeys.contains(here.joined(separator: ".")) ? NSNull() : nil) else {
                throw problem("no setting \((keyPath + here).joined(separator: ".")) in \(kind)")
            }
            if let object = value as? [String: Any], let oldObject = old as? [String: Any] {
                merged[key] = try overlay(object, on: oldObject, at: here, optionalKeys: optionalKeys)
            } else {
                merged[key] = value
            }
        }
        return merged
    }

    private static func reason(_ error: any Error, under keyPath: [String] = []) -> String {
        func named(_ codingPath: [any CodingKey]) -> String {
            (keyPath + codingPath.map(\.stringValue)).joined(separator: ".")
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            return "missing \(named(context.codingPath + [key]))"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "\(named(context.codingPath)): \(context.debugDescription)"
        case .dataCorrupted(let context)?:
            return context.debugDescription
        default:
            return "\(error)"
        }
    }
}
