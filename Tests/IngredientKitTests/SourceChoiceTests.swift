import Testing
@testable import IngredientImport

/// Choosing between a page's JSON-LD and its visible ingredient list by completeness.
@Suite("HTML source choice")
struct SourceChoiceTests {
    static func page(ld: [String], list: [String]) -> String {
        let json = ld.map { "\"\($0)\"" }.joined(separator: ",")
        let items = list.map { "<li class=\"recipe-ingredient\">\($0)</li>" }.joined()
        return """
            <html><head><script type="application/ld+json">{"@type":"Recipe","name":"Test","recipeIngredient":[\(json)]}</script></head>
            <body><div class="recipe-ingredients"><ul>\(items)</ul></div></body></html>
            """
    }

    static func lines(_ html: String) throws -> RecipeRecord {
        guard case let .success(records) = HTMLExtractor.records(html: html) else {
            Issue.record("no recipe")
            throw CancellationError()
        }
        return try #require(records.first)
    }

    @Test func aListThatLostAmountsNeverReplacesTheJSONLD() throws {
        // The page's list lacks the metric amounts: the JSON-LD stays, and a warning says why.
        let ld = ["⅓ cups (80ml) extra-virgin olive oil", "2 cups (500ml) chicken stock", "1 onion"]
        let list = ["⅓ cups extra-virgin olive oil", "2 cups chicken stock", "1 onion"]
        let r = try Self.lines(Self.page(ld: ld, list: list))
        #expect(r.ingredients.map(\.text) == ld)
        #expect(r.warnings.contains { $0.contains("the page's list lacks amounts") })
    }

    @Test func amountsWrittenAfterTheNamesGiveWayToThePagesList() throws {
        // The JSON-LD writes "name amount"; the page shows the same lines amount first.
        let ld = ["witte chocolade 150gr", "bloem 200gr", "eieren 2", "zout snufje", "Bakvorm 20x20cm"]
        let list = ["150 gr witte chocolade", "200 gr bloem", "2 eieren", "snufje zout", "Bakvorm 20x20cm"]
        let r = try Self.lines(Self.page(ld: ld, list: list))
        #expect(r.ingredients.map(\.text) == list)
        #expect(r.warnings.contains { $0.contains("writes the amounts after the names") })
        // A page list with other numbers is not the same list: the JSON-LD stays.
        let other = try Self.lines(Self.page(ld: ld, list: ["100 gr witte chocolade", "200 gr bloem", "2 eieren", "snufje zout", "Bakvorm 20x20cm"]))
        #expect(other.ingredients.map(\.text) == ld)
    }

    @Test func programWrittenAmountsGiveWayToThePagesList() throws {
        let ld = ["500.0 g chickpeas", "2.0 cloves garlic", "1 tbsp(s) olive oil"]
        let list = ["500 g chickpeas", "2 cloves garlic", "1 tbsp olive oil"]
        let r = try Self.lines(Self.page(ld: ld, list: list))
        #expect(r.ingredients.map(\.text) == list)
        #expect(r.warnings.contains { $0.contains("writes them as a program does") })
        // The same lists without the artifacts: the JSON-LD stays, with no warning.
        let plain = try Self.lines(Self.page(ld: ["500 g chickpeas", "2 garlic cloves", "1 tbsp olive oil"], list: list))
        #expect(plain.ingredients.map(\.text) == ["500 g chickpeas", "2 garlic cloves", "1 tbsp olive oil"])
        #expect(plain.warnings.isEmpty)
    }

    @Test func aJSONLDThatLostLinesGivesWayToTheFullList() throws {
        // The JSON-LD kept one group of the page's list.
        let ld = ["3 tbsp soy sauce", "2 tbsp water", "1 tsp sesame oil"]
        let list = ["1 lb chicken thighs", "½ tsp salt", "3 tbsp soy sauce", "2 tbsp water", "1 tsp sesame oil", "¼ cup potato starch"]
        let r = try Self.lines(Self.page(ld: ld, list: list))
        #expect(r.ingredients.map(\.text) == list)
        #expect(r.warnings.contains { $0.contains("fuller than its JSON-LD") })
        // The same ingredients again with other amounts (a table for other servings) is no fuller list.
        let table = ["4 eggs", "2 cups milk", "2 eggs", "1 cup milk", "6 eggs", "3 cups milk"]
        let kept = try Self.lines(Self.page(ld: ["2 eggs", "1 cup milk"], list: table))
        #expect(kept.ingredients.map(\.text) == ["2 eggs", "1 cup milk"])
    }

    @Test func completenessVerdicts() {
        func lines(_ t: [String]) -> [RecipeRecord.Ingredient] { t.map { .init(group: nil, text: $0) } }
        #expect(ListCompleteness.compare(markup: lines(["1 cup flour"]), structured: lines(["1 cup (120 g) flour"])) == .markupLosesAmounts)
        #expect(ListCompleteness.compare(markup: lines(["1 cup (120 g) flour"]), structured: lines(["1 cup flour"])) == .markupFuller)
        #expect(ListCompleteness.compare(markup: lines(["flour 500 g"]), structured: lines(["500.0 g flour"])) == .same)
        #expect(ListCompleteness.compare(markup: lines(["½ tsp salt"]), structured: lines(["1/2 tsp salt"])) == .same)
        #expect(ListCompleteness.compare(markup: lines(["2 eggs"]), structured: lines(["1 cup sugar"])) == .unrelated)
        #expect(ListCompleteness.compare(markup: lines(["2 teaspoons salt"]), structured: lines(["2 teaspoon(s) salt"])) == .same)
        #expect(ListCompleteness.compare(markup: lines(["2 eggs", "salt"]), structured: lines(["2 eggs"])) == .unrelated)
        #expect(ListCompleteness.artifacts(in: lines(["1.0 Prise Salz", "2 clove(s) garlic", "1.05 kg", "10 g"])) == 2)
    }
}
