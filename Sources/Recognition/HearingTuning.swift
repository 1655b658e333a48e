import Foundation

/// The numbers that decide what the recogniser acts on, in one place, each with why.
///
/// The shipped values are fitted by `scripts/fit-decision.sh` on labelled real recordings
/// (../shared/speech) and measured by `scripts/bench-recognition.sh`; docs/hearing.md
/// describes the method. The config file may override them for experiments
/// (``RecognitionSettings``).
public struct HearingTuning: Hashable, Sendable, Codable {
    /// Whether the command grammar's sentence is what was said (``CommandConfidence``): the
    /// command language model's and the plain grammar's decodes compared, one logistic model.
    public var commandConfidence: CommandConfidence

    /// The shipped tuning: `scripts/fit-decision.sh`'s fit of 2026-11-26
    /// (docs/measurements/2026-11-26-command-decision.md).
    public static let shipped = HearingTuning(
        commandConfidence: CommandConfidence(
            bias: 0.0683, weights: [0.0536, -0.0554, 2.5597, -8.3687, 0.0192, 1.301], threshold: 0.3177))
}

extension HearingTuning {
    /// Why a tuning file cannot be used; names the file and what is wrong in it.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// The tuning in the JSON file at `path` (`{"commandConfidence": {"bias": ..., "weights":
    /// [...], "threshold": ...}}`, as `scripts/fit-decision.sh` prints the model), checked:
    /// one finite weight per feature, a threshold from 0 to 1.
    public static func load(from path: String) throws(Problem) -> HearingTuning {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw Problem(description: "\(path): cannot be read (\(error.localizedDescription))")
        }
        let tuning: HearingTuning
        do { tuning = try JSONDecoder().decode(HearingTuning.self, from: data) } catch {
            throw Problem(description: "\(path): not a hearing tuning (\(Self.reason(error)))")
        }
        let model = tuning.commandConfidence
        let features = shipped.commandConfidence.weights.count
        guard model.weights.count == features else {
            throw Problem(description: "\(path): commandConfidence.weights has \(model.weights.count) numbers; it needs \(features), one per feature")
        }
        guard ([model.bias] + model.weights).allSatisfy(\.isFinite) else {
            throw Problem(description: "\(path): commandConfidence.bias and weights must be finite numbers")
        }
        guard (0...1).contains(model.threshold) else {
            throw Problem(description: "\(path): commandConfidence.threshold is \(model.threshold); it must be from 0 to 1")
        }
        return tuning
    }

    private static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            return "missing \((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        case .dataCorrupted(let context)?:
            return context.debugDescription
        default:
            return "\(error)"
        }
    }
}
