import Testing
@testable import IngredientParsing

/// Amount rules of `LineAssembler` (issue 15) run on labels written here, as in
/// `NameEdgeTests`, so that each test shows what the rule does whatever the model reads.
@Suite("Amount rules")
struct AmountRuleTests {
    /// A number word the tagger left out right before a number is the count of what that
    /// amount measures ("Three 8-ounce cans"), as a digit there is.
    @Test func numberWordBeforeANumberIsTheCount() throws {
        let cans = try NameEdgeTests.parse("Three 12-ounce bottles cider", ["COMMENT", "QTY", "UNIT", "UNIT", "NAME"])
        #expect(cans.quantity == 3)
        #expect(cans.unit == "bottle")
        #expect(cans.name == "cider")
        #expect(pairs(cans.alternates) == [Pair(quantity: 12, unit: "ounce")])
        let half = try NameEdgeTests.parse("Half a 9-ounce box spaghetti", ["NAME", "NAME", "QTY", "UNIT", "UNIT", "NAME"])
        #expect(half.quantity == 0.5)
        #expect(half.unit == "box")
        #expect(half.name == "spaghetti")
        // An article alone is no count: "A 12-ounce bottle" is one bottle, from the container rule.
        let one = try NameEdgeTests.parse("A 12-ounce bottle cider", ["COMMENT", "QTY", "UNIT", "UNIT", "NAME"])
        #expect(one.quantity == 1)
        #expect(one.unit == "bottle")
    }

    /// A part read as a unit that opens the line ("Leaves from …") is a comment; the number
    /// after its "from" or "of" is the amount, and a unit the table knows right after it is
    /// its unit.
    @Test func partReadAsAUnitBeforeTheAmountIsAComment() throws {
        let thyme = try NameEdgeTests.parse("Leaves from 2 sprigs thyme", ["UNIT", "NAME", "NAME", "COMMENT", "NAME"])
        #expect(thyme.quantity == 2)
        #expect(thyme.unit == "sprig")
        #expect(thyme.name == "thyme")
        #expect(thyme.comment == "Leaves from")
        // Without "from" or "of" after it, a unit that opens the line is the amount, as before.
        let sprigs = try NameEdgeTests.parse("Sprigs 2 thyme", ["UNIT", "QTY", "NAME"])
        #expect(sprigs.unit == "sprig")
    }

    /// Words the units table does not know, read as the unit, give way to a unit it knows
    /// after the name; they become a note.
    @Test func aKnownUnitAfterTheNameReplacesAnUnknownOne() throws {
        let slices = try NameEdgeTests.parse("3 thick melon slices", ["QTY", "UNIT", "NAME", "UNIT"])
        #expect(slices.quantity == 3)
        #expect(slices.unit == "slice")
        #expect(slices.name == "melon")
        #expect(slices.comment == "thick")
        // With no known unit after it, the unknown one stays the unit.
        let alone = try NameEdgeTests.parse("3 thick melon", ["QTY", "UNIT", "NAME"])
        #expect(alone.unit == "thick")
    }

    /// A unit word after the name when the amount has its unit already is a note, not lost;
    /// a field's pieces read in the order of the line, those with only spaces between joined.
    @Test func aSecondUnitIsANoteInLineOrder() throws {
        let thyme = try NameEdgeTests.parse("2 tablespoons fresh thyme sprigs", ["QTY", "UNIT", "NAME", "NAME", "UNIT"])
        #expect(thyme.unit == "tablespoon")
        #expect(thyme.name == "fresh thyme")
        #expect(thyme.comment == "sprigs")
        let cumin = try NameEdgeTests.parse("2 tsp cumin or 1 heaped tsp seeds",
                                            ["QTY", "UNIT", "NAME", "COMMENT", "COMMENT", "COMMENT", "UNIT", "NAME"])
        #expect(cumin.name == "cumin")
        #expect(cumin.comment == "or 1 heaped tsp seeds")
        // A parenthesis stays a piece of its own.
        let taste = try NameEdgeTests.parse("2 tsp cumin, or to taste (optional)",
                                            ["QTY", "UNIT", "NAME", "PUNC", "COMMENT", "COMMENT", "COMMENT", "PUNC", "COMMENT", "PUNC"])
        #expect(taste.comment == "or to taste, (optional)")
    }

    /// Words the units table does not know right before the amount describe it ("Scant ½
    /// teaspoon"): a comment, not an amount of one "scant" with the real one as an alternate.
    @Test func unknownWordsBeforeTheAmountAreAComment() throws {
        let salt = try NameEdgeTests.parse("Scant ½ teaspoon salt", ["UNIT", "QTY", "UNIT", "NAME"])
        #expect(salt.quantity == 0.5)
        #expect(salt.unit == "teaspoon")
        #expect(salt.alternates.isEmpty)
        #expect(salt.comment == "Scant")
        #expect(salt.name == "salt")
        // A unit the table knows opening the line is still an amount ("pinch 2 …" is rare, but
        // "Slices 2" reads as before).
        let known = try NameEdgeTests.parse("Sprigs 2 thyme", ["UNIT", "QTY", "NAME"])
        #expect(known.unit == "sprig")
    }

    /// A spoonful or two holds no container: the piece word after it is a note.
    @Test func noContainerAfterASpoonful() throws {
        let ginger = try NameEdgeTests.parse("2 tbsp stem ginger", ["QTY", "UNIT", "UNIT", "NAME"])
        #expect(ginger.quantity == 2)
        #expect(ginger.unit == "tablespoon")
        #expect(ginger.alternates.isEmpty)
        #expect(ginger.comment == "stem")
        // A container's measure in milliliters is still one container of that size.
        let tin = try NameEdgeTests.parse("400 ml tin coconut milk", ["QTY", "UNIT", "UNIT", "NAME", "NAME"])
        #expect(tin.quantity == 1)
        #expect(tin.unit == "tin")
        #expect(pairs(tin.alternates) == [Pair(quantity: 400, unit: "milliliter")])
    }

    /// A container word in the plural after a measure with no count before it is no container:
    /// the measure is the amount, not one piece of that size.
    @Test func pluralContainerAfterAMeasureIsNoContainer() throws {
        let kale = try NameEdgeTests.parse("1 lb bunches kale", ["QTY", "UNIT", "UNIT", "NAME"])
        #expect(kale.quantity == 1)
        #expect(kale.unit == "pound")
        #expect(kale.alternates.isEmpty)
        #expect(kale.comment == "bunches")
        #expect(kale.name == "kale")
        // In the singular it is one container of that size; after a count, the count's unit.
        let tin = try NameEdgeTests.parse("400 g tin chickpeas", ["QTY", "UNIT", "UNIT", "NAME"])
        #expect(tin.quantity == 1)
        #expect(tin.unit == "tin")
        #expect(pairs(tin.alternates) == [Pair(quantity: 400, unit: "gram")])
        let tins = try NameEdgeTests.parse("2 x 400 g tins chickpeas", ["QTY", "QTY", "UNIT", "UNIT", "NAME"])
        #expect(tins.quantity == 2)
        #expect(tins.unit == "tin")
        #expect(pairs(tins.alternates) == [Pair(quantity: 400, unit: "gram")])
    }
}
