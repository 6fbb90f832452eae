import CSQLite

/// Why SQLite refused an operation of the store: the result code and SQLite's own message,
/// with the statement that failed or the file that could not be opened.
public enum SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened as a database.
    case cannotOpen(path: String, code: Int32, message: String)
    /// A statement could not be prepared or run (`code` is SQLite's extended result code).
    case statement(sql: String, code: Int32, message: String)

    /// SQLite's (extended) result code.
    public var code: Int32 {
        switch self {
        case let .cannotOpen(_, code, _), let .statement(_, code, _): code
        }
    }

    /// The message for a user: what failed, SQLite's reason, and what to do about the
    /// common causes.
    public var description: String {
        switch self {
        case let .cannotOpen(path, code, message):
            "SQLite error \(code): \(message) - cannot open \(path)\(Self.advice(code))"
        case let .statement(sql, code, message):
            "SQLite error \(code): \(message) - while executing `\(sql)`\(Self.advice(code))"
        }
    }

    /// A hint for the result codes a user can act on (empty for the others).
    static func advice(_ code: Int32) -> String {
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED: " (another process holds the database's lock: wait for it, or give another file)"
        case SQLITE_NOTADB: " (the file is not an SQLite database: give a new file, or one written by ingest import --db)"
        case SQLITE_READONLY, SQLITE_CANTOPEN, SQLITE_PERM: " (check that the file and its folder can be written)"
        case SQLITE_FULL: " (the disk is full)"
        default: ""
        }
    }
}
