import Foundation
import GRDB
import Testing
import IngredientStore

/// `--db` under contention and on files it does not own.
@Suite("Import store: locks and foreign files")
struct ReliabilityStoreTests {
    @Test func foreignDatabaseIsRefusedUnchanged() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("other.sqlite").path
        do {
            let other = try DatabaseQueue(path: path)
            try other.write { db in
                try db.execute(sql: "CREATE TABLE recipes (id INTEGER PRIMARY KEY, name TEXT)")
                try db.execute(sql: "INSERT INTO recipes (name) VALUES ('mine')")
            }
            try other.close()
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

    @Test func writesWaitForAnotherWritersLock() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("shared.sqlite").path
        let store = try RecipeStore(path: path)
        let records = ImportFixtures.run([ImportFixtures.path("potluck.mmf")]).records
        // Another connection holds the write lock for a second.
        let other = try DatabaseQueue(path: path)
        let locked = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? other.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                locked.signal()
                Thread.sleep(forTimeInterval: 1)
                try db.execute(sql: "COMMIT")
            }
            done.signal()
        }
        locked.wait()
        for r in records { try store.add(r) }
        try store.flush() // waits for the lock instead of failing at once
        done.wait()
        #expect(store.committedRecords == records.count)
        let count = try DatabaseQueue(path: path).read { db in
            try Int.fetchOne(db, sql: "SELECT (SELECT COUNT(*) FROM recipes) + (SELECT COUNT(*) FROM import_errors)")
        }
        #expect(count == records.count)
    }

    @Test func aFailedBatchIsRolledBackAndTheRunSaysWhatWasCommitted() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("store.sqlite").path
        _ = try RecipeStore(path: path)
        // A trigger (as a failing disk or a constraint would) refuses the 550th record.
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                CREATE TRIGGER refuse BEFORE INSERT ON import_errors WHEN NEW.source = 'f550.txt'
                BEGIN SELECT RAISE(ABORT, 'refused'); END
                """)
        }
        let store = try RecipeStore(path: path)
        #expect(throws: (any Error).self) {
            for k in 1...600 { try store.add(.failure(source: "f\(k).txt", error: .empty)) }
            try store.flush()
        }
        #expect(store.committedRecords == 500)
        let rows = try DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM import_errors") }
        #expect(rows == 500) // the second transaction left nothing behind
        // Through the CLI: exit 1, the error, and how far the run got.
        var lines = ""
        for k in 1...600 { lines += #"{"source":"r\#(k)","name":"Soup \#(k)","recipeIngredient":["1 cup water"]}"# + "\n" }
        let input = dir.appendingPathComponent("many.jsonl")
        try Data(lines.utf8).write(to: input)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: """
                CREATE TRIGGER refuse_recipe BEFORE INSERT ON recipes WHEN NEW.title = 'Soup 550'
                BEGIN SELECT RAISE(ABORT, 'refused'); END
                """)
        }
        let r = try Ingest.run(["import", "--jobs", "1", "--db", path, input.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot write to the database"))
        #expect(r.stderr.contains("500 of them committed"), "\(r.stderr)")
        #expect(!r.stderr.contains("Usage:"))
    }
}

