/// One value of a row read back from SQLite, in its storage class.
public enum SQLiteValue: Equatable, Hashable, Sendable {
    /// NULL.
    case null
    /// An integer.
    case integer(Int64)
    /// A floating-point number.
    case real(Double)
    /// Text (UTF-8).
    case text(String)
    /// A blob.
    case blob([UInt8])

    /// The text, or nil for any other storage class.
    public var text: String? {
        if case let .text(s) = self { return s }
        return nil
    }

    /// The integer, or nil for any other storage class.
    public var integer: Int64? {
        if case let .integer(n) = self { return n }
        return nil
    }

    /// The number: a real, or an integer converted; nil for any other storage class.
    public var real: Double? {
        switch self {
        case let .real(x): x
        case let .integer(n): Double(n)
        default: nil
        }
    }
}
