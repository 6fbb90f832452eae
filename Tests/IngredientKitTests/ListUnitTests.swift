import Testing
@testable import IngredientLexicon
@testable import IngredientLists

/// Unit conversion and display of shopping-list amounts, checked against known factors.
@Suite struct ListUnitTests {
    let conversion = UnitConversion()
    let formatting = KitchenFormatting()

    @Test func knownFactors() throws {
        #expect(approx(try conversion.convert(1, from: "cup", to: "milliliter"), 236.588))
        #expect(approx(try conversion.convert(1, from: "pound", to: "gram"), 453.592))
        #expect(approx(try conversion.convert(3, from: "teaspoon", to: "tablespoon"), 1, tolerance: 1e-4))
        #expect(approx(try conversion.convert(16, from: "tablespoon", to: "cup"), 1, tolerance: 1e-4))
        #expect(approx(try conversion.convert(1, from: "gallon", to: "cup"), 16, tolerance: 1e-3))
        #expect(approx(try conversion.convert(1, from: "quart", to: "cup"), 4, tolerance: 1e-3))
        #expect(approx(try conversion.convert(1, from: "fluid ounce", to: "tablespoon"), 2, tolerance: 1e-3))
        #expect(approx(try conversion.convert(1, from: "liter", to: "milliliter"), 1000))
        #expect(approx(try conversion.convert(1, from: "metric cup", to: "milliliter"), 250))
        #expect(approx(try conversion.convert(1, from: "kilogram", to: "gram"), 1000))
        #expect(approx(try conversion.convert(16, from: "ounce", to: "pound"), 1, tolerance: 1e-4))
        #expect(approx(try conversion.convert(1, from: "ounce", to: "gram"), 28.3495))
        #expect(approx(try conversion.convert(1000, from: "milligram", to: "gram"), 1))
        #expect(approx(try conversion.convert(1, from: "inch", to: "centimeter"), 2.54))
        #expect(approx(try conversion.convert(2, from: "dozen", to: "each"), 24))
        #expect(approx(try conversion.convert(1, from: "tbsp", to: "tsp"), 3, tolerance: 1e-4))
    }

    @Test func densities() throws {
        #expect(approx(try conversion.convert(1, from: "cup", to: "gram", key: "flour"), 120))
        #expect(approx(try conversion.convert(227, from: "gram", to: "cup", key: "butter"), 1))
        #expect(approx(try conversion.convert(1, from: "cup", to: "gram", key: "water"), 237, tolerance: 0.01))
        let keyer = CanonicalKeyer()
        for name in ["all-purpose flour", "sugar", "brown sugar", "butter", "rice", "rolled oats", "milk", "water", "olive oil", "honey"] {
            #expect(ListTables.builtIn.density(forKey: keyer.key(forName: name)) != nil, "no density for \(name)")
        }
    }

    @Test func typedErrors() {
        #expect(throws: ConversionError.incompatibleUnits(from: "can", to: "gram")) {
            try conversion.convert(1, from: "can", to: "gram")
        }
        #expect(throws: ConversionError.noDensity(key: nil, from: "cup", to: "gram")) {
            try conversion.convert(1, from: "cup", to: "gram")
        }
        #expect(throws: ConversionError.noDensity(key: "spinach", from: "cup", to: "gram")) {
            try conversion.convert(1, from: "cup", to: "gram", key: "spinach")
        }
        #expect(throws: ConversionError.unknownUnit("furlongs")) {
            try conversion.convert(1, from: "furlongs", to: "gram")
        }
        #expect(throws: ConversionError.incompatibleUnits(from: "inch", to: "cup")) {
            try conversion.convert(1, from: "inch", to: "cup")
        }
        #expect(ConversionError.noDensity(key: "spinach", from: "cup", to: "gram").description.contains("densities.tsv"))
    }

    func shown(_ value: Double, _ unit: String, _ system: UnitDisplay.System = .us) throws -> String {
        let ml = try conversion.convert(value, from: unit, to: unit == "gram" || unit == "kilogram" || unit == "ounce" || unit == "pound" ? "gram" : "milliliter")
        let family: UnitFamily = unit == "gram" || unit == "kilogram" || unit == "ounce" || unit == "pound" ? .mass : .volume
        return formatting.format(Measure(family: family, low: ml), system: system).text
    }

    @Test func sensibleUnits() throws {
        #expect(try shown(3, "teaspoon") == "1 tbsp")
        #expect(try shown(1, "teaspoon") == "1 tsp")
        #expect(try shown(0.25, "teaspoon") == "¼ tsp")
        #expect(try shown(4, "tablespoon") == "¼ cup")
        #expect(try shown(24, "teaspoon") == "½ cup")
        #expect(try shown(1.0 / 3, "cup") == "⅓ cup")
        #expect(try shown(1.5, "cup") == "1 ½ cups")
        #expect(try shown(0.75, "cup") == "¾ cup")
        #expect(try shown(4, "cup") == "4 cups")
        #expect(try shown(1, "gallon") == "16 cups")
        #expect(try shown(1000, "gram", .metric) == "1 kg")
        #expect(try shown(1250, "gram", .metric) == "1.25 kg")
        #expect(try shown(454, "gram", .metric) == "454 g")
        #expect(try shown(750, "milliliter", .metric) == "750 ml")
        #expect(try shown(1500, "milliliter", .metric) == "1.5 l")
        #expect(try shown(24, "ounce") == "1 ½ lb")
        #expect(try shown(8, "ounce") == "8 oz")
        #expect(try shown(2.5, "gram", .metric) == "2.5 g")
        #expect(try shown(17, "tablespoon") == "17 tbsp")
        #expect(try shown(1000, "tablespoon") == "62 ½ cups")
        #expect(try shown(1e20, "cup").hasSuffix(" cups"))
    }

    @Test func countsRoundUpButKeepTheExactAmount() {
        let eggs = formatting.format(Measure(family: .count, low: 1.5), system: .us)
        #expect(eggs.text == "2")
        #expect(eggs.quantity == 2)
        #expect(eggs.isRounded)
        let cans = formatting.format(Measure(family: .package("can"), low: 0.5), system: .us)
        #expect(cans.text == "1 can")
        #expect(formatting.format(Measure(family: .package("can"), low: 3), system: .us).text == "3 cans")
        #expect(formatting.format(Measure(family: .package("pinch"), low: 2), system: .us).text == "2 pinches")
        #expect(formatting.format(Measure(family: .count, low: 2, high: 3), system: .us).text == "2–3")
        #expect(formatting.format(Measure(family: .count, low: 2.02), system: .us).isRounded)
        #expect(formatting.format(Measure(family: .count, low: 2.02), system: .us).text == "2")
    }

    @Test func kitchenFractions() {
        #expect(KitchenFormatting.kitchenFraction(0.333)?.1 == "⅓")
        #expect(KitchenFormatting.kitchenFraction(0.6667)?.1 == "⅔")
        #expect(KitchenFormatting.kitchenFraction(2.75)?.1 == "2 ¾")
        #expect(KitchenFormatting.kitchenFraction(3)?.1 == "3")
        #expect(KitchenFormatting.kitchenFraction(0.3) == nil)
        #expect(KitchenFormatting.decimal(1.005, places: 2) == "1" || KitchenFormatting.decimal(1.005, places: 2) == "1.01")
        #expect(KitchenFormatting.decimal(0.5, places: 2) == "0.5")
        #expect(KitchenFormatting.decimal(12.4, places: 0) == "12")
    }

    @Test func decimalsAsWritten() {
        // The digits as a person writes them: rounded, no trailing zeros, a sign only when
        // something non-zero shows, and the plain Swift form when too large to round.
        let cases: [(Double, Int, String)] = [
            (0, 0, "0"), (0, 2, "0"), (0.004, 2, "0"), (-0.004, 2, "0"), (0.005, 2, "0.01"), (0.05, 2, "0.05"),
            (0.1, 2, "0.1"), (1.5, 2, "1.5"), (2.25, 2, "2.25"), (2.999, 2, "3"), (10, 0, "10"), (10.5, 0, "11"),
            (-1.25, 2, "-1.25"), (-3, 0, "-3"), (453.592, 2, "453.59"), (1234567.891, 2, "1234567.89"),
            (0.125, 3, "0.125"), (0.1, 3, "0.1"), (1.0001, 4, "1.0001"), (8e15, 0, "8000000000000000"),
            (1e16, 0, "1e+16"), (1e20, 2, "1e+20"),
        ]
        for (value, places, text) in cases {
            #expect(KitchenFormatting.decimal(value, places: places) == text, "\(value), \(places) places")
        }
    }
}
