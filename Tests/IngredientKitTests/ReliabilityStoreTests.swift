import Foundation
import Testing
@testable import IngredientImport
import IngredientStore

/// `--db` under contention and on files it does not own.
@Suite("Import store: locks and foreign files")
struct ReliabilityStoreTests {
    @Test func foreignDatabaseIsRefusedUnchanged() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("other.sqlite").path
        do {
            let other = try SQLiteConnection(path: path)
            try other.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY, name TEXT)")
            try other.execute("INSERT INTO recipes (name) VALUES ('mine')")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StoreError.foreignDatabase(tables: ["recipes"])) { _ = try RecipeStore(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        // Through the CLI: a plain error, exit 1, no usage text.
        let r = try Ingest.run(["import", "--db", path, "Corpora/import/potluck.mmf"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("did not create"))
        #expect(!r.stderr.contains("Usage:"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        // A database of its own is reopened as before.
        let own = dir.appendingPathComponent("own.sqlite").path
        _ = try RecipeStore(path: own)
        _ = try RecipeStore(path: own)
    }

    /// The layout is a contract with the earlier GRDB-based builds: the same schema objects
    /// in the same order with the same bookkeeping (`grdb_migrations`, version "v1"), and a
    /// database they wrote is accepted and appended to; a bookkeeping table without "v1" is
    /// refused unchanged.
    @Test func databasesKeepTheLayoutOfTheEarlierBuilds() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let recipe = ImportRecord.recipe(RecipeRecord(source: "a.txt#1", format: .text, title: "A",
                                                      ingredients: [.init(group: nil, text: "1 cup water")]))
        let fresh = dir.appendingPathComponent("fresh.sqlite").path
        do {
            let store = try RecipeStore(path: fresh)
            store.defersKeyIndex = true
            try store.add(recipe)
            try store.finish()
        }
        let db = try SQLiteConnection(path: fresh)
        #expect(try db.strings("SELECT type || ' ' || name FROM sqlite_master ORDER BY rowid") == [
            "table grdb_migrations", "index sqlite_autoindex_grdb_migrations_1", "table recipes", "index sqlite_autoindex_recipes_1",
            "index recipes_file", "table ingredient_lines", "index ingredient_lines_recipe", "table import_errors",
            "index sqlite_autoindex_import_errors_1", "index import_errors_file", "index ingredient_lines_key",
        ])
        #expect(try db.strings("SELECT sql FROM sqlite_master WHERE name = 'grdb_migrations'")
            == ["CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)"])
        #expect(try db.strings("SELECT identifier FROM grdb_migrations") == ["v1"])
        #expect(try db.strings("PRAGMA journal_mode") == ["wal"])

        // As GRDB's migrator left a database: its table first, then version v1.
        let earlier = dir.appendingPathComponent("earlier.sqlite").path
        do {
            let old = try SQLiteConnection(path: earlier)
            try old.execute("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            try old.execute(RecipeStore.schema)
            try old.execute("INSERT INTO grdb_migrations VALUES ('v1')")
            try old.execute("INSERT INTO recipes (source, file, format, instructions, warnings) VALUES ('b.txt#1', 'b.txt', 'text', '[]', '[]')")
        }
        do {
            let store = try RecipeStore(path: earlier)
            try store.add(recipe)
            try store.finish()
        }
        let appended = try SQLiteConnection(path: earlier)
        #expect(try appended.strings("SELECT source FROM recipes ORDER BY id") == ["b.txt#1", "a.txt#1"])
        #expect(try appended.strings("SELECT identifier FROM grdb_migrations") == ["v1"])

        let unfinished = dir.appendingPathComponent("unfinished.sqlite").path
        try SQLiteConnection(path: unfinished).execute("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        let before = try Data(contentsOf: URL(fileURLWithPath: unfinished))
        #expect(throws: StoreError.foreignDatabase(tables: ["grdb_migrations"])) { _ = try RecipeStore(path: unfinished) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: unfinished)) == before)
    }

    @Test func writesWaitForAnotherWritersLock() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("shared.sqlite").path
        let store = try RecipeStore(path: path)
        let records = ImportFixtures.run([ImportFixtures.path("potluck.mmf")]).records
        // Another connection holds the write lock for a second.
        let locked = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            if let other = try? SQLiteConnection(path: path) {
                try? other.execute("BEGIN IMMEDIATE")
                locked.signal()
                Thread.sleep(forTimeInterval: 1)
                try? other.execute("COMMIT")
            } else {
                locked.signal()
            }
            done.signal()
        }
        locked.wait()
        for r in records { try store.add(r) }
        try store.flush() // waits for the lock instead of failing at once
        done.wait()
        #expect(store.committedRecords == records.count)
        let count = try SQLiteConnection(path: path).integer("SELECT (SELECT COUNT(*) FROM recipes) + (SELECT COUNT(*) FROM import_errors)")
        #expect(count == Int64(records.count))
    }

    @Test func aFailedBatchIsRolledBackAndTheRunSaysWhatWasCommitted() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("store.sqlite").path
        _ = try RecipeStore(path: path)
        let store = try RecipeStore(path: path)
        let batch = store.batchSize
        #expect(batch == 1000) // the figure the CLI's message below shows
        // A trigger (as a failing disk or a constraint would) refuses a record of the second batch.
        try SQLiteConnection(path: path).execute("""
            CREATE TRIGGER refuse BEFORE INSERT ON import_errors WHEN NEW.source = 'f\(batch + 50).txt'
            BEGIN SELECT RAISE(ABORT, 'refused'); END
            """)
        #expect(throws: (any Error).self) {
            for k in 1...(batch + 100) { try store.add(.failure(source: "f\(k).txt", error: .empty)) }
            try store.flush()
        }
        #expect(store.committedRecords == batch)
        let rows = try SQLiteConnection(path: path).integer("SELECT COUNT(*) FROM import_errors")
        #expect(rows == Int64(batch)) // the second transaction left nothing behind
        // Through the CLI: exit 1, the error, and how far the run got.
        var lines = ""
        for k in 1...(batch + 100) { lines += #"{"source":"r\#(k)","name":"Soup \#(k)","recipeIngredient":["1 cup water"]}"# + "\n" }
        let input = dir.appendingPathComponent("many.jsonl")
        try Data(lines.utf8).write(to: input)
        try SQLiteConnection(path: path).execute("""
            CREATE TRIGGER refuse_recipe BEFORE INSERT ON recipes WHEN NEW.title = 'Soup \(batch + 50)'
            BEGIN SELECT RAISE(ABORT, 'refused'); END
            """)
        let r = try Ingest.run(["import", "--jobs", "1", "--db", path, input.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot write to the database"))
        #expect(r.stderr.contains("1,000 of them committed to the database in transactions of 1,000"), "\(r.stderr)")
        #expect(!r.stderr.contains("Usage:"))
    }
}

