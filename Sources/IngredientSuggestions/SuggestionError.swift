/// What can go wrong when reading the pair scorer's tables or weights.
public enum SuggestionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A row of a suggestion table or weights file is not in the table's format.
    case malformedRow(table: String, line: Int, reason: String)
    /// A weights file lacks a weight the scorer needs, or has no calibration rows.
    case incompleteWeights(missing: [String])

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case let .malformedRow(table, line, reason):
            "\(table) line \(line): \(reason)"
        case let .incompleteWeights(missing):
            "the weights file lacks \(missing.joined(separator: ", ")); write it with tools/train-suggest"
        }
    }
}
