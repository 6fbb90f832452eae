import IngredientText
import Testing
import Foundation
@testable import IngredientLexicon
@testable import IngredientLists
@testable import IngredientEvaluation

/// Merging recipes into shopping lists: sums, variants, unclear quantities, notes, scaling,
/// the pantry, user edits, categories, proteins, invariants and robustness.
@Suite struct ListMergeTests {
    static let builder = ShoppingListBuilder()
    var builder: ShoppingListBuilder { Self.builder }

    func recipe(_ id: String, _ lines: [String], factor: Double = 1, entry: String? = nil) -> ListRecipe {
        builder.recipe(id: id, title: id.capitalized, planEntryID: entry, servingsFactor: factor, lines: lines)
    }

    func item(_ list: ShoppingList, _ key: String) -> ListItem? {
        (list.items + list.hiddenItems).first { $0.key == key }
    }

    @Test func sameKeyAndCompatibleUnitsAreSummed() throws {
        let list = builder.list(for: [
            recipe("tacos", ["1 lb ground beef", "2 tsp cumin", "1 onion, diced"]),
            recipe("chili", ["1 pound ground beef", "1 tsp cumin", "2 onions, chopped"]),
        ])
        let beef = try #require(item(list, "ground beef"))
        #expect(beef.quantities.count == 1)
        #expect(beef.quantities[0].display.text == "2 lb")
        #expect(approx(beef.quantities[0].measure.low, 2 * 453.592))
        #expect(beef.sourceTags == ["Chili", "Tacos"])
        #expect(beef.sources.map(\.amount?.text) == ["1 lb", "1 lb"])
        #expect(try #require(item(list, "cumin")).quantities[0].display.text == "1 tbsp")
        let onion = try #require(item(list, "onion"))
        #expect(onion.quantities[0].display.text == "3")
        #expect(onion.notes == ["chopped", "diced"])
        #expect(beef.aisle.id == "meat-seafood")
        #expect(onion.aisle.id == "produce")
    }

    /// An item's notes are each note of its sources once, canonically equal spellings as one
    /// (the first met kept), sorted by `String`'s `<`: for an item of a few notes and for one
    /// of many (past 16 an item tells them apart by a bit set). The parser composes what it
    /// reads, so the decomposed spelling is written into parsed lines, as a caller may.
    @Test(arguments: [10, 60]) func notesAreEachNoteOnceInTextOrder(recipes: Int) throws {
        let words = ["diced", "sliced", "sautéed", "sautéed", "Zested", "árbol", "chopped", "diced", "minced", "grated"]
        func decomposed(_ text: String) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.flatMap { $0 == "é" ? ["e", "\u{301}"] : [$0] }))
        }
        var made: [ListRecipe] = []
        for r in 0..<recipes {
            let word = words[r % words.count]
            let note = recipes > words.count ? "\(word) \(r / words.count)" : word
            var parsed = recipe("r\(r)", ["1 onion, \(note)"])
            if r % words.count == 3 {
                parsed.lines[0].preparation = parsed.lines[0].preparation.map(decomposed)
                parsed.lines[0].comment = parsed.lines[0].comment.map(decomposed)
            }
            made.append(parsed)
        }
        let onion = try #require(item(builder.list(for: made), "onion"))
        var expected: [String] = []
        for source in onion.sources {
            for note in [source.size, source.preparation, source.comment, source.purpose].compactMap({ $0 })
            where !note.isEmpty && !expected.contains(note) {
                expected.append(note)
            }
        }
        expected.sort()
        #expect(onion.notes == expected)
        #expect(onion.notes.count > (recipes > words.count ? 16 : 5))
        // Canonically equal spellings are one note (a Set of Strings compares them so), the
        // first met in the sources kept, scalar for scalar.
        #expect(Set(onion.notes).count == onion.notes.count)
        #expect(onion.notes.map { Array($0.unicodeScalars) } == expected.map { Array($0.unicodeScalars) })
        // Both spellings reached the item's sources, so the test compares them.
        let spellings = Set(onion.sources.flatMap { [$0.size, $0.preparation, $0.comment, $0.purpose].compactMap { $0 } }
            .filter { $0.hasPrefix("sautéed") }.map { $0.unicodeScalars.count - $0.count })
        #expect(spellings == [0, 1])
    }

    @Test func incompatibleUnitsBecomeVariantsNotASum() throws {
        let list = builder.list(for: [recipe("a", ["1 can tomatoes"]), recipe("b", ["400 g tomatoes"])])
        let tomato = try #require(item(list, "tomato"))
        #expect(tomato.quantities.map(\.display.text).sorted() == ["1 can", "400 g"])
        #expect(tomato.id == "tomato|mass+unit:can")
        #expect(list.items.filter { $0.key == "tomato" }.count == 1)
    }

    @Test func volumeAndMassMergeOnlyWithADensity() throws {
        let flour = builder.list(for: [recipe("a", ["2 cups flour"]), recipe("b", ["250 g flour"])])
        let f = try #require(item(flour, "flour"))
        #expect(f.quantities.count == 1)
        #expect(approx(f.quantities[0].measure.low, 240 + 250, tolerance: 0.01))
        #expect(f.quantities[0].display.unit == "gram")
        #expect(f.id == "flour|measure")
        let milk = builder.list(for: [recipe("a", ["1 cup milk"]), recipe("b", ["250 g milk"])])
        #expect(try #require(item(milk, "milk")).quantities[0].measure.family == .volume)
        let spinach = builder.list(for: [recipe("a", ["1 cup spinach"]), recipe("b", ["100 g spinach"])])
        #expect(try #require(item(spinach, "spinach")).quantities.count == 2)
    }

    @Test func missingQuantityIsKeptAndFlagged() throws {
        let list = builder.list(for: [recipe("a", ["salt to taste"]), recipe("b", ["1 tsp salt"]), recipe("c", ["pepper"])])
        let salt = try #require(item(list, "salt"))
        #expect(salt.flags.contains(.quantityUnclear))
        #expect(salt.quantities.count == 1)
        #expect(salt.sources.count == 2)
        #expect(!salt.flags.contains(.optional)) // only one of its lines is optional
        let pepper = try #require(item(list, "pepper"))
        #expect(pepper.quantities.isEmpty && pepper.flags.contains(.quantityUnclear))
        #expect(list.text().contains("Salt — 1 tsp, plus some not measured"))
    }

    /// A line with no amount is a bare name keyed whole, as in `ingest dedupe`: "Sugar, brown"
    /// is brown sugar, never added to plain sugar.
    @Test func bareNamesAreKeyedWhole() throws {
        let list = builder.list(for: [recipe("a", ["Sugar, brown"]), recipe("b", ["1 cup sugar", "1 tbsp brown sugar"])])
        let brown = try #require(item(list, "brown sugar"))
        #expect(brown.sources.count == 2)
        #expect(try #require(item(list, "sugar")).sources.count == 1)
        #expect(CanonicalKeyer().key(for: builder.parser.parse("Sugar, brown")) == "brown sugar")
    }

    @Test func optionalIsShownOnceNotAlsoAsANote() throws {
        let list = builder.list(for: [recipe("a", ["1 jalapeño, seeded (optional)"]), recipe("b", ["1 jalapeno (optional)"])])
        let pepper = try #require(item(list, "jalapeno"))
        #expect(pepper.flags.contains(.optional))
        #expect(!pepper.notes.contains { ShoppingListBuilder.isOptionalNote($0) })
        #expect(list.text().contains("(optional; seeded)"))
    }

    @Test func scalingRoundsCountsForDisplayOnly() throws {
        let list = builder.list(for: [recipe("cake", ["3 eggs", "1 cup sugar"], factor: 0.5)])
        let eggs = try #require(item(list, "egg"))
        #expect(eggs.quantities[0].display.text == "2")
        #expect(eggs.quantities[0].measure.low == 1.5)
        #expect(eggs.flags.contains(.rounded))
        #expect(try #require(item(list, "sugar")).quantities[0].display.text == "½ cup")
    }

    @Test func scalingByKThenOneOverKGivesTheSameList() {
        let plan = [recipe("a", ["1 1/2 cups flour", "3 eggs", "2-3 cloves garlic", "1 can beans", "salt"]),
                    recipe("b", ["200 g flour", "1 egg", "1 tbsp olive oil"])]
        let original = builder.list(for: plan).json()
        for k in [3.0, 0.7, 2.5, 1.0 / 3, 10] {
            let back = plan.map { $0.scaled(by: k).scaled(by: 1 / k) }
            #expect(builder.list(for: back).json() == original, "k = \(k)")
            #expect(builder.list(for: plan.map { $0.scaled(by: k) }).json() != original)
        }
    }

    @Test func orderOfAddingRecipesNeverChangesTheOutput() throws {
        let files = try ListFixtures.week()
        let plan = files.map { builder.recipe(id: $0.name, title: $0.name, lines: $0.lines) }
        let reference = builder.list(for: plan)
        var rng = SplitMix64(seed: 4)
        for _ in 0..<5 {
            var shuffled = plan
            for i in stride(from: shuffled.count - 1, to: 0, by: -1) {
                shuffled.swapAt(i, Int(rng.next() % UInt64(i + 1)))
            }
            let list = builder.list(for: shuffled)
            #expect(list == reference)
            #expect(list.json() == reference.json())
            #expect(list.text() == reference.text())
        }
        #expect(builder.list(for: plan.reversed()).json() == reference.json())
    }

    @Test func nothingIsDropped() throws {
        let files = try ListFixtures.week()
        let plan = files.map { builder.recipe(id: $0.name, lines: $0.lines) }
        let list = builder.list(for: plan)
        let sources = (list.items + list.hiddenItems).reduce(0) { $0 + $1.sources.count }
        let ingredientLines = plan.reduce(0) { $0 + $1.lines.filter { $0.kind == .ingredient }.count }
        #expect(sources == ingredientLines)
        #expect(list.recipes.reduce(0) { $0 + $1.ingredientLines } == ingredientLines)
    }

    @Test func robustness() throws {
        #expect(builder.list(for: []).items.isEmpty)
        #expect(builder.list(for: []).text() == "Nothing to buy.\n")
        let odd = ["", "   ", "!!!", "\u{0}\u{1}", "🍅🍅🍅", "½", "2", "cups", String(repeating: "flour ", count: 2000),
                   "1e308 cups sugar", "-3 eggs", "For the sauce:", "1/0 cup milk", "NaN g butter"]
        let list = builder.list(for: [recipe("odd", odd)])
        let sources = list.items.reduce(0) { $0 + $1.sources.count }
        let ingredientLines = builder.recipe(id: "x", lines: odd).lines.filter { $0.kind == .ingredient && !$0.input.allSatisfy { $0 == " " } }.count
        #expect(sources == ingredientLines)
        #expect(!list.json().isEmpty)
        let huge = builder.list(for: [recipe("huge", ["99999999999999999999999999999999999999 cups sugar"], factor: 1e300)])
        let sugar = try #require(item(huge, "sugar"))
        #expect(sugar.quantities.isEmpty && sugar.flags.contains(.quantityUnclear))
        for item in list.items {
            for q in item.quantities { #expect(q.measure.low.isFinite && q.measure.low >= 0) }
        }
    }

    @Test func pantrySubtractsWhatIsOnHand() throws {
        let pantry = Pantry(text: "# cupboard\r\n6 eggs\r\n1 cup flour\nsalt\n\n  # 2 lb butter\n1 kg sugar", parser: builder.parser)
        #expect(pantry.lines.map(\.input) == ["6 eggs", "1 cup flour", "salt", "1 kg sugar"])
        let list = builder.list(for: [recipe("a", ["8 eggs", "3 cups flour", "salt to taste", "2 tbsp sugar", "1 lb butter"])],
                                pantry: pantry)
        let eggs = try #require(item(list, "egg"))
        #expect(eggs.quantities[0].measure.low == 2)
        #expect(eggs.quantities[0].onHand?.low == 6)
        let flour = try #require(item(list, "flour"))
        #expect(flour.quantities[0].display.text == "2 cups")
        #expect(!flour.flags.contains(.inPantry))
        #expect(try #require(item(list, "salt")).flags.contains(.inPantry))
        #expect(try #require(item(list, "sugar")).flags.contains(.inPantry)) // 1 kg covers 2 tbsp through the density
        #expect(!(try #require(item(list, "butter")).flags.contains(.inPantry)))
        #expect(list.text().contains("In your pantry"))
    }

    @Test func userEditsSurviveRecomputation() throws {
        let monday = recipe("tacos", ["1 lb ground beef", "1 onion", "1 tsp cumin", "courgettes"])
        let first = builder.list(for: [monday])
        let beef = try #require(item(first, "ground beef"))
        let cumin = try #require(item(first, "cumin"))
        var edits = ListEdits()
        edits.checkedItems.insert(beef.id)
        edits.suppressedItems.insert(cumin.id)
        edits.manualItems = ["paper towels", "2 onions"]
        edits.categoryOverrides["onion"] = "other"
        edits.keyOverrides["courgettes"] = "cucumber"
        let tuesday = recipe("chili", ["1 lb ground beef", "1 tsp cumin"])
        let second = builder.list(for: [monday, tuesday], edits: edits)
        let beef2 = try #require(item(second, "ground beef"))
        #expect(beef2.id == beef.id)
        #expect(beef2.flags.contains(.checked))
        #expect(beef2.quantities[0].display.text == "2 lb")
        #expect(second.hiddenItems.map(\.key) == ["cumin"])
        #expect(!second.items.contains { $0.key == "cumin" })
        let onion = try #require(item(second, "onion"))
        #expect(onion.quantities[0].display.text == "3")
        #expect(onion.flags.contains(.manual))
        #expect(onion.aisle.id == "other")
        #expect(onion.sourceTags == ["Tacos", "added by you"])
        let towels = try #require(item(second, "paper towel"))
        #expect(towels.flags.contains(.manual) && towels.sourceTags == ["added by you"])
        #expect(item(second, "cucumber") != nil)
        #expect(second.text().contains("Removed by you"))
    }

    @Test func sourceTagsAreTitlesOnceAndControlCharactersShowAsText() throws {
        // Two recipes of one title give one tag; a recipe titled as the manual tag shares it
        // with the manual line; control characters in a title print as \xHH.
        var edits = ListEdits()
        edits.manualItems = ["1 onion"]
        let list = builder.list(for: [
            builder.recipe(id: "a", title: "Soup", lines: ["1 onion"]),
            builder.recipe(id: "b", title: "Soup", lines: ["2 onions, diced"]),
            builder.recipe(id: "c", title: "added by you", lines: ["1 onion"]),
            builder.recipe(id: "d", title: "Tea\u{1B}[2J\u{85}", lines: ["1 onion, sliced"]),
        ], edits: edits)
        let onion = try #require(item(list, "onion"))
        #expect(onion.sourceTags == ["Soup", "added by you", "Tea\u{1B}[2J\u{85}"])
        let line = try #require(list.text().split(separator: "\n").first { $0.contains("Onion") })
        #expect(line.hasSuffix(" [Soup] [added by you] [Tea\\x1B[2J\\x85]"))
        #expect(!list.text().unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x85 || $0.value == 0x07 })
    }

    @Test func categoriesUseHeadNounsAndUserTables() throws {
        let tables = ListTables.builtIn
        #expect(tables.aisle(forKey: "smoked paprika").id == "condiments-spices")
        #expect(tables.aisle(forKey: "cherry tomato").id == "produce")
        #expect(tables.aisle(forKey: "chicken thigh").id == "meat-seafood")
        #expect(tables.aisle(forKey: "chicken stock").id == "pantry")
        #expect(tables.aisle(forKey: "zzz unknown").id == "other")
        #expect(tables.aisle(forKey: "skinless chicken thigh boneless").id == "meat-seafood") // inner span
        #expect(tables.aisle(forKey: "frozen pea").id == "frozen")
        // Without a table head noun, the word nearest the head decides, not the first word.
        #expect(tables.aisle(forKey: "milk chocolate drop").id == "pantry")
        #expect(tables.aisle(forKey: "chicken stock cube").id == "pantry")
        #expect(tables.aisle(forKey: "garlic butter spread").id == "dairy-eggs")
        #expect(tables.aisles.map(\.id).last == "other")
        // Keys beyond ASCII split into words the same way: the tail comes before the head,
        // then inner spans.
        let cyrillic = try ListTables(lexicon: Lexicon.builtIn.adding(
            .categories, text: "укроп\tproduce\nзамороженный укроп\tfrozen\nсметана\tdairy-eggs\n"))
        #expect(cyrillic.aisle(forKey: "замороженныи укроп").id == "frozen") // the table key, folded
        #expect(cyrillic.aisle(forKey: "свежии укроп").id == "produce")
        #expect(cyrillic.aisle(forKey: "сметана свежии").id == "dairy-eggs")
        #expect(cyrillic.aisle(forKey: "густая сметана для соуса").id == "dairy-eggs")
        #expect(cyrillic.aisle(forKey: "сметан").id == "other")
        let custom = try ListTables(lexicon: Lexicon.builtIn.adding(.categories, text: "cumin\tother\n"))
        #expect(custom.aisle(forKey: "cumin").id == "other")
        #expect(throws: DictionaryError.self) {
            try ListTables(lexicon: Lexicon.builtIn.adding(.categories, text: "cumin\tnowhere\n"))
        }
        #expect(throws: DictionaryError.self) {
            try ListTables(lexicon: Lexicon.builtIn.adding(.densities, text: "flour\tlots\tmass\n"))
        }
        #expect(throws: DictionaryError.self) {
            try ListTables(lexicon: Lexicon.builtIn.adding(.unitDisplay, text: "can\tus\tcan\tcans\t1\n"))
        }
    }

    @Test func proteins() {
        let classifier = ProteinClassifier()
        func protein(_ lines: [String]) -> Protein { classifier.protein(of: recipe("r", lines)) }
        #expect(protein(["1 lb ground beef", "1 onion"]) == .beef)
        #expect(protein(["4 boneless skinless chicken thighs", "2 cups chicken stock"]) == .chicken)
        #expect(protein(["1 lb shrimp", "2 tbsp butter"]) == .seafood)
        #expect(protein(["4 pork chops", "2 slices bacon", "1 lb shrimp"]) == .pork)
        #expect(protein(["8 eggs", "1/2 cup milk"]) == .eggs)
        #expect(protein(["1 can black beans", "2 cups vegetable stock"]) == .vegetarian)
        #expect(protein([]) == .vegetarian)
    }

    /// The README's library example, as written there.
    @Test func readmeExample() throws {
        let tacos = builder.recipe(id: "r17", title: "Tacos", planEntryID: "mon-dinner",
                                   lines: ["1 lb ground beef", "1 onion, diced", "salt to taste"])
        let chili = builder.recipe(id: "r4", title: "Chili", planEntryID: "thu-dinner", servingsFactor: 1.5,
                                   lines: ["1 lb ground beef", "1 can tomatoes", "400 g tomatoes"])
        var edits = ListEdits()
        edits.manualItems = ["paper towels"]
        edits.categoryOverrides["tofu"] = "produce"
        let list = builder.list(for: [tacos, chili], pantry: Pantry(text: "6 eggs\nsalt", parser: builder.parser),
                                edits: edits, locale: .enUS)
        let beef = try #require(item(list, "ground beef"))
        #expect(beef.id == "ground beef|mass")
        #expect(beef.quantities[0].display.text == "2 ½ lb")
        #expect(beef.sourceTags == ["Tacos", "Chili"]) // by recipe id: "r17" < "r4"
        #expect(beef.sources.map(\.planEntryID) == ["mon-dinner", "thu-dinner"])
        #expect(ProteinClassifier().protein(of: tacos) == .beef)
        #expect(approx(try UnitConversion().convert(1, from: "cup", to: "gram", key: "flour"), 120))
        #expect(try #require(item(list, "salt")).flags.contains(.inPantry))
    }

    @Test func localeNames() throws {
        let list = builder.list(for: [recipe("a", ["2 zucchini"])], locale: .enGB)
        #expect(try #require(item(list, "zucchini")).name == "courgette")
    }
}

/// The week-plan fixtures under `Corpora/list/week/`.
enum ListFixtures {
    static func week() throws -> [(name: String, lines: [String])] {
        let dir = Repo.path("Corpora/list/week")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".txt") }.sorted()
        return try names.map { name in
            let text = try String(contentsOfFile: dir + "/" + name, encoding: .utf8)
            return (String(name.dropLast(4)), text.split(separator: "\n").map(String.init))
        }
    }
}
