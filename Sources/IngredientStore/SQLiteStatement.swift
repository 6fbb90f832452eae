import CSQLite

/// A prepared SQLite statement used straight through the C API: binding a value costs one
/// C call, which the store's bulk inserts rely on. Text is bound as a C string (cut at its
/// first NUL byte), `Bool` as 0 or 1, nil as NULL: the rows are the same as the earlier
/// GRDB-based store wrote. Finalized by `close()`, which must come before its connection
/// is released.
public struct SQLiteStatement {
    /// The C handle of the statement.
    let handle: OpaquePointer
    /// The C handle of its connection.
    let connection: OpaquePointer
    /// The statement's SQL, for error messages.
    let sql: String

    /// Prepares `sql` (one statement) on `connection`.
    init(_ connection: SQLiteConnection, sql: String) throws(SQLiteError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v2(connection.handle, sql, -1, &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw .statement(sql: sql, code: sqlite3_extended_errcode(connection.handle),
                             message: String(cString: sqlite3_errmsg(connection.handle)))
        }
        self.handle = handle
        self.connection = connection.handle
        self.sql = sql
    }

    /// Finalizes the statement.
    public func close() { sqlite3_finalize(handle) }

    /// Binds text (nil: NULL) to the 1-based parameter `index`; SQLite copies it.
    @inline(__always)
    public func bind(_ index: Int32, _ text: String?) {
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

    /// Binds an integer to the 1-based parameter `index`.
    @inline(__always)
    public func bind(_ index: Int32, _ value: Int64) { sqlite3_bind_int64(handle, index, value) }

    /// Runs a query of one integer (bound values stay bound) and returns it.
    public func integer() throws(SQLiteError) -> Int64 {
        let code = sqlite3_step(handle)
        guard code == SQLITE_ROW else { throw failure(code) }
        let value = sqlite3_column_int64(handle, 0)
        sqlite3_reset(handle)
        return value
    }

    /// Runs the statement with the values bound, then resets it for the next use.
    public func run() throws(SQLiteError) {
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE || code == SQLITE_ROW else { throw failure(code) }
        sqlite3_reset(handle)
    }

    /// Runs a query with the values bound and returns all its rows, then resets it.
    public func rows() throws(SQLiteError) -> [[SQLiteValue]] {
        var rows: [[SQLiteValue]] = []
        let columns = sqlite3_column_count(handle)
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else { throw failure(code) }
            rows.append((0..<columns).map(value))
        }
        sqlite3_reset(handle)
        return rows
    }

    /// The value of column `index` of the current row.
    func value(_ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let text = sqlite3_column_text(handle, index) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            guard let blob = sqlite3_column_blob(handle, index) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: blob, count: count)))
        default: return .null
        }
    }

    /// The error of a failed step (read before the reset, which would clear it).
    func failure(_ code: Int32) -> SQLiteError {
        let error = SQLiteError.statement(sql: sql, code: sqlite3_extended_errcode(connection),
                                          message: String(cString: sqlite3_errmsg(connection)))
        sqlite3_reset(handle)
        return error
    }
}

/// SQLite copies bound text at once (the Swift string's buffer may not outlive the call).
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
