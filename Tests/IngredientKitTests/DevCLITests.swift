import Foundation
import Testing
@testable import IngredientLexicon
@testable import IngredientParsing
@testable import IngredientSuggestions

/// The layout of `ingest`: user verbs at the top level, `eval keys` beside the other scores, the
/// developers' tools under `ingest dev`, and the names they had before gone.
@Suite("ingest command layout", .enabled(if: Ingest.executable != nil, "the ingest binary was not built"))
struct DevCLITests {
    /// The subcommand names of a help screen, in the order it lists them (lines indented by two
    /// spaces that start with a lowercase letter: options start with "-", continuations are
    /// indented further, "See 'ingest help …'" is capitalized).
    static func subcommandNames(_ help: String) -> [String] {
        help.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), let first = line.dropFirst(2).first, first.isLowercase else { return nil }
            return line.dropFirst(2).split(separator: " ").first.map(String.init)
        }
    }

    @Test func helpListsTheUserVerbsFirstAndDevLast() throws {
        let r = try Ingest.run(["--help"])
        #expect(r.status == 0)
        #expect(Self.subcommandNames(r.stdoutText) == ["parse", "dedupe", "list", "import", "pack", "eval", "dev"])
        let developer = try #require(r.stdoutText.range(of: "DEVELOPER SUBCOMMANDS:"))
        let dev = try #require(r.stdoutText.range(of: "\n  dev "))
        #expect(developer.upperBound <= dev.lowerBound)
    }

    @Test func groupsListTheirCommands() throws {
        let groups: [([String], [String])] = [
            (["eval"], ["parse", "import", "dedupe", "keys"]),
            (["dev"], ["bench", "train", "key-names", "snapshots"]),
            (["dev", "bench"], ["parse", "keys", "list", "suggest"]),
            (["dev", "train"], ["parser", "suggest"]),
        ]
        for (group, commands) in groups {
            let r = try Ingest.run(group + ["--help"])
            #expect(r.status == 0, "\(group)")
            #expect(Self.subcommandNames(r.stdoutText) == commands, "\(group)")
        }
    }

    @Test(arguments: ["bench", "bench-keys", "bench-list", "bench-suggest", "train-parser", "train-suggest",
                      "key-names", "eval-keys"])
    func oldNamesAreUnknownCommands(_ name: String) throws {
        let r = try Ingest.run([name])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: Unexpected argument '\(name)'"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func keyNamesPrintsTheKeyersKeysAndDisplayNames() throws {
        let names = ["Courgettes", "", "spring onions", "Sugar, brown"]
        let keyer = CanonicalKeyer()
        for (option, locale) in [("en-US", DisplayLocale.enUS), ("en-GB", .enGB)] {
            let r = try Ingest.run(["dev", "key-names", "--locale", option], stdin: Data(names.joined(separator: "\n").utf8))
            #expect(r.status == 0)
            #expect(r.lines == names.map { name in
                let key = keyer.key(forName: name)
                return "\(name)\t\(key)\t\(keyer.displayName(forKey: key, locale: locale))"
            })
        }
    }

    @Test func evalKeysScoresSynonymGroupsAndParentChildPairs() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pairs = dir.appendingPathComponent("parent-child.tsv")
        try Data("child\tparent\nred onion\tonion\ncourgette\tzucchini\n".utf8).write(to: pairs)
        let r = try Ingest.run(["eval", "keys", "--synonyms", "Corpora/dedupe/groups.tsv", "--parent-child", pairs.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines.first == "canonical keys (spec version \(KeySpec.version)) on Corpora/dedupe/groups.tsv")
        #expect(r.lines.contains { $0.hasPrefix("canonical keys ") && $0.contains("true pairs found") })
        // courgette and zucchini share a key, red onion and onion do not.
        #expect(r.lines.contains("parent/child pairs merged: 1 of 2 (\(pairs.path))"))
    }

    static let labeled: [(input: String, tokens: [String], labels: [String], quantity: Int, unit: String, name: String)] = [
        ("2 cups flour", ["2", "cups", "flour"], ["QTY", "UNIT", "NAME"], 2, "cup", "flour"),
        ("1 tsp salt", ["1", "tsp", "salt"], ["QTY", "UNIT", "NAME"], 1, "teaspoon", "salt"),
        ("3 large eggs", ["3", "large", "eggs"], ["QTY", "SIZE", "NAME"], 3, "", "eggs"),
        ("1 onion, chopped", ["1", "onion", ",", "chopped"], ["QTY", "NAME", "PUNC", "PREP"], 1, "", "onion"),
        ("200 g butter", ["200", "g", "butter"], ["QTY", "UNIT", "NAME"], 200, "gram", "butter"),
        ("2 tbsp olive oil", ["2", "tbsp", "olive", "oil"], ["QTY", "UNIT", "NAME", "NAME"], 2, "tablespoon", "olive oil"),
        ("1 cup milk", ["1", "cup", "milk"], ["QTY", "UNIT", "NAME"], 1, "cup", "milk"),
        ("4 cloves garlic, minced", ["4", "cloves", "garlic", ",", "minced"], ["QTY", "UNIT", "NAME", "PUNC", "PREP"], 4, "cloves", "garlic"),
        ("500 ml stock", ["500", "ml", "stock"], ["QTY", "UNIT", "NAME"], 500, "milliliter", "stock"),
        ("1 lemon", ["1", "lemon"], ["QTY", "NAME"], 1, "", "lemon"),
    ]

    /// Writes the labeled sentences as a gold file, the `k`-th with source `source(k)`.
    static func writeGold(to gold: URL, source: (Int) -> String = { _ in "t" }) throws {
        let rows = try labeled.enumerated().map { k, s -> String in
            let object: [String: Any] = [
                "source": source(k), "input": s.input, "tokens": s.tokens, "labels": s.labels, "name": s.name,
                "amounts": [["quantity": s.quantity, "quantityMax": s.quantity, "unit": s.unit]],
            ]
            return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }
        try Data((rows.joined(separator: "\n") + "\n").utf8).write(to: gold)
    }

    @Test func trainParserCrossSourceScoresEachSourceWithAModelThatNeverSawIt() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gold = dir.appendingPathComponent("gold.jsonl"), model = dir.appendingPathComponent("model.tsv")
        try Self.writeGold(to: gold, source: { $0 % 2 == 0 ? "even" : "odd" })
        let r = try Ingest.run(["dev", "train", "parser", "--epochs", "1", "--cross-source", "--out", model.path, gold.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines.map { $0.split(separator: " ").first.map(String.init) ?? "" } == ["held", "even", "odd", "mean"])
        // Each source is scored on all its sentences, by a model trained on the others only.
        let even = Self.labeled.indices.filter { $0 % 2 == 0 }.count, odd = Self.labeled.count - even
        #expect(r.lines[1].split(separator: " ").prefix(3) == ["even", "\(odd)", "\(even)"])
        #expect(r.lines[2].split(separator: " ").prefix(3) == ["odd", "\(even)", "\(odd)"])
        #expect(!FileManager.default.fileExists(atPath: model.path), "--cross-source writes no model")
        // Each row ends with the confidence gap on the source, with a calibration fitted without it.
        #expect(r.lines[0].hasSuffix("confidence gap"))
        #expect(r.lines.dropFirst().allSatisfy { $0.hasSuffix(" points") })
        // Deterministic, and the fold models it writes carry that calibration.
        let folds = dir.appendingPathComponent("folds")
        try FileManager.default.createDirectory(at: folds, withIntermediateDirectories: true)
        #expect(try Ingest.run(["dev", "train", "parser", "--epochs", "1", "--cross-source", "--fold-models", folds.path, gold.path]).lines == r.lines)
        for source in ["even", "odd"] {
            let text = try String(contentsOf: folds.appendingPathComponent(source + ".tsv"), encoding: .utf8)
            #expect(text.split(separator: "\n").contains { $0.hasPrefix("calibration\t") }, "\(source).tsv has a calibration row")
        }
        // One source: nothing to hold out.
        try Self.writeGold(to: gold)
        let one = try Ingest.run(["dev", "train", "parser", "--cross-source", gold.path])
        #expect(one.status == 1)
        #expect(one.stderr.contains("at least two sources"))
    }

    /// `ingest dev snapshots` writes the snapshots of the tables compiled in and of the model
    /// files in the folder: the ones committed, when they are fresh (`TaggerSnapshotTests`,
    /// `LexiconSnapshotTests`, `KnowledgeSnapshotTests`).
    @Test func snapshotsWritesTheCommittedSnapshots() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let files = FileManager.default
        // No model files: a clear error, nothing written.
        let noModel = try Ingest.run(["dev", "snapshots", "--dictionaries", dir.path])
        #expect(noModel.status == 1)
        #expect(noModel.stderr.contains("cannot read") && noModel.stderr.contains("/model/"), "\(noModel.stderr)")
        for sub in ["suggest", "model"] {
            try files.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        for name in ["model/tagger.tsv", "model/clusters.tsv"] {
            try files.copyItem(atPath: Repo.path("Dictionaries/" + name), toPath: dir.appendingPathComponent(name).path)
        }
        let r = try Ingest.run(["dev", "snapshots", "--dictionaries", dir.path])
        #expect(r.status == 0, "\(r.stderr)")
        for name in ["model/tagger.snapshot", "lexicon.snapshot", "suggest/knowledge.snapshot"] {
            let committed = URL(fileURLWithPath: Repo.path("Dictionaries/" + name))
            #expect(try Data(contentsOf: dir.appendingPathComponent(name)) == Data(contentsOf: committed), "\(name)")
        }
        // A snapshot that cannot be written (a folder in its place).
        try files.removeItem(at: dir.appendingPathComponent("lexicon.snapshot"))
        try files.createDirectory(at: dir.appendingPathComponent("lexicon.snapshot"), withIntermediateDirectories: false)
        let unwritable = try Ingest.run(["dev", "snapshots", "--dictionaries", dir.path])
        #expect(unwritable.status == 1)
        #expect(unwritable.stderr.contains("cannot write"))
    }

    @Test func trainParserWritesAModelThatEvalParseReads() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gold = dir.appendingPathComponent("gold.jsonl"), model = dir.appendingPathComponent("model.tsv")
        try Self.writeGold(to: gold)
        let trained = try Ingest.run(["dev", "train", "parser", "--epochs", "1", "--out", model.path, gold.path])
        #expect(trained.status == 0, "\(trained.stderr)")
        #expect(trained.lines.first?.hasPrefix("source") == true)
        #expect(trained.stderr.contains("wrote \(model.path)"))
        let text = String(decoding: try Data(contentsOf: model), as: UTF8.self)
        #expect(throws: Never.self) { _ = try IngredientParser(lexicon: .builtIn, modelText: text) }
        let scored = try Ingest.run(["eval", "parse", "--model", model.path, gold.path])
        #expect(scored.status == 0, "\(scored.stderr)")
        #expect(scored.lines.dropFirst().first?.hasPrefix("overall     10 ") == true)
    }

    /// Word dropout, the training margin, the number of runs and the CRF objective change the
    /// weights, and the same options give the same file.
    @Test func trainParserDropoutAndMarginAreDeterministic() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gold = dir.appendingPathComponent("gold.jsonl")
        try Self.writeGold(to: gold)
        func train(_ options: [String], _ name: String) throws -> String {
            let model = dir.appendingPathComponent(name)
            let r = try Ingest.run(["dev", "train", "parser", "--epochs", "3", "--out", model.path] + options + [gold.path])
            #expect(r.status == 0, "\(r.stderr)")
            return String(decoding: try Data(contentsOf: model), as: UTF8.self)
        }
        let plain = try train([], "plain.tsv")
        let dropout = try train(["--word-dropout", "0.5"], "dropout.tsv")
        #expect(dropout != plain)
        #expect(try train(["--word-dropout", "0.5"], "dropout2.tsv") == dropout)
        let margin = try train(["--margin", "2"], "margin.tsv")
        #expect(margin != plain)
        #expect(try train(["--margin", "2"], "margin2.tsv") == margin)
        #expect(try train([], "plain2.tsv") == plain)
        let oneRun = try train(["--runs", "1"], "one.tsv")
        #expect(oneRun != plain)
        #expect(try train(["--runs", "1"], "one2.tsv") == oneRun)
        let crf = try train(["--objective", "crf", "--prune", "0.01"], "crf.tsv")
        #expect(crf != plain)
        #expect(crf.hasPrefix("# IngredientKit tagger weights: a linear-chain CRF"))
        #expect(try train(["--objective", "crf", "--prune", "0.01"], "crf2.tsv") == crf)
    }

    @Test func trainSuggestWritesWeights() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("weights.tsv")
        let r = try Ingest.run(["dev", "train", "suggest", "--folds", "2", "--out", out.path,
                                "Corpora/dedupe/groups.tsv", "Corpora/dedupe/pairs.tsv"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines.last == "wrote \(out.path); rebuild so the new weights are compiled in")
        let text = String(decoding: try Data(contentsOf: out), as: UTF8.self)
        #expect(text.hasPrefix("# IngredientKit pair scorer weights"))
        #expect(throws: Never.self) { _ = try PairScorer(weightsText: text) }
    }

    @Test func benchCommandsRunUnderDevBench() throws {
        let lines = "Corpora/sample/weeknight-dinners.txt"
        let parse = try Ingest.run(["dev", "bench", "parse", "--lines", "100", lines])
        #expect(parse.status == 0, "\(parse.stderr)")
        #expect(parse.lines.count == 1 && parse.lines[0].hasPrefix("bench: "))
        let keys = try Ingest.run(["dev", "bench", "keys", "--names", "200", "--rounds", "1", lines])
        #expect(keys.status == 0, "\(keys.stderr)")
        #expect(keys.lines.first?.hasPrefix("key tables: ") == true)
        #expect(keys.lines.dropFirst().first?.hasPrefix("bench-keys: ") == true)
        let suggest = try Ingest.run(["dev", "bench", "suggest", "--names", "50", "--rounds", "1", lines])
        #expect(suggest.status == 0, "\(suggest.stderr)")
        #expect(suggest.lines.count == 1 && suggest.lines[0].contains(" distinct keys → "))
    }

    @Test func benchListEmitsTheLargeRunsRecipes() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("recipes.jsonl")
        let week = try FileManager.default.contentsOfDirectory(atPath: Repo.root.appendingPathComponent("Corpora/list/week").path)
            .filter { $0.hasSuffix(".txt") }.sorted().map { "Corpora/list/week/" + $0 }
        let r = try Ingest.run(["dev", "bench", "list", "--recipes", "3", "--emit", out.path] + week)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.lines == ["wrote 3 recipes to \(out.path)"])
        let records = String(decoding: try Data(contentsOf: out), as: UTF8.self).split(separator: "\n")
        #expect(records.count == 3)
        #expect(records.allSatisfy { $0.hasPrefix(#"{"source":"#) })
    }
}
