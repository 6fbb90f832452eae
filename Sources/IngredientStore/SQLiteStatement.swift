import GRDB
import GRDBSQLite

/// A prepared SQLite statement used straight through the C API, for the store's bulk
/// inserts: binding a value costs a C call, not a GRDB argument array. It binds values as
/// GRDB binds them (text as a C string, `Bool` as 0 or 1, nil as NULL), so rows are the
/// same as before. Lives within one `DatabaseQueue.write` and is finalized by `close()`.
struct SQLiteStatement {
    let handle: OpaquePointer
    let connection: OpaquePointer
    let sql: String

    /// Prepares `sql` on the connection of `db`.
    init(_ db: Database, sql: String) throws {
        guard let connection = db.sqliteConnection else { throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "the database is closed", sql: sql) }
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v2(connection, sql, -1, &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)), sql: sql)
        }
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    /// Finalizes the statement.
    func close() { sqlite3_finalize(handle) }

    /// Binds text (nil: NULL) to the 1-based parameter `index`.
    @inline(__always)
    func bind(_ index: Int32, _ text: String?) {
        guard let text else { sqlite3_bind_null(handle, index); return }
        // Explicitly: the implicit String-to-pointer conversion copies the text into a new array.
        text.withCString { _ = sqlite3_bind_text(handle, index, $0, -1, transient) }
    }

    /// Binds a value of a `StoredRecord` whose text is in `bytes`, without a copy: the
    /// statement must be run while `bytes` is still valid (within its
    /// `withUnsafeBufferPointer`), and every parameter bound again before it is run again.
    @inline(__always)
    func bind(_ index: Int32, _ value: StoredRecord.Value, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch value {
        case .null: sqlite3_bind_null(handle, index)
        case let .text(offset, count):
            // A pointer that is never null, so that empty text binds '' and not NULL.
            let start = count > 0 ? UnsafeRawPointer(bytes.baseAddress! + Int(offset)) : UnsafeRawPointer(("" as StaticString).utf8Start)
            sqlite3_bind_text(handle, index, start.assumingMemoryBound(to: CChar.self), count, nil /* SQLITE_STATIC */)
        case let .real(x): sqlite3_bind_double(handle, index, x)
        case let .integer(n): sqlite3_bind_int64(handle, index, n)
        }
    }

    /// Binds an integer.
    @inline(__always)
    func bind(_ index: Int32, _ value: Int64) { sqlite3_bind_int64(handle, index, value) }

    /// Runs a query of one integer (bound values stay bound) and returns it.
    func integer() throws -> Int64 {
        let code = sqlite3_step(handle)
        guard code == SQLITE_ROW else {
            let message = String(cString: sqlite3_errmsg(connection))
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
        }
        let value = sqlite3_column_int64(handle, 0)
        sqlite3_reset(handle)
        return value
    }

    /// Runs the statement with the values bound, then resets it for the next use.
    func run() throws {
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE || code == SQLITE_ROW else {
            let message = String(cString: sqlite3_errmsg(connection))
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
        }
        sqlite3_reset(handle)
    }
}

/// SQLite copies bound text at once (the Swift string's buffer may not outlive the call).
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
