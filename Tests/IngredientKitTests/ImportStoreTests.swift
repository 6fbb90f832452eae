import Foundation
import Testing
@testable import IngredientImport
import IngredientStore

/// `--db`: the SQLite schema, checked against a real database file, and re-imports that
/// replace instead of adding.
@Suite("Import store")
struct ImportStoreTests {
    func store(_ records: [ImportRecord], at path: String) throws {
        let store = try RecipeStore(path: path)
        for r in records { try store.add(r) }
        try store.flush()
    }

    @Test func schemaRowsAndKeysInARealDatabaseFile() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("recipes.sqlite").path
        let (records, summary) = ImportFixtures.run([ImportFixtures.directory], jobs: 2)
        try store(records, at: path)

        let db = try SQLiteConnection(path: path)
        let tables = try db.strings("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        #expect(tables == ["grdb_migrations", "import_errors", "ingredient_lines", "recipes"])
        #expect(try db.strings("SELECT identifier FROM grdb_migrations") == ["v1"])
        let columns = try db.strings("SELECT name FROM pragma_table_info('ingredient_lines')")
        for c in ["recipe_id", "position", "group_name", "text", "kind", "quantity", "quantity_max", "unit", "size", "name",
                  "preparation", "comment", "purpose", "optional", "alternates", "section", "confidence", "key"] {
            #expect(columns.contains(c), "ingredient_lines.\(c)")
        }
        #expect(try Self.hasKeyIndex(db))
        #expect(try db.integer("SELECT COUNT(*) FROM recipes") == Int64(summary.recipes))
        #expect(try db.integer("SELECT COUNT(*) FROM ingredient_lines") == Int64(summary.ingredientLines))
        #expect(try db.integer("SELECT COUNT(*) FROM import_errors") == Int64(summary.errors))
        // The canonical key of the parsed name.
        let row = try #require(try db.rows("""
            SELECT l.text, l.name, l.key, l.unit, l.quantity, l.group_name, r.title FROM ingredient_lines l
            JOIN recipes r ON r.id = l.recipe_id WHERE l.text = '2 tablespoons olive oil' AND r.title = 'Lemon Herb Roast Chicken'
            """).first)
        #expect(row[2] == .text("olive oil"))
        #expect(row[3] == .text("tablespoon"))
        #expect(row[4] == .real(2))
        #expect(row[5] == .text("For the chicken"))
        let instructions = try db.strings("SELECT instructions FROM recipes WHERE title = 'Weeknight Black Bean Soup'").first
        #expect(instructions?.hasPrefix(#"["Soften the onion"#) == true)
        // Lines keep their order.
        let positions = try db.rows("""
            SELECT position FROM ingredient_lines WHERE recipe_id = (SELECT id FROM recipes WHERE title = 'Sunday Pancakes') ORDER BY id
            """).map { $0[0] }
        #expect(positions == (0..<Int64(positions.count)).map { .integer($0) })
        #expect(try db.integer("SELECT COUNT(*) FROM ingredient_lines WHERE key IS NULL AND name IS NOT NULL") == 0)
    }

    /// Whether `ingredient_lines` has its index on `key`.
    static func hasKeyIndex(_ db: SQLiteConnection) throws -> Bool {
        let indexes = try db.strings("SELECT name FROM pragma_index_list('ingredient_lines')")
        return try indexes.contains { try db.strings("SELECT name FROM pragma_index_info('\($0)')") == ["key"] }
    }

    /// `--db` builds the key index once at the end of an import into an empty database; the
    /// rows are the same, and a store opened after an import that stopped early builds it.
    @Test func theDeferredKeyIndexIsBuiltAtTheEndOrOnTheNextOpen() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (records, _) = ImportFixtures.run([ImportFixtures.directory], jobs: 2)
        func hasKeyIndex(_ path: String) throws -> Bool { try Self.hasKeyIndex(SQLiteConnection(path: path)) }
        func lines(_ path: String) throws -> [[SQLiteValue]] {
            try SQLiteConnection(path: path).rows("SELECT * FROM ingredient_lines ORDER BY rowid")
        }
        let plain = dir.appendingPathComponent("plain.sqlite").path
        try store(records, at: plain)
        let deferred = dir.appendingPathComponent("deferred.sqlite").path
        let store = try RecipeStore(path: deferred)
        store.defersKeyIndex = true
        store.batchSize = 7
        for r in records { try store.add(r) }
        try store.flush()
        #expect(try !hasKeyIndex(deferred))
        try store.finish()
        #expect(try hasKeyIndex(deferred))
        #expect(try lines(deferred) == lines(plain))

        let stopped = dir.appendingPathComponent("stopped.sqlite").path
        do {
            let early = try RecipeStore(path: stopped)
            early.defersKeyIndex = true
            for r in records.prefix(3) { try early.add(r) }
            try early.flush()
        }
        #expect(try !hasKeyIndex(stopped))
        _ = try RecipeStore(path: stopped)
        #expect(try hasKeyIndex(stopped))
    }

    @Test func reimportingTheSameSourcesReplacesThem() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("recipes.sqlite").path
        let mmf = dir.appendingPathComponent("potluck.mmf").path
        try ImportFixtures.copy(["potluck.mmf"], into: dir)
        let first = ImportFixtures.run([mmf]).records
        try store(first, at: path)
        try store(first, at: path)
        func counts() throws -> (Int, Int) {
            let db = try SQLiteConnection(path: path)
            return (Int(try db.integer("SELECT COUNT(*) FROM recipes")!), Int(try db.integer("SELECT COUNT(*) FROM ingredient_lines")!))
        }
        let (recipes, lines) = try counts()
        #expect(recipes == 2)
        #expect(lines == 16)
        // The file loses its second recipe: re-importing it leaves one recipe, not three.
        let text = try String(contentsOfFile: mmf, encoding: .utf8)
        let firstRecipe = String(text[..<text.range(of: "MMMMM\n\nMMMMM")!.lowerBound]) + "MMMMM\n"
        try firstRecipe.write(toFile: mmf, atomically: true, encoding: .utf8)
        try store(ImportFixtures.run([mmf]).records, at: path)
        let (after, afterLines) = try counts()
        #expect(after == 1)
        #expect(afterLines == 8)
    }

    /// The file part of a source, by the character rule `file(ofSource:)` had before it
    /// read UTF-8 bytes: the path before a last `#` followed by one or more number characters.
    static func fileByCharacters(_ source: String) -> String {
        guard let hash = source.lastIndex(of: "#") else { return source }
        let tail = source[source.index(after: hash)...]
        return !tail.isEmpty && tail.allSatisfy(\.isNumber) ? String(source[..<hash]) : source
    }

    @Test func fileOfSourceAgreesWithTheCharacterRule() {
        let sources = ["recipes/cake.mmf#12", "cake.mmf#1", "cake.mmf", "cake#", "#3", "a#1#2", "a#1x", "a#x1", "a#",
                       "dir#1/cake.txt", "é/gâteau.txt#7", "a#①", "a#²", "a#٣", "a#3\u{301}", "a#\u{20E3}1", "a\u{301}#2",
                       "a\u{600}#2", "export.zip/recipes/cake.json#1", "", "#", "##", "a# 1", "a#1 "]
        for source in sources {
            #expect(RecipeStore.file(ofSource: source) == Self.fileByCharacters(source), "\(source)")
        }
    }

    @Test func anotherWriterBetweenBatchesStillHasItsFileReplaced() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("recipes.sqlite").path
        func recipe(_ source: String, _ title: String) -> ImportRecord {
            .recipe(RecipeRecord(source: source, format: .text, title: title, ingredients: [.init(group: nil, text: "1 cup water")]))
        }
        // This store starts on an empty database, so it writes without deleting first…
        let store = try RecipeStore(path: path)
        try store.add(recipe("a.txt#1", "A"))
        try store.flush()
        // …until another connection writes rows of a file it has not written yet.
        let other = try RecipeStore(path: path)
        try other.add(recipe("b.txt#1", "B by the other"))
        try other.add(recipe("b.txt#2", "B2 by the other"))
        try other.flush()
        try store.add(recipe("b.txt#1", "B"))
        try store.add(.failure(source: "c.txt", error: .empty))
        try store.flush()
        let titles = try SQLiteConnection(path: path).strings("SELECT title FROM recipes ORDER BY id")
        #expect(titles == ["A", "B"]) // b.txt replaced as a whole, as on any database with rows
        // A source written twice by one store keeps the last.
        try store.add(recipe("c.txt#1", "C"))
        try store.add(recipe("c.txt#1", "C again"))
        try store.flush()
        let last = try SQLiteConnection(path: path).strings("SELECT title FROM recipes WHERE file = 'c.txt'")
        #expect(last == ["C again"])
        // Every replaced recipe took its lines with it (the batches delete them themselves),
        // and the store's connection enforces foreign keys again between batches.
        let db = try SQLiteConnection(path: path)
        #expect(try db.integer("SELECT COUNT(*) FROM ingredient_lines WHERE recipe_id NOT IN (SELECT id FROM recipes)") == 0)
        #expect(try db.integer("SELECT COUNT(*) FROM ingredient_lines") == 3)
        #expect(try store.database.integer("PRAGMA foreign_keys") == 1)
    }

    /// A recipe of many lines is written in statements of several rows: the lines keep their
    /// order whatever the number of rows of the last statement.
    /// Rows go in with `INSERT OR FAIL` (no journal per statement): a statement that fails
    /// part-way keeps its first rows until the batch's transaction is rolled back, which must
    /// leave nothing of the batch behind.
    @Test func aStatementFailingPartWayLeavesNothingOfItsBatch() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("recipes.sqlite").path
        let store = try RecipeStore(path: path)
        try store.add(.recipe(RecipeRecord(source: "a.txt#1", format: .text, title: "A", ingredients: [.init(group: nil, text: "1 egg")])))
        try store.flush()
        try SQLiteConnection(path: path).execute("""
            CREATE TRIGGER refuse BEFORE INSERT ON ingredient_lines WHEN NEW.position = 2
            BEGIN SELECT RAISE(FAIL, 'refused'); END
            """)
        let lines = (0..<5).map { RecipeRecord.Ingredient(group: nil, text: "\($0 + 1) cups water") }
        #expect(throws: (any Error).self) {
            try store.add(.recipe(RecipeRecord(source: "b.txt#1", format: .text, title: "B", ingredients: lines)))
            try store.flush()
        }
        #expect(store.committedRecords == 1)
        let db = try SQLiteConnection(path: path)
        #expect(try db.integer("SELECT COUNT(*) FROM recipes") == 1)
        #expect(try db.integer("SELECT COUNT(*) FROM ingredient_lines") == 1)
    }

    @Test func recipesOfManyLinesKeepTheirLinesInOrder() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("recipes.sqlite").path
        let store = try RecipeStore(path: path)
        let counts = [0, 1, RecipeStore.linesPerInsert - 1, RecipeStore.linesPerInsert, RecipeStore.linesPerInsert + 1,
                      2 * RecipeStore.linesPerInsert + 3]
        for (n, count) in counts.enumerated() {
            let lines = (0..<count).map { RecipeRecord.Ingredient(group: nil, text: "\($0 + 1) cups water \(n)") }
            try store.add(.recipe(RecipeRecord(source: "r.txt#\(n + 1)", format: .text, title: "R\(n)", ingredients: lines)))
        }
        try store.finish()
        let db = try SQLiteConnection(path: path)
        for (n, count) in counts.enumerated() {
            let texts = try db.strings("""
                SELECT l.text FROM ingredient_lines l JOIN recipes r ON r.id = l.recipe_id WHERE r.title = 'R\(n)' ORDER BY l.position
                """)
            #expect(texts == (0..<count).map { "\($0 + 1) cups water \(n)" }, "\(count) lines")
        }
    }
}
