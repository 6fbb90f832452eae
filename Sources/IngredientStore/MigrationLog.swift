/// The schema versions applied to a store's database, kept in a table
/// `grdb_migrations(identifier TEXT NOT NULL PRIMARY KEY)` with one row per version ("v1").
/// The table and its name are those of GRDB's `DatabaseMigrator`, which the first builds of
/// the store used: databases written by either build are read and appended to by the other.
enum MigrationLog {
    /// The name of the bookkeeping table.
    static let table = "grdb_migrations"

    /// The identifiers of the versions applied (none when the table is missing).
    static func applied(_ db: SQLiteConnection) throws(SQLiteError) -> [String] {
        let exists = try db.integer("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '\(table)'") ?? 0
        return exists > 0 ? try db.strings("SELECT identifier FROM \(table)") : []
    }

    /// Applies version `identifier` by running `sql`, unless it is recorded as applied. The
    /// schema and its record are written in one transaction that takes the write lock first,
    /// so two processes opening a new database at once apply it once.
    static func apply(_ identifier: String, sql: String, to db: SQLiteConnection) throws {
        guard try !applied(db).contains(identifier) else { return }
        // As GRDB creates it: the statement SQLite keeps in the schema is the same.
        try db.execute("CREATE TABLE IF NOT EXISTS \(table) (identifier TEXT NOT NULL PRIMARY KEY)")
        try db.transaction(.immediate) { () throws(SQLiteError) in
            guard try !applied(db).contains(identifier) else { return }
            try db.execute(sql)
            let insert = try db.prepare("INSERT INTO \(table) (identifier) VALUES (?)")
            defer { insert.close() }
            insert.bind(1, identifier)
            try insert.run()
        }
    }
}
