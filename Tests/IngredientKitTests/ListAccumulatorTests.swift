import Foundation
import Testing
@testable import IngredientLists

/// Merging recipes one at a time (`ShoppingListAccumulator`): the same list as
/// `ShoppingListBuilder.list(for:)` in any order, roll-back of a file's recipes, compact
/// sources that read back as written, and JSON written in pieces.
@Suite struct ListAccumulatorTests {
    static let builder = ShoppingListBuilder()
    var builder: ShoppingListBuilder { Self.builder }

    static let recipes: [(id: String, title: String?, entry: String?, factor: Double, lines: [String])] = [
        ("tacos", "Tacos", "mon", 1, ["1 lb ground beef", "2 tsp cumin", "1 onion, diced", "salt to taste"]),
        ("chili", "Chili", "tue", 2, ["1 pound ground beef", "1 tsp cumin", "2 red onions, chopped", "1 (15 oz) can beans"]),
        ("salad", nil, nil, 1, ["For the dressing:", "", "2 tbsp olive oil", "1 lemon, juiced (optional)", "florp zibble"]),
        ("tacos", "Tacos", "thu", 0.5, ["1 lb ground beef", "1 cup shredded cheddar cheese", "100 g cheddar"]),
        ("tacos", "Tacos", "thu", 0.5, ["1 lb ground beef", "1 cup shredded cheddar cheese"]),
    ]

    func parsed() -> [ListRecipe] {
        Self.recipes.map { builder.recipe(id: $0.id, title: $0.title, planEntryID: $0.entry, servingsFactor: $0.factor, lines: $0.lines) }
    }

    func streamed(_ order: [Int], edits: ListEdits = ListEdits()) -> ShoppingListAccumulator {
        var merging = ShoppingListAccumulator(builder: builder, edits: edits)
        for i in order {
            let r = Self.recipes[i]
            merging.add(id: r.id, title: r.title, planEntryID: r.entry, servingsFactor: r.factor, lines: r.lines)
        }
        return merging
    }

    @Test func streamingInAnyOrderGivesTheListOfAllRecipes() {
        let edits = ListEdits(manualItems: ["2 onions"], checkedItems: ["cumin|volume"])
        let pantry = Pantry(text: "1 tsp cumin\nsalt\n", parser: builder.parser)
        let whole = builder.list(for: parsed(), pantry: pantry, edits: edits, suggestionThreshold: 0)
        for order in [[0, 1, 2, 3, 4], [4, 3, 2, 1, 0], [2, 4, 0, 3, 1]] {
            var merging = streamed(order, edits: edits)
            #expect(merging.recipeCount == 5)
            let list = merging.list(pantry: pantry, suggestionThreshold: 0)
            #expect(list.json() == whole.json())
            #expect(list.text() == whole.text())
            #expect(list == whole)
            #expect(merging.recipeCount == 0)
        }
    }

    @Test func sourcesReadBackAsWritten() throws {
        var merging = streamed([1, 0])
        let list = merging.list()
        let beef = try #require(list.items.first { $0.key == "ground beef" })
        #expect(beef.sources.map(\.recipeID) == ["chili", "tacos"])
        #expect(beef.sources.map(\.line) == ["1 pound ground beef", "1 lb ground beef"])
        #expect(beef.sources.map(\.amount?.text) == ["2 lb", "1 lb"])
        #expect(beef.sources.map(\.servingsFactor) == [2, 1])
        #expect(beef.sources.map(\.planEntryID) == ["tue", "mon"])
        let onion = try #require(list.items.first { $0.key == "onion" })
        #expect(onion.sources.first?.preparation == "diced")
        let salt = try #require(list.items.first { $0.key == "salt" })
        #expect(salt.sources.first?.measure == nil)
        #expect(salt.sources.first?.amount == nil)
        // Sources set by hand are kept as given.
        var edited = beef
        edited.sources = Array(beef.sources.prefix(1))
        #expect(edited.sources.count == 1 && edited.sources[0].line == "1 pound ground beef")
        #expect(edited != beef)
    }

    @Test func rollingBackForgetsWhatCameAfterTheMark() {
        var merging = streamed([0, 2])
        let mark = merging.mark
        merging.add(id: "bad", lines: ["1 lb ground beef", "3 kumquats", "Topping:", "1 tsp cumin"])
        merging.add(id: "worse", lines: ["7 kumquats"])
        merging.rollBack(to: mark)
        #expect(merging.recipeCount == 2)
        let rolledBack = merging.list()
        var clean = streamed([0, 2])
        #expect(rolledBack.json() == clean.list().json())
        #expect(!rolledBack.items.contains { $0.key.contains("kumquat") })
    }

    @Test func jsonWrittenInPiecesIsTheWholeDocument() {
        let list = builder.list(for: parsed(), suggestionThreshold: 0)
        var pieces: [[UInt8]] = []
        var out: [UInt8] = []
        list.writeJSON(to: &out, chunk: 64) { (bytes: inout [UInt8]) in
            pieces.append(bytes)
            bytes.removeAll()
        }
        #expect(out.isEmpty)
        #expect(pieces.count > 3)
        #expect(String(decoding: pieces.joined(), as: UTF8.self) == list.json())
    }

    /// Recipes of our own lines (the parse fixture's, ten a recipe), each three times with
    /// its own plan entry and servings: enough lines and items that `jobs` threads do parse
    /// and make items.
    func fixtureRecipes() throws -> [ListRecipeText] {
        let text = try String(contentsOfFile: Repo.path("Corpora/parse/fixture.jsonl"), encoding: .utf8)
        var lines: [String] = []
        for row in text.split(separator: "\n") {
            let object = try #require(JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any])
            lines.append(try #require(object["input"] as? String))
        }
        var recipes: [ListRecipeText] = []
        for copy in 0..<3 {
            for start in stride(from: 0, to: lines.count, by: 10) {
                recipes.append(ListRecipeText(id: "r\(start)", title: "Recipe \(start)", planEntryID: "day \(copy)",
                                              servingsFactor: Double(copy + 1) / 2,
                                              lines: Array(lines[start..<min(lines.count, start + 10)])))
            }
        }
        return recipes
    }

    /// Lines added as text are parsed into only what the list keeps (the parser's view of
    /// the line, no `ParsedIngredient`); the list must be the one made from the parsed
    /// lines: keys (with the user's key overrides and accepted merges, lines without an
    /// amount keyed whole), composite amounts, notes, optional flags, headers and blank lines.
    @Test func linesAddedAsTextGiveTheListOfTheParsedLines() throws {
        var recipes = try fixtureRecipes()
        recipes.append(ListRecipeText(id: "extra", title: nil, planEntryID: nil, servingsFactor: 3, lines: [
            "1 lb 2 oz ground beef", "Sugar, brown", "salt to taste", "For the sauce:", "   ", "",
            "2 Red Onions, finely chopped (optional)", "1 (14 oz) can tomatoes, drained", "zzq florp",
            "1 cup Crème fraîche", "3 scallions, sliced, for garnish",
        ]))
        let edits = ListEdits(keyOverrides: ["red onions": "onion", "crème fraîche": "sour cream"],
                              manualItems: ["2 onions"], acceptedMerges: ["scallion": "green onion"])
        let parsed = recipes.map {
            builder.recipe(id: $0.id, title: $0.title, planEntryID: $0.planEntryID, servingsFactor: $0.servingsFactor,
                           lines: $0.lines)
        }
        let expected = builder.list(for: parsed, edits: edits, suggestionThreshold: 0.3)
        #expect(expected.items.contains { $0.key == "sour cream" })
        for jobs in [1, 2] {
            var merging = ShoppingListAccumulator(builder: builder, edits: edits, jobs: jobs)
            merging.add(contentsOf: recipes)
            let list = merging.list(suggestionThreshold: 0.3)
            #expect(list == expected)
            #expect(list.json() == expected.json())
        }
    }

    @Test func threadsGiveTheSameList() throws {
        let recipes = try fixtureRecipes()
        let edits = ListEdits(manualItems: ["2 onions"], checkedItems: ["cumin|volume"])
        var alone = ShoppingListAccumulator(builder: builder, edits: edits)
        for r in recipes {
            alone.add(id: r.id, title: r.title, planEntryID: r.planEntryID, servingsFactor: r.servingsFactor, lines: r.lines)
        }
        let expected = alone.list(suggestionThreshold: 0.3)
        let lineCount = recipes.reduce(0) { $0 + $1.lines.count }
        #expect(lineCount >= ShoppingListAccumulator.linesPerWork * 8)
        #expect(expected.items.count >= ShoppingListAccumulator.itemsPerWork * 2)
        for jobs in [2, 3] {
            var threaded = ShoppingListAccumulator(builder: builder, edits: edits, jobs: jobs)
            // In uneven batches, as a reader hands them over.
            threaded.add(contentsOf: Array(recipes[0..<7]))
            threaded.add(contentsOf: Array(recipes[7...]))
            #expect(threaded.recipeCount == recipes.count)
            let list = threaded.list(suggestionThreshold: 0.3)
            #expect(list == expected)
            #expect(list.json() == expected.json())
            #expect(threaded.jobs == jobs)
        }
    }
}
