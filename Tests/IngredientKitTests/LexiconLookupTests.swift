import Testing
@testable import IngredientLexicon

/// Direct look-ups in the built-in tables: `Lexicon.unit(alias:)`, `unit(id:)`, `number(word:)`,
/// `allUnits`, and the integrity of the embedded units table.
@Suite("Lexicon look-ups")
struct LexiconLookupTests {
    let lexicon = Lexicon.builtIn

    static let aliasCases: [(String, String)] = [
        ("tsp", "teaspoon"), ("tsp.", "teaspoon"), ("TSP", "teaspoon"), ("teaspoons", "teaspoon"),
        ("t", "teaspoon"), ("t.", "teaspoon"),
        ("T", "tablespoon"), ("T.", "tablespoon"), ("tbsp", "tablespoon"), ("Tbsp", "tablespoon"),
        ("TBSP", "tablespoon"), ("tbs", "tablespoon"), ("tbl", "tablespoon"),
        ("C", "cup"), ("c", "cup"), ("cups", "cup"), ("Cup", "cup"),
        ("oz", "ounce"), ("ozs", "ounce"), ("oz.", "ounce"),
        ("lb", "pound"), ("lbs", "pound"), ("#", "pound"),
        ("g", "gram"), ("gr", "gram"), ("kg", "kilogram"),
        ("ml", "milliliter"), ("mL", "milliliter"), ("ML", "milliliter"),
        ("l", "liter"), ("L", "liter"), ("litre", "liter"),
        ("dl", "deciliter"), ("cl", "centiliter"),
        ("fl oz", "fluid ounce"), ("fl. oz.", "fluid ounce"), ("fl oz.", "fluid ounce"), ("FL OZ", "fluid ounce"),
        ("pkg.", "package"), ("pack", "package"),
        ("cloves", "clove"), ("tins", "tin"), ("punnets", "punnet"),
    ]

    @Test("aliases", arguments: aliasCases)
    func alias(_ alias: String, _ id: String) {
        #expect(lexicon.unit(alias: alias)?.id == id)
    }

    @Test func caseSensitiveSingleLetters() {
        // `=t` and `=T` are case-sensitive, and so different units.
        #expect(lexicon.unit(alias: "t")?.id != lexicon.unit(alias: "T")?.id)
    }

    @Test func unknownAliases() {
        #expect(lexicon.unit(alias: "blip") == nil)
        #expect(lexicon.unit(alias: "") == nil)
        #expect(lexicon.unit(alias: ".") == nil)
        #expect(lexicon.unit(alias: "pnt") == nil)
    }

    @Test func factors() throws {
        let cup = try #require(lexicon.unit(id: "cup"))
        #expect(cup.dimension == .volume)
        #expect(cup.factor == 236.588)
        let ounce = try #require(lexicon.unit(id: "ounce"))
        #expect(ounce.dimension == .mass)
        #expect(ounce.factor == 28.3495)
        #expect(lexicon.unit(id: "teaspoon")?.factor == 4.92892)
        #expect(lexicon.unit(id: "tablespoon")?.factor == 14.7868)
        #expect(lexicon.unit(id: "fluid ounce")?.factor == 29.5735)
        #expect(lexicon.unit(id: "pound")?.factor == 453.592)
        #expect(lexicon.unit(id: "gram")?.factor == 1)
        #expect(lexicon.unit(id: "kilogram")?.factor == 1000)
        #expect(lexicon.unit(id: "milliliter")?.factor == 1)
        #expect(lexicon.unit(id: "liter")?.factor == 1000)
        let pinch = try #require(lexicon.unit(id: "pinch"))
        #expect(pinch.dimension == .item)
        #expect(pinch.factor == nil)
    }

    @Test func explicitRegionalSizesAreSeparateUnits() {
        // Plain "cup" is the US cup; the metric cup is reached only through its explicit form.
        #expect(lexicon.unit(alias: "metric cup")?.id == "metric cup")
        #expect(lexicon.unit(id: "metric cup")?.factor == 250)
    }

    @Test func idsAreNotAliasesOfOtherUnits() {
        #expect(lexicon.unit(id: "Cup") == nil) // ids are exact
        #expect(lexicon.unit(id: "cups") == nil)
    }

    @Test func everyUnitIsConsistent() {
        let units = lexicon.allUnits
        #expect(units.count >= 57)
        #expect(Set(units.map(\.id)).count == units.count, "unit ids are unique")
        for u in units {
            // Every id is one of its own aliases and leads back to the same row.
            #expect(lexicon.unit(alias: u.id)?.id == u.id, "\(u.id)")
            #expect(lexicon.unit(id: u.id) == u)
            if u.dimension == .item {
                #expect(u.factor == nil, "\(u.id)")
            } else {
                #expect((u.factor ?? 0) > 0, "\(u.id)")
            }
        }
    }

    /// The unit ids the fixture conventions (Corpora/README.md) allow all exist.
    @Test func fixtureUnitIdsExist() {
        let allowed = """
        teaspoon, tablespoon, cup, fluid ounce, pint, quart, gallon, milliliter, centiliter, deciliter, liter, \
        ounce, pound, milligram, gram, kilogram, pinch, dash, drop, splash, clove, can, tin, package, packet, \
        stick, bunch, sprig, head, slice, piece, jar, bottle, bag, box, container, handful, centimeter, \
        millimeter, inch, stalk, rib, ear, leaf, sheet, cube, bulb, loaf, rasher, knob, pod, strip, wedge, \
        sachet, punnet, carton, envelope
        """.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(allowed.count == 57)
        for id in allowed {
            #expect(lexicon.unit(id: id) != nil, "\(id)")
        }
    }

    @Test func numbers() {
        #expect(lexicon.number(word: "one") == 1)
        #expect(lexicon.number(word: "a") == 1)
        #expect(lexicon.number(word: "an") == 1)
        #expect(lexicon.number(word: "half") == 0.5)
        #expect(lexicon.number(word: "a dozen") == 12)
        #expect(lexicon.number(word: "A Dozen") == 12)
        #expect(lexicon.number(word: "a third") == 0.333333)
        #expect(lexicon.number(word: "ninety") == 90)
        #expect(lexicon.number(word: "a few") == nil)
        #expect(lexicon.number(word: "some") == nil)
    }

    @Test func tableFileNames() {
        #expect(DictionaryTable.allCases.map(\.fileName) ==
            ["units.tsv", "numbers.tsv", "sizes.tsv", "preparation.tsv", "phrases.tsv", "headers.tsv",
             "function-words.tsv", "plurals.tsv", "invariants.tsv", "key-words.tsv", "synonyms.tsv", "key-overrides.tsv",
             "aisles.tsv", "categories.tsv", "densities.tsv", "proteins.tsv", "unit-display.tsv"])
        #expect(DictionaryTable.named("my-categories.tsv") == .categories)
        #expect(DictionaryTable.named("unit-display.tsv") == .unitDisplay)
        #expect(DictionaryTable.named("my-units.tsv") == .units)
        #expect(DictionaryTable.named("/tmp/x/extra_phrases.tsv") == .phrases)
        #expect(DictionaryTable.named("headers.tsv") == .headers)
        #expect(DictionaryTable.named("myunits.tsv") == nil)
        #expect(DictionaryTable.named("units.csv") == nil)
    }
}
