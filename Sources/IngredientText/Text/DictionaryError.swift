/// What can go wrong when reading a word table, built in or supplied by a user.
public enum DictionaryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file name does not say which table it extends.
    case unknownTable(name: String, known: [String])
    /// A row has the wrong number of TAB-separated columns.
    case malformedRow(table: String, line: Int, expected: Int, found: Int)
    /// A column holds a value the table does not accept.
    case invalidValue(table: String, line: Int, column: String, value: String)
    /// A canonical key in a table is not written the way the key rules would write it, so
    /// no name could ever reach it; `canonical` is the form to write instead.
    case nonCanonicalKey(table: String, line: Int, key: String, canonical: String)

    /// The message for a user, naming the file or table (and line) at fault.
    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            "cannot read dictionary file \(path): \(reason)"
        case let .unknownTable(name, known):
            "dictionary file \(name) does not name a table; name it after one of: \(known.joined(separator: ", "))"
        case let .malformedRow(table, line, expected, found):
            "\(table) line \(line): expected \(expected) TAB-separated columns, found \(found)"
        case let .invalidValue(table, line, column, value):
            "\(table) line \(line): '\(value)' is not a valid \(column)"
        case let .nonCanonicalKey(table, line, key, canonical):
            "\(table) line \(line): key '\(key)' is not in canonical form (the key rules turn it into '\(canonical)'); write '\(canonical)'"
        }
    }
}
