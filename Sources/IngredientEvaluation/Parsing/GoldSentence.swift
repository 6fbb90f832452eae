#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import IngredientText

/// One hand-labeled sentence of a parse gold file (JSON Lines; the format is in
/// docs/evaluation.md).
public struct GoldSentence: Decodable, Sendable {
    /// A gold quantity: usually a number, occasionally text such as "half".
    public enum Quantity: Decodable, Sendable, Equatable {
        /// A numeric quantity, as most gold files write it.
        case number(Double)
        /// A quantity written as text: a number word or a range such as "1.5-1.8".
        case text(String)

        /// Decodes a JSON number as `number`, anything else as a string in `text`.
        public init(from decoder: Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let d = try? c.decode(Double.self) { self = .number(d) } else { self = .text(try c.decode(String.self)) }
        }
    }

    /// One gold amount.
    public struct GoldAmount: Decodable, Sendable {
        /// The quantity, or the low end of a range; nil when the amount has none.
        public var quantity: Quantity?
        /// The high end of a range; equal to `quantity` when the amount is not a range.
        public var quantityMax: Quantity?
        /// The unit: a canonical name ("gram", "cup") or the labeler's raw words ("cloves");
        /// empty or nil when the amount has no unit.
        public var unit: String?
    }

    /// Where the sentence comes from (for per-source rates).
    public var source: String?
    /// The sentence.
    public var input: String
    /// Amounts in sentence order; the first is the primary one.
    public var amounts: [GoldAmount]
    /// The expected name.
    public var name: String?
    /// The labeler's tokens and their labels, when present (used for training).
    public var tokens: [String]?
    /// The label of each of `tokens` ("QTY", "UNIT", "NAME", …), in the same order.
    public var labels: [String]?

    /// Reads a JSON Lines gold file; malformed lines are reported with their line number.
    public static func read(path: String) throws -> [GoldSentence] {
        let bytes = try FileReading.bytes(atPath: path)
        var result: [GoldSentence] = []
        let decoder = JSONDecoder()
        var lineNumber = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
            do {
                result.append(try decoder.decode(GoldSentence.self, from: Data(line)))
            } catch {
                throw EvaluationError.malformedGold(path: path, line: lineNumber, reason: "\(error)")
            }
        }
        return result
    }
}

/// What can go wrong when evaluating.
public enum EvaluationError: Error, CustomStringConvertible, Sendable {
    /// A gold file line is not a JSON object of the expected shape.
    case malformedGold(path: String, line: Int, reason: String)

    /// The message for a user: the file, the line and why it is not a gold sentence.
    public var description: String {
        switch self {
        case let .malformedGold(path, line, reason):
            "\(path) line \(line): not a gold sentence (need at least \"input\" and \"amounts\"): \(reason)"
        }
    }
}
