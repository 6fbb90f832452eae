import Foundation
import Testing

/// `ingest list`: golden lists for the week plan (text, with a pantry) and for an `ingest
/// import` plan (JSON), the JSON contract, and bad input.
@Suite struct ListCLITests {
    func golden(_ name: String) throws -> [String] {
        let text = try String(contentsOfFile: Repo.path("Corpora/list/golden/" + name), encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    func weekFiles() throws -> [String] {
        try ListFixtures.week().map { "Corpora/list/week/\($0.name).txt" }
    }

    @Test func weekPlanMatchesGolden() throws {
        let run = try KeysCLI.run(["list"] + weekFiles())
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines == (try golden("week.txt")))
    }

    @Test func weekPlanWithPantryMatchesGolden() throws {
        let run = try KeysCLI.run(["list", "--pantry", "Corpora/list/pantry.txt"] + weekFiles())
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines == (try golden("week-pantry.txt")))
    }

    @Test func importPlanJSONMatchesGolden() throws {
        let run = try KeysCLI.run(["list", "--json", "--servings", "2", "--locale", "en-GB", "Corpora/list/plan.jsonl"])
        #expect(run.status == 0)
        #expect(run.lines == (try golden("plan.json")))
        #expect(run.stderr.contains("1 recipe with no yield in servings left unscaled")) // the muffins: "Makes 12 muffins"
    }

    @Test func jsonShape() throws {
        let run = try KeysCLI.run(["list", "--json", "Corpora/list/plan.jsonl"])
        let doc = try KeysCLI.object(run.lines.joined(separator: "\n"))
        #expect(Array(doc.keys).sorted() == ["aisles", "hidden", "items", "locale", "recipes", "skippedLines", "suggestions"])
        let recipes = try #require(doc["recipes"] as? [[String: Any]])
        #expect(Set(recipes[0].keys) == ["id", "title", "planEntry", "servingsFactor", "protein", "lines"])
        let items = try #require(doc["items"] as? [[String: Any]])
        #expect(!items.isEmpty)
        for item in items {
            #expect(Set(item.keys) == ["id", "key", "name", "aisle", "quantities", "flags", "notes", "sources"])
            for q in try #require(item["quantities"] as? [[String: Any]]) {
                #expect(Set(q.keys) == ["family", "exact", "exactMax", "baseUnit", "text", "quantity", "quantityMax", "unit",
                                        "total", "totalMax", "onHand", "onHandText", "lines"])
            }
            for s in try #require(item["sources"] as? [[String: Any]]) {
                #expect(Set(s.keys) == ["recipe", "title", "planEntry", "line", "servingsFactor", "amount", "size",
                                        "preparation", "comment", "purpose", "optional"])
            }
        }
        let tomato = try #require(items.first { $0["key"] as? String == "tomato" })
        #expect((tomato["quantities"] as? [Any])?.count == 2)
    }

    @Test func suggestionsAndEditsFile() throws {
        let files = try weekFiles()
        let first = try KeysCLI.run(["list", "--json"] + files)
        #expect(first.status == 0, "\(first.stderr)")
        let doc = try KeysCLI.object(first.lines.joined(separator: "\n"))
        let suggestions = try #require(doc["suggestions"] as? [[String: Any]])
        #expect(!suggestions.isEmpty)
        for s in suggestions {
            #expect(Set(s.keys) == ["merge", "into", "keys", "names", "confidence", "reasons", "result"])
            let result = try #require(s["result"] as? [String: Any])
            #expect(Set(result.keys) == ["id", "key", "name", "aisle", "quantities", "flags", "notes"])
        }
        let onion = try #require(suggestions.first { ($0["keys"] as? [String]) == ["red onion", "onion"] })
        #expect((onion["confidence"] as? Double ?? 0) >= 0.5)
        // Accept red onion → onion, reject broccoli florets / broccoli, through an edits file.
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let edits = dir.appendingPathComponent("edits.json").path
        try #"{"acceptedMerges": {"red onion": "onion"}, "rejectedMerges": [["broccoli floret", "broccoli"]]}"#
            .write(toFile: edits, atomically: true, encoding: .utf8)
        let text = try KeysCLI.run(["list", "--edits", edits] + files)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(!text.lines.contains { $0.hasPrefix("  Red onion") })
        #expect(text.lines.contains { $0.hasPrefix("  Onion — 9") })
        #expect(!text.lines.contains { $0.contains("Merge Broccoli florets") })
        #expect(text.lines.contains("Suggested merges"))
        #expect(text.lines.contains { $0.hasPrefix("  Merge Fresh ginger (1 tbsp) into Ginger") })
        // A bad edits file is an error that names the file, not a list without the edits.
        try #"{"acceptedMerge": {}}"#.write(toFile: edits, atomically: true, encoding: .utf8)
        let bad = try KeysCLI.run(["list", "--edits", edits] + files)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("acceptedMerge"))
        // No suggestions above 1.
        let none = try KeysCLI.run(["list", "--min-confidence", "1.1"] + files)
        #expect(!none.lines.contains("Suggested merges"))
    }

    @Test func sameInputSameBytes() throws {
        let files = try weekFiles()
        let a = try KeysCLI.run(["list", "--json"] + files)
        let b = try KeysCLI.run(["list", "--json"] + files.reversed())
        #expect(a.lines == b.lines)
    }

    /// A recipe file of a format `ingest import` reads is read as imported: a MealMaster file's
    /// two recipes by their titles (not its header lines as ingredients), a page's JSON-LD
    /// recipe; a file of such a format with no recipe in it is an error.
    @Test func importFormatsAreReadAsImported() throws {
        let run = try KeysCLI.run(["list", "--json", "Corpora/import/potluck.mmf", "Corpora/import/jsonld-graph.html"])
        #expect(run.status == 0, "\(run.stderr)")
        let doc = try KeysCLI.object(run.lines.joined(separator: "\n"))
        let recipes = try #require(doc["recipes"] as? [[String: Any]])
        #expect(Set(recipes.compactMap { $0["title"] as? String }) == ["Garden Vegetable Frittata", "Two Bean Chili", "Lemon Herb Roast Chicken"])
        let items = try #require(doc["items"] as? [[String: Any]])
        let keys = items.compactMap { $0["key"] as? String }
        #expect(keys.contains("zucchini") && keys.contains("kidney bean"))
        #expect(!keys.contains { $0.contains("title") || $0.contains("category") || $0.contains("mmmmm") }, "\(keys)")

        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // JSON Lines of recipes that `ingest import` did not write (lines as strings, or
        // schema.org's recipeIngredient) are read through the importer too, not as records
        // without lines.
        let nlg = dir.appendingPathComponent("recipes.jsonl")
        try Data(("""
            {"title":"Toast","ingredients":["2 slices bread","1 tbsp butter"]}
            {"name":"Tea","recipeIngredient":["1 tea bag","1 cup water"]}

            """).utf8).write(to: nlg)
        let strings = try KeysCLI.run(["list", nlg.path])
        #expect(strings.status == 0, "\(strings.stderr)")
        #expect(strings.lines.contains { $0.contains("Bread — 2 slices") && $0.contains("[Toast]") })
        #expect(strings.lines.contains { $0.contains("[Tea]") })
        let page = dir.appendingPathComponent("empty.html")
        try Data("<html><body><p>Nothing to cook here.</p></body></html>".utf8).write(to: page)
        let none = try KeysCLI.run(["list", page.path, "Corpora/list/week/beef-tacos.txt"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("empty.html: no recipe found"), "\(none.stderr)")
        #expect(none.lines.contains { $0.contains("[Beef tacos]") })
    }

    /// The list merges the importer's parse of a recipe file's lines (each line parsed once);
    /// it is the list the same recipes give as `ingest import` output, whose lines the list
    /// parses itself: for every format, sections and yields included.
    @Test func importedFilesGiveTheListOfTheirImportOutput() throws {
        let files = ["potluck.mmf", "jsonld-graph.html", "lemonade.mxp", "box-export.csv", "microdata.html",
                     "app-export-two-recipes.html", "pancakes.cook", "mealie-export.json", "tandoor-recipe.json",
                     "nlg-style.csv"].map { "Corpora/import/" + $0 }
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let records = dir.appendingPathComponent("records.jsonl")
        let imported = try KeysCLI.run(["import", "--out", records.path] + files)
        #expect(imported.status == 0, "\(imported.stderr)")
        for servings in [[], ["--servings", "6"]] {
            let direct = try KeysCLI.run(["list", "--json"] + servings + files)
            let viaRecords = try KeysCLI.run(["list", "--json"] + servings + [records.path])
            #expect(direct.status == 0, "\(direct.stderr)")
            #expect(direct.lines == viaRecords.lines)
            #expect(direct.lines.joined().contains("\"skippedLines\":"))
        }
    }

    /// A directory stands for its files, walked as `ingest import` walks (names in byte order,
    /// subdirectories, hidden files and images passed over); an empty one is an error.
    @Test func directoriesStandForTheirFiles() throws {
        let week = try KeysCLI.run(["list", "Corpora/list/week"])
        #expect(week.status == 0, "\(week.stderr)")
        #expect(week.lines == (try golden("week.txt")))

        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plan = dir.appendingPathComponent("plan", isDirectory: true)
        let sides = plan.appendingPathComponent("sides", isDirectory: true)
        try FileManager.default.createDirectory(at: sides, withIntermediateDirectories: true)
        try Data("2 onions\n1 cup rice\n".utf8).write(to: plan.appendingPathComponent("pilaf.txt"))
        try Data("1 red onion, sliced\n".utf8).write(to: sides.appendingPathComponent("salad.txt"))
        try Data("5 kg sugar\n".utf8).write(to: plan.appendingPathComponent(".hidden.txt"))
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]).write(to: plan.appendingPathComponent("photo.png"))
        let walked = try KeysCLI.run(["list", "--json", plan.path])
        #expect(walked.status == 0, "\(walked.stderr)")
        let named = try KeysCLI.run(["list", "--json", plan.appendingPathComponent("pilaf.txt").path,
                                     sides.appendingPathComponent("salad.txt").path])
        #expect(walked.lines == named.lines)
        #expect(!walked.lines.joined().contains("sugar"))

        let empty = dir.appendingPathComponent("empty", isDirectory: true)
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let none = try KeysCLI.run(["list", empty.path, plan.appendingPathComponent("pilaf.txt").path])
        #expect(none.status == 1)
        #expect(none.stderr.contains("is a directory with no recipe file in it"))
        #expect(none.lines.contains { $0.hasPrefix("  Onion — 2") })
    }

    /// The number of threads never changes the list: recipes of the parse fixture's lines as
    /// `ingest import` JSON Lines, enough of them that several threads parse and make items.
    @Test func threadsGiveTheSameBytes() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try String(contentsOfFile: Repo.path("Corpora/parse/fixture.jsonl"), encoding: .utf8)
        let inputs = try text.split(separator: "\n").map { row in
            let object = try #require(JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any])
            return try #require(object["input"] as? String)
        }
        var records = ""
        for copy in 0..<3 {
            for start in stride(from: 0, to: inputs.count, by: 10) {
                let lines = inputs[start..<min(inputs.count, start + 10)].map { ["text": $0] }
                let record: [String: Any] = ["source": "r\(start)#\(copy)", "title": "Recipe \(start)", "ingredients": lines]
                records += String(decoding: try JSONSerialization.data(withJSONObject: record), as: UTF8.self) + "\n"
            }
        }
        let plan = dir.appendingPathComponent("plan.jsonl")
        try Data(records.utf8).write(to: plan)
        let one = try KeysCLI.run(["list", "--json", "--jobs", "1", plan.path])
        #expect(one.status == 0, "\(one.stderr)")
        for jobs in ["2", "3"] {
            let run = try KeysCLI.run(["list", "--json", "--jobs", jobs, plan.path])
            #expect(run.lines == one.lines)
        }
        let zero = try KeysCLI.run(["list", "--jobs", "0", plan.path])
        #expect(zero.status != 0)
        #expect(zero.stderr.contains("--jobs must be at least 1"))
    }

    @Test func badInputIsReportedNotFatal() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let jsonl = dir.appendingPathComponent("mixed.jsonl")
        try Data(("""
            {"source":"a#1","title":"Toast","yield":"2 servings","ingredients":[{"text":"2 slices bread"},{"text":"1 tbsp butter"}]}
            {"source":"b","error":"cannot read"}
            {not json at all
            {"source":"c#1","title":"No list"}

            """).utf8).write(to: jsonl)
        let empty = dir.appendingPathComponent("empty.txt")
        try Data().write(to: empty)
        let run = try KeysCLI.run(["list", "--servings", "4", jsonl.path, empty.path, dir.appendingPathComponent("missing.txt").path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("error record"))
        #expect(run.stderr.contains("not a JSON record"))
        #expect(run.stderr.contains("no ingredients array"))
        #expect(run.stderr.contains("missing.txt"))
        #expect(run.lines.contains { $0.contains("Bread — 4 slices") && $0.contains("[Toast]") })
        let bad = try KeysCLI.run(["list", "--servings", "0", empty.path])
        #expect(bad.status != 0)
    }

    @Test func binaryFilesAreRefusedNotListed() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let binary = dir.appendingPathComponent("photo.jpg")
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]
        var x: UInt32 = 12345
        for _ in 0..<4000 { x = x &* 1_103_515_245 &+ 12345; bytes.append(UInt8(truncatingIfNeeded: x >> 16)) }
        try Data(bytes).write(to: binary)
        let recipe = dir.appendingPathComponent("toast.txt")
        try Data("2 slices bread\n1 tbsp butter\n".utf8).write(to: recipe)
        let run = try KeysCLI.run(["list", binary.path, recipe.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("photo.jpg looks binary"))
        #expect(run.lines.contains { $0.contains("Bread — 2 slices") })
        #expect(!run.lines.contains { $0.contains("[Photo]") })
        let pantry = try KeysCLI.run(["list", "--pantry", binary.path, recipe.path])
        #expect(pantry.status != 0)
        #expect(pantry.stderr.contains("looks binary"))
    }

    @Test func userCategoryTable() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let table = dir.appendingPathComponent("my-categories.tsv")
        try Data("ground beef\tfrozen\n".utf8).write(to: table)
        let run = try KeysCLI.run(["list", "--dictionary", table.path, "Corpora/list/week/beef-tacos.txt"])
        #expect(run.status == 0)
        let frozen = try #require(run.lines.firstIndex(of: "Frozen"))
        #expect(run.lines[frozen + 1].hasPrefix("  Ground beef — 1 lb"))
        try Data("ground beef\tnowhere\n".utf8).write(to: table)
        let bad = try KeysCLI.run(["list", "--dictionary", table.path, "Corpora/list/week/beef-tacos.txt"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("categories.tsv line 1"))
    }
}
