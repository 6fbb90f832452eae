import CSQLite

/// One connection to an SQLite database file, used straight through the C API: opening with
/// the store's settings, running SQL, simple queries and transactions. Not thread-safe: use
/// a connection from one thread at a time (it is opened without SQLite's per-connection
/// mutex, `SQLITE_OPEN_NOMUTEX`, as GRDB opened the store's connection before: a lock and an
/// unlock fewer in every SQLite call). The connection is closed when the object is released
/// (in WAL mode the last connection to close checkpoints the log and removes it).
public final class SQLiteConnection {
    /// The C handle of the connection.
    public let handle: OpaquePointer
    /// The path the database was opened at.
    public let path: String

    /// Opens (creating if needed) the database at `path` for reading and writing, with foreign
    /// keys enforced (`ON DELETE CASCADE` deletes a recipe's lines), extended result codes,
    /// and writes that wait up to `busyTimeout` seconds for another connection's lock.
    public init(path: String, busyTimeout: Double = 0) throws(SQLiteError) {
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(opened)
            throw .cannotOpen(path: path, code: code, message: message)
        }
        handle = opened
        self.path = path
        sqlite3_extended_result_codes(handle, 1)
        if busyTimeout > 0 { sqlite3_busy_timeout(handle, Int32((busyTimeout * 1000).rounded())) }
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs `sql`: one statement or several separated by semicolons, any rows they return
    /// ignored.
    public func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw .statement(sql: sql, code: sqlite3_extended_errcode(handle), message: text)
        }
    }

    /// Prepares one statement (finalize it with `SQLiteStatement.close()`).
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        try SQLiteStatement(self, sql: sql)
    }

    /// The rows of a query, each as its column values in order.
    public func rows(_ sql: String) throws(SQLiteError) -> [[SQLiteValue]] {
        let statement = try prepare(sql)
        defer { statement.close() }
        return try statement.rows()
    }

    /// The first column of every row of a query, as text (NULL: skipped).
    public func strings(_ sql: String) throws(SQLiteError) -> [String] {
        try rows(sql).compactMap { $0.first?.text }
    }

    /// The first column of the first row of a query as an integer (nil: no row, or NULL).
    public func integer(_ sql: String) throws(SQLiteError) -> Int64? {
        try rows(sql).first?.first?.integer
    }

    /// Runs `body` in a transaction begun with `BEGIN <kind>`: committed when `body`
    /// returns, rolled back when it (or the commit) throws.
    public func transaction<T, E: Error>(_ kind: SQLiteTransactionKind = .deferred, _ body: () throws(E) -> T) throws -> T {
        try execute("BEGIN \(kind.rawValue) TRANSACTION")
        let result: T
        do {
            result = try body()
            try execute("COMMIT TRANSACTION")
        } catch {
            // A failed statement may have ended the transaction already.
            if sqlite3_get_autocommit(handle) == 0 { try? execute("ROLLBACK TRANSACTION") }
            throw error
        }
        return result
    }

    /// The rowid of the row inserted last on this connection.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }
}

/// How a transaction takes SQLite's locks (see SQLite's `BEGIN`).
public enum SQLiteTransactionKind: String, Sendable {
    /// Locks are taken by the first read or write.
    case deferred = "DEFERRED"
    /// The write lock is taken at once (waiting up to the busy timeout), so what the
    /// transaction reads cannot change until it commits.
    case immediate = "IMMEDIATE"
    /// As `immediate`; in WAL mode the same.
    case exclusive = "EXCLUSIVE"
}
