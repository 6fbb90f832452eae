import GRDB
import IngredientKit

/// Stores imported recipes in an SQLite database through GRDB: one row per recipe, one per
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
///   canonical key (`ParsedIngredient.key`, see the README's key spec; null without a name).
/// - `import_errors(source PRIMARY KEY, file, error)`.
/// - Indexes: `ingredient_lines(key)`, `ingredient_lines(recipe_id, position)` (unique),
///   `recipes(file)`, `import_errors(file)`.
public final class RecipeStore {
    /// The database.
    public let database: DatabaseQueue
    private var pending: [ImportRecord] = []
    private var replacedFiles: Set<String> = []
    /// Records are committed in transactions of this many.
    public var batchSize = 500
    /// Records committed so far (whole batches: a batch that fails is rolled back).
    public private(set) var committedRecords = 0
    /// How long a write waits for another process's lock on the database before it fails.
    public static let busyTimeout = 10.0

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
        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeout)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        database = try DatabaseQueue(path: path, configuration: configuration)
        let tables = try database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        }
        let ours: Set<String> = ["grdb_migrations", "recipes", "ingredient_lines", "import_errors"]
        let migrated = tables.contains("grdb_migrations")
            ? try database.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") } : []
        if !tables.isEmpty, !migrated.contains("v1") || !Set(tables).isSubset(of: ours) {
            throw StoreError.foreignDatabase(tables: tables.filter { !ours.contains($0) || !migrated.contains("v1") })
        }
        _ = try database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in try db.execute(sql: Self.schema) }
        try migrator.migrate(database)
    }

    /// The file part of a source: the path without a final `#<n>`.
    public static func file(ofSource source: String) -> String {
        guard let hash = source.lastIndex(of: "#") else { return source }
        let tail = source[source.index(after: hash)...]
        return !tail.isEmpty && tail.allSatisfy(\.isNumber) ? String(source[..<hash]) : source
    }

    /// The key stored for a parsed line: its canonical key.
    public static func storedKey(_ line: ParsedIngredient?) -> String? { line?.key }

    /// Queues `record`; a full batch is written at once.
    public func add(_ record: ImportRecord) throws {
        pending.append(record)
        if pending.count >= batchSize { try flush() }
    }

    /// Writes the queued records in one transaction.
    public func flush() throws {
        guard !pending.isEmpty else { return }
        let batch = pending
        pending.removeAll(keepingCapacity: true)
        try database.write { db in
            let insertRecipe = try db.cachedStatement(sql: """
                INSERT INTO recipes (source, file, format, title, yield, instructions, warnings) VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            let insertLine = try db.cachedStatement(sql: """
                INSERT INTO ingredient_lines (recipe_id, position, group_name, text, kind, quantity, quantity_max, unit, size,
                    name, preparation, comment, purpose, optional, alternates, section, confidence, key)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            let insertError = try db.cachedStatement(sql: "INSERT OR REPLACE INTO import_errors (source, file, error) VALUES (?, ?, ?)")
            for record in batch {
                let file = Self.file(ofSource: record.source)
                if replacedFiles.insert(file).inserted {
                    try db.execute(sql: "DELETE FROM recipes WHERE file = ?", arguments: [file])
                    try db.execute(sql: "DELETE FROM import_errors WHERE file = ?", arguments: [file])
                }
                switch record {
                case let .failure(source, error):
                    try insertError.execute(arguments: [source, file, error.description])
                case let .recipe(r):
                    // A source seen twice in one run (duplicate names in JSON Lines) keeps the last.
                    try db.execute(sql: "DELETE FROM recipes WHERE source = ?", arguments: [r.source])
                    try insertRecipe.execute(arguments: [r.source, file, r.format.rawValue, r.title, r.yield,
                                                         Self.jsonArray(r.instructions), Self.jsonArray(r.warnings)])
                    let recipeID = db.lastInsertedRowID
                    for (position, line) in r.ingredients.enumerated() {
                        let p = line.parsed
                        var alternates: [UInt8] = [0x5B]
                        for (k, a) in (p?.alternates ?? []).enumerated() {
                            if k > 0 { alternates.append(0x2C) }
                            alternates += Array(#"{"quantity":"#.utf8)
                            Self.number(a.quantity, &alternates)
                            alternates += Array(#","quantityMax":"#.utf8)
                            Self.number(a.quantityMax, &alternates)
                            alternates += Array(#","unit":"#.utf8)
                            if let u = a.unit { JSONLine.appendString(u, to: &alternates) } else { alternates += Array("null".utf8) }
                            alternates.append(0x7D)
                        }
                        alternates.append(0x5D)
                        try insertLine.execute(arguments: [
                            recipeID, position, line.group, line.text, p?.kind.rawValue ?? "ingredient",
                            p?.quantity, p?.quantityMax, p?.unit, p?.size, p?.name, p?.preparation, p?.comment, p?.purpose,
                            p?.isOptional ?? false, String(decoding: alternates, as: UTF8.self), p?.section, p?.confidence ?? 0,
                            Self.storedKey(p),
                        ])
                    }
                }
            }
        }
        committedRecords += batch.count
    }

    static func number(_ value: Double?, _ out: inout [UInt8]) {
        if let value { JSONLine.appendNumber(value, to: &out) } else { out += Array("null".utf8) }
    }

    static func jsonArray(_ list: [String]) -> String {
        var out: [UInt8] = [0x5B]
        for (k, s) in list.enumerated() {
            if k > 0 { out.append(0x2C) }
            JSONLine.appendString(s, to: &out)
        }
        out.append(0x5D)
        return String(decoding: out, as: UTF8.self)
    }
}
