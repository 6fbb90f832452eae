import Testing
@testable import IngredientParsing

/// Quantities as `IngredientParser` reports them: every written number form, ranges,
/// multipliers and number words.
@Suite("Quantities")
struct QuantityTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var line: String
        var quantity: Double?
        var quantityMax: Double?
        var unit: String?
        var testDescription: String { line }
    }

    static let numberForms: [Case] = [
        // Integers and decimals.
        Case(line: "2 cups flour", quantity: 2, quantityMax: 2, unit: "cup"),
        Case(line: "12 eggs", quantity: 12, quantityMax: 12, unit: nil),
        Case(line: "1.5 cups milk", quantity: 1.5, quantityMax: 1.5, unit: "cup"),
        Case(line: ".5 tsp salt", quantity: 0.5, quantityMax: 0.5, unit: "teaspoon"),
        // Decimal comma versus thousands separator.
        Case(line: "1,5 kg potatoes", quantity: 1.5, quantityMax: 1.5, unit: "kilogram"),
        Case(line: "1,50 kg flour", quantity: 1.5, quantityMax: 1.5, unit: "kilogram"),
        Case(line: "1,000 g flour", quantity: 1000, quantityMax: 1000, unit: "gram"),
        Case(line: "1,500 g flour", quantity: 1500, quantityMax: 1500, unit: "gram"),
        // Fractions: ASCII slash, vulgar fractions, the fraction slash U+2044.
        Case(line: "1/2 cup sugar", quantity: 0.5, quantityMax: 0.5, unit: "cup"),
        Case(line: "3/4 cup sugar", quantity: 0.75, quantityMax: 0.75, unit: "cup"),
        Case(line: "½ cup sugar", quantity: 0.5, quantityMax: 0.5, unit: "cup"),
        Case(line: "¼ tsp cayenne pepper", quantity: 0.25, quantityMax: 0.25, unit: "teaspoon"),
        Case(line: "⅓ cup oil", quantity: 1.0 / 3, quantityMax: 1.0 / 3, unit: "cup"),
        Case(line: "1\u{2044}2 cup sugar", quantity: 0.5, quantityMax: 0.5, unit: "cup"),
        // Mixed numbers.
        Case(line: "1 1/2 cups flour", quantity: 1.5, quantityMax: 1.5, unit: "cup"),
        Case(line: "1½ cups flour", quantity: 1.5, quantityMax: 1.5, unit: "cup"),
        Case(line: "1-1/2 cups flour", quantity: 1.5, quantityMax: 1.5, unit: "cup"),
        Case(line: "1 ½ cups flour", quantity: 1.5, quantityMax: 1.5, unit: "cup"),
        Case(line: "2 ¾ cups flour", quantity: 2.75, quantityMax: 2.75, unit: "cup"),
        // Ranges.
        Case(line: "2-3 cloves garlic", quantity: 2, quantityMax: 3, unit: "clove"),
        Case(line: "2–3 cloves garlic", quantity: 2, quantityMax: 3, unit: "clove"),
        Case(line: "2 to 3 cups stock", quantity: 2, quantityMax: 3, unit: "cup"),
        Case(line: "2 or 3 carrots", quantity: 2, quantityMax: 3, unit: nil),
        Case(line: "3 or 4 carrots", quantity: 3, quantityMax: 4, unit: nil),
        Case(line: "1½-2 cups water", quantity: 1.5, quantityMax: 2, unit: "cup"),
        Case(line: "2-3 tbsp lemon juice", quantity: 2, quantityMax: 3, unit: "tablespoon"),
        // Number words.
        Case(line: "one onion", quantity: 1, quantityMax: 1, unit: nil),
        Case(line: "a pinch of salt", quantity: 1, quantityMax: 1, unit: "pinch"),
        Case(line: "pinch of salt", quantity: 1, quantityMax: 1, unit: "pinch"),
        Case(line: "a dozen eggs", quantity: 12, quantityMax: 12, unit: nil),
        Case(line: "a couple of onions", quantity: 2, quantityMax: 2, unit: nil),
        Case(line: "half a lemon", quantity: 0.5, quantityMax: 0.5, unit: nil),
        // No quantity at all.
        Case(line: "salt and pepper to taste", quantity: nil, quantityMax: nil, unit: nil),
    ]

    @Test("number forms, ranges and number words", arguments: numberForms)
    func quantity(_ c: Case) {
        let p = parser.parse(c.line)
        #expect(p.kind == .ingredient)
        #expect(approx(p.quantity, c.quantity), "quantity \(String(describing: p.quantity))")
        #expect(approx(p.quantityMax, c.quantityMax), "quantityMax \(String(describing: p.quantityMax))")
        #expect(p.unit == c.unit)
    }

    @Test func rangeFlagsOnlyRealRanges() {
        #expect(parser.parse("2-3 cloves garlic").amount?.isRange == true)
        #expect(parser.parse("2 cups flour").amount?.isRange == false)
        // A "range" going down is not a range: 3-2 keeps 3 as the quantity.
        let down = parser.parse("3-2 cups flour")
        #expect(down.quantity == 3)
        #expect(down.quantityMax == 3)
    }

    /// A slash between two numbers makes a fraction only with a denominator recipes measure
    /// in; otherwise it parts a range or two amounts, never a quantity of 0.8 or 550 pounds.
    @Test func slashesThatAreNoFractions() {
        let range = parser.parse("200/250 g di Fontina")
        #expect(range.quantity == 200 && range.quantityMax == 250 && range.unit == "gram")
        let count = parser.parse("2 pounds medium (36/40 count) shrimp")
        #expect(count.quantity == 2 && count.unit == "pound")
        #expect(count.alternates.contains { $0.quantity == 36 && $0.quantityMax == 40 && $0.unit == "count" })
        #expect(count.name == "shrimp")
        let mixed = parser.parse("24 16/20 count (medium-size) shrimp")
        #expect(mixed.quantity == 24) // not 24.8
        let metric = parser.parse("450/1lb good quality beef")
        #expect(metric.quantity == 450 && metric.unit == nil) // not 450 pounds
        #expect(metric.alternates.contains { $0.quantity == 1 && $0.unit == "pound" })
        // Denominators recipes measure in stay fractions, 1/1 included.
        for (line, value) in [("3/16 inch ginger", 0.1875), ("1/64 tsp saffron", 1.0 / 64), ("5/8 cup milk", 0.625), ("1/1 teaspoon salt", 1.0)] {
            #expect(approx(parser.parse(line).quantity, value), "\(line)")
        }
        #expect(Tokenizer.slashReading(3, 2, unitFollows: false) == .fraction)
        #expect(Tokenizer.slashReading(200, 250, unitFollows: false) == .range)
        #expect(Tokenizer.slashReading(550, 1, unitFollows: true) == .twoAmounts)
        #expect(Tokenizer.slashReading(11, 2006, unitFollows: false) == .word)
        #expect(Tokenizer.slashReading(80, 20, unitFollows: false) == .word)
        #expect(Tokenizer.slashReading(400, 14, unitFollows: true) == .fraction)
        let ratio = parser.parse("½ lb 80/20 ground beef")
        #expect(ratio.quantity == 0.5 && ratio.alternates.isEmpty && ratio.name == "80/20 ground beef" && ratio.key == "80/20 ground beef")
        #expect(parser.parse("11/2006").quantity == nil)
        #expect(parser.parse("Written: 2/2005").quantity == nil)
    }

    @Test func thirdsAreExactEnoughForSixDecimals() {
        let p = parser.parse("⅔ cup milk")
        #expect(approx(p.quantity, 0.666667, tolerance: 0.000001))
    }

    @Test func multiplierBeforeAmount() throws {
        let p = parser.parse("2 x 400g tins chopped tomatoes")
        #expect(p.quantity == 2)
        #expect(p.unit == "tin")
        #expect(p.amount?.isMultiplier == true)
        #expect(pairs(p.alternates) == [Pair(quantity: 400, unit: "gram")])
        #expect(p.name == "chopped tomatoes")
    }

    @Test func multiplierWithTimesSign() {
        let p = parser.parse("8 × 450g lobsters")
        #expect(p.quantity == 8)
        #expect(p.unit == nil)
        #expect(pairs(p.alternates) == [Pair(quantity: 450, unit: "gram")])
    }

    @Test func multiplierWithoutUnit() {
        let p = parser.parse("8 x 450g lobsters")
        #expect(p.quantity == 8)
        #expect(p.unit == nil)
        #expect(pairs(p.alternates) == [Pair(quantity: 450, unit: "gram")])
        #expect(p.name == "lobsters")
    }

    @Test func multiplierAtEndOfLine() {
        let p = parser.parse("eggs x2")
        #expect(p.quantity == 2)
        #expect(p.quantityMax == 2)
        #expect(p.unit == nil)
        #expect(p.name == "eggs")
        #expect(p.amount?.isMultiplier == true)
    }

    /// "2x400g" (no spaces): 2 is a multiplier and 400 gram an alternate.
    @Test func gluedMultiplierKeepsTheSecondAmount() {
        let p = parser.parse("2x400g tins chopped tomatoes")
        #expect(p.quantity == 2)
        #expect(pairs(p.alternates) == [Pair(quantity: 400, unit: "gram")])
    }

    @Test func numberWordsFromTheTable() {
        #expect(parser.lexicon.number(word: "dozen") == 12)
        #expect(parser.lexicon.number(word: "a couple of") == 2)
        #expect(parser.lexicon.number(word: "half a dozen") == 6)
        #expect(parser.lexicon.number(word: "Two Thirds") == 0.666667)
        #expect(parser.lexicon.number(word: "twenty-five") == 25)
        // Vague amounts are deliberately not numbers.
        #expect(parser.lexicon.number(word: "few") == nil)
        #expect(parser.lexicon.number(word: "several") == nil)
    }

    /// A dash between a larger and a smaller number is not a range (the top must be higher).
    @Test func descendingDashIsNotARange() {
        let p = parser.parse("8-2 eggs")
        #expect(p.quantity == 8)
        #expect((p.quantityMax ?? 0) >= 8)
    }

    /// numbers.tsv: vague amounts (`?`) are not numbers, so "a few sprigs" never becomes one
    /// sprig, whether or not the tagger reads "sprigs" as the unit.
    @Test func aFewSprigsHasNoQuantity() {
        let p = parser.parse("a few sprigs of fresh rosemary")
        #expect(p.name == "fresh rosemary")
        #expect(p.quantity == nil)
    }

    /// Corpora/parse/fixture.jsonl: "2 dozen littleneck clams" → 24 (a count word multiplies).
    @Test func digitsTimesDozen() {
        let p = parser.parse("2 dozen littleneck clams, scrubbed")
        #expect(p.quantity == 24)
        #expect(p.alternates.isEmpty)
    }
}
