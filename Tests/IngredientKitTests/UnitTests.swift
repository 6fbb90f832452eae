import Testing
@testable import IngredientLexicon

/// Units as the parser reports them: canonical ids for every common alias, glued and
/// hyphenated forms, and amounts with alternates (parenthesized, composite, containers).
@Suite("Units in parsed lines")
struct UnitTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var line: String
        var quantity: Double
        var unit: String
        var name: String
        var testDescription: String { line }
    }

    static let aliases: [Case] = [
        Case(line: "1 tsp salt", quantity: 1, unit: "teaspoon", name: "salt"),
        Case(line: "1 tsp. salt", quantity: 1, unit: "teaspoon", name: "salt"),
        Case(line: "1 t salt", quantity: 1, unit: "teaspoon", name: "salt"),
        Case(line: "1 T butter", quantity: 1, unit: "tablespoon", name: "butter"),
        Case(line: "1 tbsp butter", quantity: 1, unit: "tablespoon", name: "butter"),
        Case(line: "1 Tbsp butter", quantity: 1, unit: "tablespoon", name: "butter"),
        Case(line: "1 C milk", quantity: 1, unit: "cup", name: "milk"),
        Case(line: "1 c milk", quantity: 1, unit: "cup", name: "milk"),
        Case(line: "3 cups milk", quantity: 3, unit: "cup", name: "milk"),
        Case(line: "4 oz cheese", quantity: 4, unit: "ounce", name: "cheese"),
        Case(line: "2 lb ground beef", quantity: 2, unit: "pound", name: "ground beef"),
        Case(line: "2 lbs ground beef", quantity: 2, unit: "pound", name: "ground beef"),
        Case(line: "2 g salt", quantity: 2, unit: "gram", name: "salt"),
        Case(line: "1 kg flour", quantity: 1, unit: "kilogram", name: "flour"),
        Case(line: "250 ml milk", quantity: 250, unit: "milliliter", name: "milk"),
        Case(line: "250 mL milk", quantity: 250, unit: "milliliter", name: "milk"),
        Case(line: "1 l water", quantity: 1, unit: "liter", name: "water"),
        Case(line: "1 L water", quantity: 1, unit: "liter", name: "water"),
        Case(line: "1 fl oz cream", quantity: 1, unit: "fluid ounce", name: "cream"),
        Case(line: "1 fl. oz. cream", quantity: 1, unit: "fluid ounce", name: "cream"),
        Case(line: "3 tablespoons olive oil", quantity: 3, unit: "tablespoon", name: "olive oil"),
        Case(line: "1 teaspoon ground cumin", quantity: 1, unit: "teaspoon", name: "ground cumin"),
        Case(line: "3 cloves garlic, minced", quantity: 3, unit: "clove", name: "garlic"),
        // Glued and hyphenated units.
        Case(line: "400g flour", quantity: 400, unit: "gram", name: "flour"),
        Case(line: "250g cherry tomatoes, halved", quantity: 250, unit: "gram", name: "cherry tomatoes"),
    ]

    @Test("aliases map to canonical ids", arguments: aliases)
    func alias(_ c: Case) {
        let p = parser.parse(c.line)
        #expect(p.quantity == c.quantity)
        #expect(p.unit == c.unit)
        #expect(p.name == c.name)
        #expect(p.amount?.isKnownUnit == true)
    }

    /// `#` right after a number is the pound sign (units.tsv lists it as a pound alias).
    @Test func hashSignIsPound() {
        #expect(Lexicon.builtIn.unit(alias: "#")?.id == "pound")
        let p = parser.parse("2# ground chuck")
        #expect(p.quantity == 2)
        #expect(p.unit == "pound")
    }

    @Test func hyphenatedUnitBeforeContainer() {
        let p = parser.parse("10-ounce bag spinach")
        #expect(p.quantity == 1)
        #expect(p.unit == "bag")
        #expect(pairs(p.alternates) == [Pair(quantity: 10, unit: "ounce")])
        #expect(p.name == "spinach")
    }

    @Test func parenthesizedAmountAfterCount() {
        let p = parser.parse("1 (14 oz) can tomatoes")
        #expect(p.quantity == 1)
        #expect(p.unit == "can")
        #expect(pairs(p.alternates) == [Pair(quantity: 14, unit: "ounce")])
        #expect(p.name == "tomatoes")
    }

    /// The example of IngredientParser's documentation comment.
    @Test func documentedExample() {
        let p = parser.parse("2 (14 oz) cans chickpeas, drained")
        #expect(p.quantity == 2)
        #expect(p.unit == "can")
        #expect(pairs(p.alternates) == [Pair(quantity: 14, unit: "ounce")])
        #expect(p.name == "chickpeas")
        #expect(p.preparation == "drained")
    }

    @Test func parenthesizedAlternateAfterUnit() {
        let p = parser.parse("2 cups (500 ml) stock")
        #expect(p.quantity == 2)
        #expect(p.unit == "cup")
        #expect(pairs(p.alternates) == [Pair(quantity: 500, unit: "milliliter")])
        #expect(p.name == "stock")
    }

    @Test func containerThenParenthesizedSize() {
        let p = parser.parse("1 can (15 oz) black beans, drained and rinsed")
        #expect(p.quantity == 1)
        #expect(p.unit == "can")
        #expect(pairs(p.alternates) == [Pair(quantity: 15, unit: "ounce")])
        #expect(p.name == "black beans")
        #expect(p.preparation == "drained and rinsed")
    }

    @Test func compositeAmount() {
        let p = parser.parse("1 lb 2 oz beef")
        #expect(p.quantity == 1)
        #expect(p.unit == "pound")
        #expect(pairs(p.alternates) == [Pair(quantity: 2, unit: "ounce")])
        #expect(p.alternates.first?.isComposite == true)
        #expect(p.name == "beef")
    }

    @Test func plusAmountIsAnAlternate() {
        let p = parser.parse("1 cup plus 2 tablespoons flour")
        #expect(p.quantity == 1)
        #expect(p.unit == "cup")
        #expect(pairs(p.alternates) == [Pair(quantity: 2, unit: "tablespoon")])
        // "plus" adds the second amount to the first (Amount.isComposite: "adds to the previous
        // one"; Corpora/README.md lists "1 cup plus 2 tablespoons" among composite amounts), but
        // the assembler only flags amounts that directly follow the previous one.
        #expect(p.alternates.first?.isComposite == true)
    }

    @Test func slashAlternate() {
        let p = parser.parse("10g/½oz butter")
        #expect(p.quantity == 10)
        #expect(p.unit == "gram")
        #expect(pairs(p.alternates) == [Pair(quantity: 0.5, unit: "ounce")])
        #expect(p.alternates.first?.isComposite == false)
        #expect(p.name == "butter")
    }

    @Test func sizedContainerImpliesOne() {
        let p = parser.parse("400g tin chopped tomatoes")
        #expect(p.quantity == 1)
        #expect(p.unit == "tin")
        #expect(pairs(p.alternates) == [Pair(quantity: 400, unit: "gram")])
        #expect(p.name == "chopped tomatoes")
    }

    @Test func sizedPieceImpliesOne() {
        let p = parser.parse("½-inch piece ginger")
        #expect(p.quantity == 1)
        #expect(p.unit == "piece")
        #expect(pairs(p.alternates) == [Pair(quantity: 0.5, unit: "inch")])
    }
}
