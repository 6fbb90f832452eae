import CSQLite
import IngredientImport
import IngredientParsing

/// Stores imported recipes in an SQLite database: one row per recipe, one per
/// ingredient line with its parsed fields and a `key` to join on, one per error record.
/// Records are written in batched transactions. Re-importing a file replaces everything
/// stored earlier for that file (its recipes, lines and errors) instead of adding to it.
///
/// The schema (see `RecipeStore.schema`), version 1:
///
/// - `recipes(id, source UNIQUE, file, format, title, yield, instructions, warnings)`:
///   `source` is the record's `<path>#<n>`, `file` the path without `#<n>`;
///   `instructions` and `warnings` are JSON arrays of strings.
/// - `ingredient_lines(id, recipe_id → recipes ON DELETE CASCADE, position, group_name, text,
///   kind, quantity, quantity_max, unit, size, name, preparation, comment, purpose, optional,
///   alternates, section, confidence, key)`: `position` counts from 0 in recipe order;
///   `alternates` is a JSON array of `{quantity, quantityMax, unit}`; `key` is the line's
///   canonical key (`ParsedIngredient.key`, see docs/keys.md, the key spec; null without a name).
/// - `import_errors(source PRIMARY KEY, file, error)`.
/// - Indexes: `ingredient_lines(key)`, `ingredient_lines(recipe_id, position)` (unique),
///   `recipes(file)`, `import_errors(file)`.
/// - `grdb_migrations(identifier)`: the versions applied (see `MigrationLog`), as GRDB's
///   migrator wrote them for the earlier builds of the store, which read the same files.
public final class RecipeStore {
    /// The connection to the database.
    public let database: SQLiteConnection
    private var pending: [(source: String, record: StoredRecord)] = []
    /// The statements batches are written with, prepared at the first batch and kept.
    private var statements: Statements?
    private var replacedFiles: Set<String> = []
    /// The file of the last record written.
    private var lastFile: String?
    /// Whether every row in the database was written by this store (it was empty when the
    /// first batch was written, and no other connection has written since): then a file's
    /// old rows need no deleting, and a source only when this store wrote it before.
    private var ownsAllRows = false
    /// `PRAGMA data_version` when the last batch was written; nil before the first.
    private var dataVersion: Int64?
    /// Hash values of the recipe sources written (a collision costs one needless delete).
    private var writtenSources: Set<Int> = []
    /// Records are committed in transactions of this many. (Each commit writes the pages it
    /// changed to the WAL, and the last pages of the tables and indexes change in every
    /// transaction: 1,000 records write 11 % fewer instructions' worth of SQLite work than 500,
    /// for about 8 MB more memory in a large import; 2,000 saved nothing more.)
    public var batchSize = 1000
    /// Whether an import into an empty database builds the `ingredient_lines(key)` index once,
    /// in `finish()`, instead of row by row (keys arrive in random order, so the index is
    /// most of what a write costs). Until `finish()` the index is missing; a store opened on
    /// a database whose import stopped before it builds the index again.
    public var defersKeyIndex = false
    /// Whether the key index was dropped for `finish()` to build.
    private var keyIndexDropped = false
    /// The statement that builds the key index when it is missing.
    static let createKeyIndex = "CREATE INDEX IF NOT EXISTS ingredient_lines_key ON ingredient_lines(key)"
    /// Records committed so far (whole batches: a batch that fails is rolled back).
    public private(set) var committedRecords = 0
    /// How long a write waits for another process's lock on the database before it fails.
    public static let busyTimeout = 10.0

    /// The page cache's size while writing: `PRAGMA cache_size` (negative: in KiB).
    static let cacheSize = -16384

    /// The statements that create schema version 1.
    public static let schema = """
        CREATE TABLE recipes (
            id INTEGER PRIMARY KEY,
            source TEXT NOT NULL UNIQUE,
            file TEXT NOT NULL,
            format TEXT NOT NULL,
            title TEXT,
            yield TEXT,
            instructions TEXT NOT NULL,
            warnings TEXT NOT NULL
        );
        CREATE INDEX recipes_file ON recipes(file);
        CREATE TABLE ingredient_lines (
            id INTEGER PRIMARY KEY,
            recipe_id INTEGER NOT NULL REFERENCES recipes(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            group_name TEXT,
            text TEXT NOT NULL,
            kind TEXT NOT NULL,
            quantity REAL,
            quantity_max REAL,
            unit TEXT,
            size TEXT,
            name TEXT,
            preparation TEXT,
            comment TEXT,
            purpose TEXT,
            optional INTEGER NOT NULL,
            alternates TEXT NOT NULL,
            section TEXT,
            confidence REAL NOT NULL,
            key TEXT
        );
        CREATE UNIQUE INDEX ingredient_lines_recipe ON ingredient_lines(recipe_id, position);
        CREATE INDEX ingredient_lines_key ON ingredient_lines(key);
        CREATE TABLE import_errors (
            source TEXT PRIMARY KEY,
            file TEXT NOT NULL,
            error TEXT NOT NULL
        );
        CREATE INDEX import_errors_file ON import_errors(file);
        """

    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    /// A database with tables this store did not create is refused (`StoreError`) before
    /// anything in it changes. Writes wait up to `busyTimeout` seconds for another writer.
    public init(path: String) throws {
        database = try SQLiteConnection(path: path, busyTimeout: Self.busyTimeout)
        try database.execute("PRAGMA synchronous = NORMAL")
        // A 16 MB page cache (SQLite's default is 2 MB): the key index is written in random
        // order, and a small cache reads most of its pages back from the file again.
        try database.execute("PRAGMA cache_size = \(Self.cacheSize)")
        // Checkpoint (copy the WAL into the database and sync both) every 32 MB instead of
        // every 4 MB: a page written by many transactions is copied and synced fewer times.
        try database.execute("PRAGMA wal_autocheckpoint = 8192")
        let tables = try database.strings("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        let ours: Set<String> = [MigrationLog.table, "recipes", "ingredient_lines", "import_errors"]
        let migrated = tables.contains(MigrationLog.table) ? try MigrationLog.applied(database) : []
        if !tables.isEmpty, !migrated.contains("v1") || !Set(tables).isSubset(of: ours) {
            throw StoreError.foreignDatabase(tables: tables.filter { !ours.contains($0) || !migrated.contains("v1") })
        }
        try database.execute("PRAGMA journal_mode = WAL")
        try MigrationLog.apply("v1", sql: Self.schema, to: database)
        // An import that deferred the key index and stopped before `finish()` left it out.
        try buildKeyIndex()
    }

    deinit { statements?.close() }

    /// Writes the queued records and builds the key index if it was deferred. Call it once
    /// the last record is added.
    public func finish() throws {
        try flush()
        try restoreKeyIndex()
    }

    /// Builds the key index if this store dropped it (also after a failed write, so a stopped
    /// import leaves a complete schema where it can).
    public func restoreKeyIndex() throws {
        guard keyIndexDropped else { return }
        try buildKeyIndex()
        keyIndexDropped = false
    }

    /// Creates the key index where it is missing (`createKeyIndex`), sorting its keys as fast
    /// as SQLite does here: it sorts in memory up to the page cache's size, and in one 16 MB
    /// run the sort ran 1.4–1.6 times as long as in runs of the default 2 MB merged by two
    /// threads (340,600 lines: 0.46–0.54 s, 0.27–0.38 s). The writing cache comes back after.
    private func buildKeyIndex() throws {
        try database.execute("PRAGMA cache_size = -2000")
        try database.execute("PRAGMA threads = 2")
        defer {
            try? database.execute("PRAGMA threads = 0")
            try? database.execute("PRAGMA cache_size = \(Self.cacheSize)")
        }
        try database.execute(Self.createKeyIndex)
    }

    /// The file part of a source: the path without a final `#<n>`.
    public static func file(ofSource source: String) -> String {
        let utf8 = source.utf8
        guard let hash = utf8.lastIndex(of: 0x23) else { return source }
        // On UTF-8 bytes when the `#` and its neighbours are ASCII (there bytes and
        // characters agree); otherwise by characters, as `#` and digits may combine.
        let tail = utf8[utf8.index(after: hash)...]
        if hash == utf8.startIndex || utf8[utf8.index(before: hash)] < 0x80, tail.allSatisfy({ $0 < 0x80 }) {
            return !tail.isEmpty && tail.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) ? String(source[..<hash]) : source
        }
        guard let hashCharacter = source.lastIndex(of: "#") else { return source }
        let characters = source[source.index(after: hashCharacter)...]
        return !characters.isEmpty && characters.allSatisfy(\.isNumber) ? String(source[..<hashCharacter]) : source
    }

    /// The key stored for a parsed line: its canonical key.
    public static func storedKey(_ line: ParsedIngredient?) -> String? { line?.key }

    /// Queues `record`; a full batch is written at once.
    public func add(_ record: ImportRecord) throws {
        try add(StoredRecord(record), source: record.source)
    }

    /// Queues a record made ready for the database elsewhere (an import worker), under its
    /// `source`; a full batch is written at once.
    public func add(_ record: StoredRecord, source: String) throws {
        pending.append((source, record))
        if pending.count >= batchSize { try flush() }
    }

    /// Writes the queued records in one transaction, through statements prepared once (at the
    /// first batch).
    public func flush() throws {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        // A batch keeps the references itself: every line is written right after its recipe,
        // with that recipe's id, and a recipe is deleted together with its lines (`write`).
        // So the batch's transaction does not check each line's recipe as the row is inserted
        // (a look-up per line) and needs no cascade; the pragma, which cannot change inside a
        // transaction, is set back for whatever else uses `database`.
        try database.execute("PRAGMA foreign_keys = OFF")
        defer { try? database.execute("PRAGMA foreign_keys = ON") }
        // IMMEDIATE: the write lock is taken (waiting up to busyTimeout) before anything is
        // read, so what is read below cannot change until the commit.
        try database.transaction(.immediate) {
            let statements = try self.statements ?? Statements(database)
            self.statements = statements
            let version = try statements.dataVersion()
            if dataVersion == nil {
                ownsAllRows = try statements.isEmpty()
                if ownsAllRows, defersKeyIndex {
                    try database.execute("DROP INDEX IF EXISTS ingredient_lines_key")
                    keyIndexDropped = true
                }
            } else if version != dataVersion {
                ownsAllRows = false // another connection wrote
            }
            for (source, record) in batch { try write(record, source: source, with: statements) }
            dataVersion = version
        }
        committedRecords += batch.count
    }

    /// The most lines one statement inserts: a recipe's lines go in statements of up to this
    /// many rows, which spares SQLite most of its work per statement (a cursor opened and
    /// closed, the statement's end), about a fifth of what a line's insert cost row by row.
    package static let linesPerInsert = 8

    /// The statements one transaction writes with.
    final class Statements {
        let database: SQLiteConnection
        let dataVersionQuery: SQLiteStatement
        let emptinessQuery: SQLiteStatement
        let insertRecipe: SQLiteStatement
        /// `lineInserts[k - 1]` inserts `k` lines; prepared when first needed.
        private var lineInserts: [SQLiteStatement?] = Array(repeating: nil, count: RecipeStore.linesPerInsert)
        let insertError: SQLiteStatement
        let deleteFileLines: SQLiteStatement
        let deleteFileRecipes: SQLiteStatement
        let deleteFileErrors: SQLiteStatement
        let deleteSourceLines: SQLiteStatement
        let deleteSource: SQLiteStatement

        init(_ db: SQLiteConnection) throws {
            database = db
            var made: [SQLiteStatement] = []
            func prepare(_ sql: String) throws -> SQLiteStatement {
                let s = try db.prepare(sql)
                made.append(s)
                return s
            }
            do {
                dataVersionQuery = try prepare("PRAGMA data_version")
                emptinessQuery = try prepare("SELECT EXISTS (SELECT 1 FROM recipes) OR EXISTS (SELECT 1 FROM import_errors)")
                // OR FAIL: a statement that meets a conflict keeps the rows it wrote before it
                // instead of undoing them, so SQLite keeps no journal per statement; the batch's
                // transaction is rolled back on any error (`SQLiteConnection.transaction`), so a
                // batch is still written whole or not at all.
                insertRecipe = try prepare("""
                    INSERT OR FAIL INTO recipes (source, file, format, title, yield, instructions, warnings) VALUES (?, ?, ?, ?, ?, ?, ?)
                    """)
                insertError = try prepare("INSERT OR REPLACE INTO import_errors (source, file, error) VALUES (?, ?, ?)")
                // A recipe's lines go with it (the batch does not cascade: see `flush`).
                deleteFileLines = try prepare("DELETE FROM ingredient_lines WHERE recipe_id IN (SELECT id FROM recipes WHERE file = ?)")
                deleteFileRecipes = try prepare("DELETE FROM recipes WHERE file = ?")
                deleteFileErrors = try prepare("DELETE FROM import_errors WHERE file = ?")
                deleteSourceLines = try prepare("DELETE FROM ingredient_lines WHERE recipe_id IN (SELECT id FROM recipes WHERE source = ?)")
                deleteSource = try prepare("DELETE FROM recipes WHERE source = ?")
            } catch {
                for s in made { s.close() }
                throw error
            }
        }

        /// The statement that inserts `count` lines (1...`linesPerInsert`), each of
        /// `StoredRecord.lineColumns + 2` parameters: the recipe's id, the position, the values.
        func insertLines(_ count: Int) throws -> SQLiteStatement {
            if let s = lineInserts[count - 1] { return s }
            let row = "(" + Array(repeating: "?", count: StoredRecord.lineColumns + 2).joined(separator: ", ") + ")"
            let s = try database.prepare("""
                INSERT OR FAIL INTO ingredient_lines (recipe_id, position, group_name, text, kind, quantity, quantity_max, unit, size,
                    name, preparation, comment, purpose, optional, alternates, section, confidence, key)
                VALUES \(Array(repeating: row, count: count).joined(separator: ", "))
                """)
            lineInserts[count - 1] = s
            return s
        }

        /// `PRAGMA data_version`: changes when another connection commits.
        func dataVersion() throws -> Int64 { try dataVersionQuery.integer() }

        /// Whether the database holds no recipe and no error.
        func isEmpty() throws -> Bool { try emptinessQuery.integer() == 0 }

        func close() {
            for s in [dataVersionQuery, emptinessQuery, insertRecipe, insertError, deleteFileLines, deleteFileRecipes,
                      deleteFileErrors, deleteSourceLines, deleteSource] + lineInserts.compactMap({ $0 }) { s.close() }
        }
    }

    /// Writes one record's rows (within the open transaction).
    func write(_ record: StoredRecord, source: String, with s: Statements) throws {
        let file = Self.file(ofSource: source)
        // Records of one file come together: only a new file is looked up.
        if file != lastFile, replacedFiles.insert(file).inserted, !ownsAllRows {
            s.deleteFileLines.bind(1, file)
            try s.deleteFileLines.run()
            s.deleteFileRecipes.bind(1, file)
            try s.deleteFileRecipes.run()
            s.deleteFileErrors.bind(1, file)
            try s.deleteFileErrors.run()
        }
        lastFile = file
        if record.isFailure {
            s.insertError.bind(1, source)
            s.insertError.bind(2, file)
            try record.bytes.withUnsafeBufferPointer { bytes in
                s.insertError.bind(3, record.values[0], bytes)
                try s.insertError.run()
            }
            return
        }
        // A source seen twice in one run (duplicate names in JSON Lines) keeps the last.
        if writtenSources.insert(source.hashValue).inserted == false || !ownsAllRows {
            s.deleteSourceLines.bind(1, source)
            try s.deleteSourceLines.run()
            s.deleteSource.bind(1, source)
            try s.deleteSource.run()
        }
        try record.bytes.withUnsafeBufferPointer { bytes in
            try record.values.withUnsafeBufferPointer { values in
                let insert = s.insertRecipe
                insert.bind(1, source)
                insert.bind(2, file)
                for k in 0..<StoredRecord.recipeColumns { insert.bind(Int32(3 + k), values[k], bytes) }
                try insert.run()
                let recipeID = sqlite3_last_insert_rowid(insert.connection)
                var v = StoredRecord.recipeColumns, position = 0
                let width = Int32(StoredRecord.lineColumns + 2)
                while position < record.lineCount {
                    let rows = min(Self.linesPerInsert, record.lineCount - position)
                    let lines = try s.insertLines(rows)
                    for r in 0..<rows {
                        let first = Int32(r) * width
                        lines.bind(first + 1, recipeID)
                        lines.bind(first + 2, Int64(position + r))
                        for k in 0..<StoredRecord.lineColumns { lines.bind(first + Int32(3 + k), values[v + k], bytes) }
                        v += StoredRecord.lineColumns
                    }
                    try lines.run()
                    position += rows
                }
            }
        }
    }
}
