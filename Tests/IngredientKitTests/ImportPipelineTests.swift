import Foundation
import Testing
@testable import IngredientImport
@testable import IngredientEvaluation

/// The importer as a whole: every recipe accounted for, the same records whatever the
/// number of threads, the same records from shards, streamed large files, bad input.
@Suite("Import pipeline")
struct ImportPipelineTests {
    @Test func importWordTablesReadWholeWithTheKindsTheReadersAskFor() {
        // Every row of the built-in tables is kind<TAB>phrase (a malformed row stops the
        // reader), and each table holds exactly the kinds its reader looks for.
        let expected: [String: Set<String>] = [
            "import/headings.tsv": ["ingredients", "instructions", "other", "qualifier"],
            "import/yields.tsv": ["fact", "follows", "servings", "starts"],
            "import/app-state.tsv": ["name", "quantity", "unit"],
            "import/artifacts.tsv": ["open-plural"],
            "import/continuations.tsv": ["mark", "word"],
            "import/credits.tsv": ["credit", "credit-key"],
        ]
        for (file, kinds) in expected {
            let rows = ImportWordTable.rows(file)
            #expect(!rows.isEmpty, "\(file)")
            #expect(Set(rows.map(\.kind)) == kinds, "\(file)")
            #expect(rows.allSatisfy { !$0.phrase.isEmpty && !$0.phrase.contains("\t") }, "\(file)")
        }
    }

    /// A yield counts servings when it is a number alone or holds a `servings` word of
    /// `import/yields.tsv`, as whole words ("4 cups, reserved" holds "serv" but no servings).
    @Test func yieldsThatCountServings() {
        for (yield, servings) in [("4 servings", 4.0), ("Serves 6", 6), ("4", 4), ("6 to 8 portions", 6), ("Pour 4 personnes", 4),
                                  ("Serves: 2-3 people", 2), ("4 to 6 servings.", 4)] as [(String, Double)] {
            #expect(YieldWords.servings(in: yield) == servings, "\(yield)")
        }
        for yield in ["Makes 12 muffins", "1 loaf", "4 cups, reserved", "servings", ""] {
            #expect(YieldWords.servings(in: yield) == nil, "\(yield)")
        }
    }

    @Test func everyRecipeFoundIsARecordOrAnErrorRecord() {
        let (records, summary) = ImportFixtures.run([ImportFixtures.directory], jobs: 2)
        #expect(summary.files == 19)
        #expect(summary.recipesFound == records.count)
        #expect(summary.recipes + summary.errors == records.count)
        let recipes = records.compactMap { if case let .recipe(r) = $0 { r } else { nil } }
        #expect(summary.recipes == recipes.count)
        #expect(summary.ingredientLines == recipes.reduce(0) { $0 + $1.ingredients.count })
        #expect(summary.errors == 2) // the CSV row without title or ingredients, the JSON line without a recipe
        #expect(Set(records.map(\.source)).count == records.count)
    }

    @Test(arguments: [2, 3, 8])
    func sameRecordsInTheSameOrderWhateverTheThreads(jobs: Int) {
        let one = ImportFixtures.jsonLines(ImportFixtures.run([ImportFixtures.directory], jobs: 1).records)
        let many = ImportFixtures.jsonLines(ImportFixtures.run([ImportFixtures.directory], jobs: jobs).records)
        #expect(one == many)
        #expect(!one.isEmpty)
    }

    @Test func shardsConcatenatedGiveTheRecordsOfOneRun() throws {
        // The whole fixture folder (UTF-8, Windows-1252 and a ZIP) as envelopes in three shards.
        let direct = ImportFixtures.jsonLines(ImportFixtures.run([ImportFixtures.directory], jobs: 2).records)
        let files = RecipeImporter.files(in: [ImportFixtures.directory])
        #expect(files.count == 19)
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var shards: [String] = []
        for (n, part) in stride(from: 0, to: files.count, by: 6).map({ Array(files[$0..<min($0 + 6, files.count)]) }).enumerated() {
            var out: [UInt8] = []
            for file in part {
                let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
                ShardEnvelope.append(source: file, bytes: bytes, to: &out)
            }
            let shard = dir.appendingPathComponent("shard-\(n).jsonl").path
            FileManager.default.createFile(atPath: shard, contents: Data(out))
            shards.append(shard)
        }
        var sharded: [String] = []
        for shard in shards {
            sharded += ImportFixtures.jsonLines(ImportFixtures.run([shard], jobs: 2, format: .jsonl).records)
        }
        #expect(sharded == direct)
    }

    @Test func largeFilesAreStreamedInChunksWithTheSameRecords() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Many copies of each streamable fixture in one file each.
        var paths: [String] = []
        for (name, repeats) in [("recipes.jsonl", 40), ("potluck.mmf", 40), ("lemonade.mxp", 40)] {
            let text = try String(contentsOfFile: ImportFixtures.path(name), encoding: .utf8)
            let path = dir.appendingPathComponent("big-" + name).path
            try String(repeating: text, count: repeats).write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        // A CSV keeps one header row.
        let csv = try String(contentsOfFile: ImportFixtures.path("nlg-style.csv"), encoding: .utf8)
        let header = csv.prefix { $0 != "\n" } + "\n"
        let rows = csv.dropFirst(header.count)
        let csvPath = dir.appendingPathComponent("big.csv").path
        try (header + String(repeating: String(rows), count: 40)).write(toFile: csvPath, atomically: true, encoding: .utf8)
        paths.append(csvPath)

        let whole = RecipeImporter(parser: parser, jobs: 1)
        var streamed = RecipeImporter(parser: parser, jobs: 2)
        streamed.streamThreshold = 1024
        streamed.chunkSize = 700
        var a: [ImportRecord] = [], b: [ImportRecord] = []
        let summaryA = whole.run(paths) { a.append($0) }
        let summaryB = streamed.run(paths) { b.append($0) }
        #expect(ImportFixtures.jsonLines(a) == ImportFixtures.jsonLines(b))
        #expect(summaryA.recipes == summaryB.recipes)
        #expect(summaryA.files == summaryB.files)
        #expect(summaryB.recipes > 300)
    }

    @Test func chunksOfAJSONArrayAreItsElements() {
        var chunker = StreamChunker(format: .json, target: 64)
        let text = #"[{"name":"A","recipeIngredient":["1 egg"]}, {"name":"B, \"quoted\" ]","recipeIngredient":["2 eggs"]},{"name":"C","recipeIngredient":["3 eggs"]}]"#
        var chunks: [[UInt8]] = []
        for piece in Array(text.utf8).chunked(11) { chunks += chunker.feed(piece) }
        if let rest = chunker.finish() { chunks.append(rest) }
        let titles = chunks.flatMap { DocumentReader.readRecipes($0, name: "x.json", format: .json, depth: 0) }
            .compactMap { if case let .success(r) = $0.result { r.title } else { nil } }
        #expect(titles == ["A", #"B, "quoted" ]"#, "C"])
    }

    @Test func badInputGivesErrorRecordsAndNeverStopsTheRun() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func write(_ name: String, _ bytes: [UInt8]) -> String {
            let path = dir.appendingPathComponent(name).path
            FileManager.default.createFile(atPath: path, contents: Data(bytes))
            return path
        }
        var random = SplitMix64(seed: 7)
        let binary = write("blob.dat", (0..<4096).map { _ in UInt8(random.next() & 0xFF) } + [0, 0, 0, 0])
        let empty = write("empty.txt", [])
        let blank = write("blank.txt", Array("\n \n\t\n".utf8))
        let truncatedZip = write("broken.zip", [0x50, 0x4B, 0x03, 0x04, 1, 2, 3])
        let notRecipe = write("notes.txt", Array("Remember to buy stamps.\nCall the plumber on Monday about the leak in the kitchen, it is getting worse.\n".utf8))
        let deep = write("deep.json", Array((String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)).utf8))
        let missing = dir.appendingPathComponent("no-such-file.html").path
        let link = dir.appendingPathComponent("dangling.txt").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: dir.appendingPathComponent("gone").path)
        let good = ImportFixtures.path("microdata.html")

        let paths = [binary, empty, blank, truncatedZip, notRecipe, deep, missing, link, good]
        let (records, summary) = ImportFixtures.run(paths, jobs: 2)
        #expect(records.count == paths.count)
        #expect(summary.files == paths.count)
        #expect(summary.recipes == 1)
        #expect(summary.errors == paths.count - 1)
        #expect(summary.fileErrors == paths.count - 1)
        var errors: [String: String] = [:]
        for case let .failure(source, error) in records { errors[source] = error.description }
        #expect(errors[binary]?.contains("binary data") == true)
        #expect(errors[empty] == "the file is empty")
        #expect(errors[blank] == "the file is empty")
        #expect(errors[truncatedZip]?.contains("archive") == true)
        #expect(errors[notRecipe]?.contains("no recipe found") == true)
        #expect(errors[deep]?.contains("nested more than") == true)
        #expect(errors[missing]?.contains("No such file") == true)
        #expect(errors[link]?.contains("broken symbolic link") == true)
        // The good file after them all is still read.
        #expect(records.last?.source == good + "#1")
    }

    @Test func directoryWalkSkipsHiddenFilesAndImagesButCountsThem() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try ImportFixtures.copy(["microdata.html", "pancakes.cook"], into: dir)
        let sub = dir.appendingPathComponent("sub/deeper")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try ImportFixtures.copy(["lemonade.mxp"], into: sub)
        FileManager.default.createFile(atPath: dir.appendingPathComponent(".DS_Store").path, contents: Data([0, 1, 2]))
        FileManager.default.createFile(atPath: dir.appendingPathComponent("photo.jpg").path, contents: Data([0xFF, 0xD8, 0xFF]))
        let (records, summary) = ImportFixtures.run([dir.path], jobs: 2)
        #expect(summary.files == 3)
        #expect(summary.skipped == ["hidden": 1, "images": 1])
        #expect(summary.errors == 0)
        // Entries in byte order of their names, directories recursively.
        #expect(records.map { $0.source.replacingOccurrences(of: dir.path + "/", with: "") }
            == ["microdata.html#1", "pancakes.cook#1", "sub/deeper/lemonade.mxp#1", "sub/deeper/lemonade.mxp#2"])
        // A named image is not skipped: it gets an error record.
        let named = ImportFixtures.run([dir.appendingPathComponent("photo.jpg").path]).records
        guard case let .failure(_, error)? = named.first else {
            Issue.record("a named image should give an error record")
            return
        }
        #expect(error.description.contains("images"))
    }
}

extension Array {
    /// The array cut into pieces of `size`.
    func chunked(_ size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
